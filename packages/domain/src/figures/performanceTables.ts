import type {
  DeliveryFigures,
  Mean,
  PerformanceAnswer,
  Period,
  Ratio,
  TruckDaysRow,
  TruckHoursRow,
  TruckUseRow,
  VehicleTypeDaysRow,
} from '../api/performance.ts';
import { formatNumber } from '../rules/numberFormat.ts';

/**
 * The performance figures as tables (docs/performance-figures.md): what the screen shows behind
 * every chart and what the Excel export writes, one sheet per table, from this one function.
 * A cell is a number (as a number, the spreadsheet formats it), a text, or null for "nothing to judge".
 */

export type FigureCell = string | number | null;
export type FigureTableKey =
  | 'headline'
  | 'failures'
  | 'byVehicleType'
  | 'byTruck'
  | 'daysByVehicleType'
  | 'daysByTruck'
  | 'hoursByVehicleType'
  | 'hoursByTruck'
  | 'branches';

export interface FigureTable {
  readonly key: FigureTableKey;
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly FigureCell[])[];
  /** Each row's id, beside `rows` (a headline figure's key, a failure reason, a vehicle type's or truck's id): what `figureRowLink` opens. */
  readonly rowIds: readonly string[];
  /** What the reader must know to read it (the days counted, in a period still running): under the title, on screen, paper and sheet. */
  readonly note?: string;
  /** The columns that hold a change from the period before: shown with their sign (`formatChange`). */
  readonly changeColumns?: readonly number[];
}

/** The word for a figure's change from the period before, on the tiles and in every table. */
export const CHANGE = 'เปลี่ยนแปลง';

/** A change as the screens show it: signed, one decimal ("+2.5", "-1.0", "0.0"). */
/** A change as it is shown: one decimal (`|| 0`: a tiny fall shows as 0.0, not -0.0). */
const shownChange = (change: number): number => Math.round(change * 10) / 10 || 0;

export const formatChange = (change: number): string => {
  const shown = shownChange(change);
  return `${shown > 0 ? '+' : ''}${formatNumber(shown, 1)}`;
};

/**
 * Whether a change is better, worse or the same, judged on the change as shown: a change that
 * shows as 0.0 is the same, not coloured better or worse.
 */
export function changeTrend(change: number | null, higherIsBetter: boolean): 'same' | 'up' | 'down' {
  if (change === null) return 'same';
  const shown = shownChange(change);
  if (shown === 0) return 'same';
  return shown > 0 === higherIsBetter ? 'up' : 'down';
}

/** The headline figures in the screen's order: label, unit, how to read one period. */
export const headlineFigures: readonly {
  readonly key: string;
  readonly label: string;
  readonly unit: '%' | 'กม.' | 'นาที' | 'วัน';
  /** True when a larger value is better (the change's colour). */
  readonly higherIsBetter: boolean;
  readonly value: (figures: DeliveryFigures) => Ratio | Mean;
}[] = [
  {
    key: 'otifStops',
    label: 'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง',
    unit: '%',
    higherIsBetter: true,
    value: (f) => f.stops.otif,
  },
  {
    key: 'onTimeStops',
    label: 'ส่งตรงเวลา ต่อจุดส่ง',
    unit: '%',
    higherIsBetter: true,
    value: (f) => f.stops.onTime,
  },
  {
    key: 'inFullStops',
    label: 'ส่งครบ ต่อจุดส่ง',
    unit: '%',
    higherIsBetter: true,
    value: (f) => f.stops.inFull,
  },
  {
    key: 'otifOrders',
    label: 'ส่งตรงเวลาและครบ (OTIF) ต่อใบส่งสินค้า',
    unit: '%',
    higherIsBetter: true,
    value: (f) => f.orders.otif,
  },
  {
    key: 'onTimeOrders',
    label: 'ส่งตรงเวลา ต่อใบส่งสินค้า',
    unit: '%',
    higherIsBetter: true,
    value: (f) => f.orders.onTime,
  },
  {
    key: 'inFullOrders',
    label: 'ส่งครบ ต่อใบส่งสินค้า',
    unit: '%',
    higherIsBetter: true,
    value: (f) => f.orders.inFull,
  },
  {
    key: 'firstAttempt',
    label: 'ส่งสำเร็จในครั้งแรก',
    unit: '%',
    higherIsBetter: true,
    value: (f) => f.firstAttempt,
  },
  { key: 'kmPerDrop', label: 'ระยะทางต่อจุดส่ง', unit: 'กม.', higherIsBetter: false, value: (f) => f.kmPerDrop },
  {
    key: 'minutesPerDrop',
    label: 'เวลาต่อจุดส่ง',
    unit: 'นาที',
    higherIsBetter: false,
    value: (f) => f.minutesPerDrop,
  },
  {
    key: 'dwellMinutes',
    label: 'เวลาที่จุดส่ง',
    unit: 'นาที',
    higherIsBetter: false,
    value: (f) => f.dwellMinutes,
  },
  {
    key: 'docToBooking',
    label: 'วันจาก DO เข้าระบบถึงวันจอง',
    unit: 'วัน',
    higherIsBetter: false,
    value: (f) => f.leadDays.docToBooking,
  },
  {
    key: 'bookingToDelivery',
    label: 'วันจากวันจองถึงวันส่ง',
    unit: 'วัน',
    higherIsBetter: false,
    value: (f) => f.leadDays.bookingToDelivery,
  },
  {
    key: 'confirmedByLink',
    label: 'ลูกค้ายืนยันนัดทางลิงก์',
    unit: '%',
    higherIsBetter: true,
    value: (f) => f.confirmedByLink,
  },
  {
    key: 'confirmedByPhone',
    label: 'ยืนยันนัดทางโทรศัพท์',
    unit: '%',
    higherIsBetter: false,
    value: (f) => f.confirmedByPhone,
  },
];

/** A ratio's percent or a mean's value: the figure's one number (null: nothing to judge). */
export const figureValue = (value: Ratio | Mean): number | null =>
  'percent' in value ? value.percent : value.value;

/** This period minus the one before, two decimals; null when either has nothing to judge. */
export function figureChange(current: Ratio | Mean, previous: Ratio | Mean): number | null {
  const now = figureValue(current);
  const before = figureValue(previous);
  return now === null || before === null ? null : Math.round((now - before) * 100) / 100;
}

const truckTable = (
  key: 'byVehicleType' | 'byTruck',
  title: string,
  first: string,
  rows: readonly TruckUseRow[],
) => ({
  key,
  title,
  columns: [
    first,
    'เที่ยว',
    'น้ำหนัก (กก.)',
    'รับได้ (กก.)',
    'น้ำหนัก %',
    'ปริมาตร (ลบ.ม.)',
    'รับได้ (ลบ.ม.)',
    'ปริมาตร %',
    'สถานะ',
    'เที่ยวเกินพิกัด',
  ],
  rows: rows.map((r) => [
    r.label,
    r.trips,
    r.weight,
    r.capacityWeight,
    r.weightPercent,
    r.volume,
    r.capacityVolume,
    r.volumePercent,
    r.statusLabel,
    r.overloadedTrips,
  ]),
  rowIds: rows.map((r) => r.id),
});

/** A day as `d/M` (the period is at most a quarter, so the month says which): short enough to list a month of them. */
export const shortDay = (day: string): string => `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;

const daysByVehicleTypeTable = (rows: readonly VehicleTypeDaysRow[]): FigureTable => ({
  key: 'daysByVehicleType',
  title: 'วันรถว่างและเต็ม ตามประเภทรถ',
  columns: ['ประเภทรถ', 'รถ (คัน)', 'วันรถ', 'วันรถว่าง', 'วันบรรทุกเต็ม'],
  rows: rows.map((r) => [r.label, r.trucks, r.truckDays, r.emptyDays, r.fullDays]),
  rowIds: rows.map((r) => r.id),
});

const daysByTruckTable = (rows: readonly TruckDaysRow[]): FigureTable => ({
  key: 'daysByTruck',
  title: 'วันรถว่างและเต็ม รายคัน',
  columns: ['รถ', 'ประเภทรถ', 'วันที่วิ่ง', 'วันรถว่าง', 'วันบรรทุกเต็ม', 'วันที่รถว่าง', 'วันที่บรรทุกเต็ม'],
  rows: rows.map((r) => [
    r.label,
    r.vehicleTypeLabel,
    r.tripDays,
    r.emptyDays.length,
    r.fullDays.length,
    r.emptyDays.map(shortDay).join(', '),
    r.fullDays.map(shortDay).join(', '),
  ]),
  rowIds: rows.map((r) => r.id),
});

const hoursTable = (
  key: 'hoursByVehicleType' | 'hoursByTruck',
  title: string,
  first: string,
  rows: readonly TruckHoursRow[],
): FigureTable => ({
  key,
  title,
  columns: [first, 'เที่ยว', 'ชั่วโมงที่ใช้', 'ชั่วโมงที่มี', 'ชั่วโมง %', 'สถานะ'],
  rows: rows.map((r) => [r.label, r.trips, r.hours, r.availableHours, r.percent, r.statusLabel]),
  rowIds: rows.map((r) => r.id),
});

/**
 * Under the truck days' and hours' tables, in a period still running: the last day they count
 * (`judgedPeriod`, the answer's `until`). Nothing when the whole period is counted.
 */
export function countedUntilNote(period: Period, until: string | null): string | undefined {
  if (until === period.to) return undefined;
  if (until === null) return 'ช่วงนี้ยังไม่เริ่ม ยังไม่มีวันที่นับ';
  return `นับถึงวันที่ ${shortDay(until)} วันที่ยังไม่ถึงยังไม่นับ`;
}

const noted = (table: FigureTable, note: string | undefined): FigureTable =>
  note === undefined ? table : { ...table, note };

export function performanceTables(answer: PerformanceAnswer): FigureTable[] {
  const daysNote = countedUntilNote(answer.period, answer.truckDays.until);
  const hoursNote = countedUntilNote(answer.period, answer.truckHours.until);
  return [
    {
      key: 'headline',
      title: 'ตัวชี้วัดหลัก',
      columns: ['ตัวชี้วัด', 'หน่วย', 'ช่วงนี้', 'จำนวนที่นับ', 'ช่วงก่อน', CHANGE],
      changeColumns: [5],
      rows: headlineFigures.map((figure) => {
        const now = figure.value(answer.current);
        const before = figure.value(answer.previous);
        return [
          figure.label,
          figure.unit,
          figureValue(now),
          now.of,
          figureValue(before),
          figureChange(now, before),
        ];
      }),
      rowIds: headlineFigures.map((figure) => figure.key),
    },
    {
      key: 'failures',
      title: 'ส่งไม่สำเร็จตามสาเหตุ',
      columns: ['สาเหตุ', 'จุดส่ง', 'สะสม %'],
      rows: answer.current.failures.map((bar) => [bar.label, bar.stops, bar.cumulativePercent]),
      rowIds: answer.current.failures.map((bar) => bar.reason),
    },
    truckTable('byVehicleType', 'การใช้รถตามประเภทรถ', 'ประเภทรถ', answer.truckUse.byVehicleType),
    truckTable('byTruck', 'การใช้รถรายคัน', 'รถ', answer.truckUse.byTruck),
    noted(daysByVehicleTypeTable(answer.truckDays.byVehicleType), daysNote),
    noted(daysByTruckTable(answer.truckDays.byTruck), daysNote),
    noted(
      hoursTable('hoursByVehicleType', 'ชั่วโมงที่ใช้ ตามประเภทรถ', 'ประเภทรถ', answer.truckHours.byVehicleType),
      hoursNote,
    ),
    noted(hoursTable('hoursByTruck', 'ชั่วโมงที่ใช้ รายคัน', 'รถ', answer.truckHours.byTruck), hoursNote),
  ];
}
