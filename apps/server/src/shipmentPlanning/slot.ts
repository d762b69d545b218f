import { banDayPatternOptions, type OffPlanBooking, TripsInput, tripsPerTruck } from '@lms/domain';
import { type Selectable, sql } from 'kysely';
import { Compile } from 'typebox/compile';
import type { Database, Executor } from '../db/database.ts';
import { assertOptions, storedJson } from '../db/fields.ts';
import type { DB } from '../db/schema.generated.ts';
import { notFound } from '../http/errors.ts';
import { type SlotTruck, slotDrivers, slotLines, slotTrucks } from './slotRows.ts';

/** Everything planning reads for one branch, one day and one shift. Weights in kg, volumes in m³, minutes. */

export interface SlotLine {
  /** The line's job in the problem: its DO, or for a returned line `returnedJobId` (one id per job). */
  readonly jobId: string;
  readonly deliveryOrderId: string;
  /**
   * Sent back from this booking by a failed or partial delivery (`delivery_return`): the stop is
   * history and done — never planned again; what is left of the DO is delivered by the booking
   * that takes it again, maybe in this very slot.
   */
  readonly returned: boolean;
  readonly docNo: string;
  readonly qty: number;
  readonly weight: number;
  readonly volume: number;
  readonly deliveryTime: string | null;
  readonly vehicleTypeId: string;
  readonly vehicleTypeName: string;
  readonly shipCondId: string;
  readonly uomTypeId: string | null;
  readonly installationMinutes: number;
}

export interface SlotBooking {
  readonly id: string;
  readonly docNo: string;
  readonly shipToLabel: string;
  readonly subDistrictId: string | null;
  readonly lat: number | null;
  readonly lon: number | null;
  readonly lines: SlotLine[];
}

export interface SlotSetting {
  readonly vehicleTypeId: string;
  readonly shipCondId: string;
  readonly speedPerKm: number;
  readonly loadTime: number;
  readonly unloadTime: number;
  readonly waitTime: number;
}

export interface SlotBan {
  readonly vehicleTypeId: string;
  readonly subDistrictId: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly banDayPattern: 'EVERY_DAY' | 'WEEKDAYS' | 'WEEKENDS' | 'CUSTOM';
  readonly bannedWeekdays: number[] | null;
}

export interface SlotShipment {
  readonly id: string;
  readonly docNo: string;
  readonly vehicleId: string | null;
  readonly licensePlate: string | null;
  readonly checkedIn: boolean;
}

export interface Slot {
  readonly branchId: string;
  readonly date: string;
  readonly branch: {
    readonly lat: number | null;
    readonly lon: number | null;
    /** Trips a truck may make in the shift (the branch's setting, `tripsPerTruck`). */
    readonly tripsPerTruck: number;
  };
  readonly shift: {
    readonly id: string;
    readonly name: string;
    readonly startTime: string;
    readonly endTime: string;
  };
  readonly bookings: SlotBooking[];
  readonly trucks: SlotTruck[];
  readonly drivers: { id: string; name: string; vehicleId: string | null; isMain: boolean }[];
  readonly settings: SlotSetting[];
  readonly bans: SlotBan[];
  readonly prohibits: { code: string; articleUomTypeId: string }[];
  /** The confirmed plan: its number, trips as confirmed, and the shipments written for it. */
  readonly version: number;
  readonly confirmedTrips: TripsInput;
  readonly shipments: SlotShipment[];
}

/**
 * The job of a DO line its booking's delivery sent back: a DO booked again into the same slot
 * appears twice — the failed stop's line (history) and the new booking's (to deliver) — and a job
 * id may appear once, so the history keeps its own.
 */
export const returnedJobId = (bookingId: string, deliveryOrderId: string) =>
  `${deliveryOrderId}@${bookingId}`;

/** A `time` column's value (`08:30:00`) as the planner reads it (`08:30`). */
const hhmm = (time: string) => time.slice(0, 5);

/** A shift as planning answers it. */
const shiftOf = (row: Pick<Selectable<DB['shift_of_day']>, 'id' | 'name' | 'start_time' | 'end_time'>) => ({
  id: row.id,
  name: row.name,
  startTime: hhmm(row.start_time),
  endTime: hhmm(row.end_time),
});

/** Loads a slot; 404 when the shift does not exist. */
export async function loadSlot(
  db: Executor,
  branchId: string,
  date: string,
  shiftOfDayId: string,
): Promise<Slot> {
  const [branch, shift, lines, trucks, drivers, settings, bans, prohibits, plan, shipments] =
    await Promise.all([
      db
        .selectFrom('branch')
        .select(['lat', 'lon', 'trips_per_truck'])
        .where('id', '=', branchId)
        .executeTakeFirst(),
      db
        .selectFrom('shift_of_day')
        .select(['id', 'name', 'start_time', 'end_time'])
        .where('id', '=', shiftOfDayId)
        .executeTakeFirst(),
      slotLines(db, branchId, date, shiftOfDayId),
      slotTrucks(db, branchId),
      slotDrivers(db, branchId, date),
      db
        .selectFrom('branch__vehicle_type_settings')
        .select([
          'vehicle_type_id as vehicleTypeId',
          'ship_cond_id as shipCondId',
          'speed_per_km as speedPerKm',
          'load_time as loadTime',
          'unload_time as unloadTime',
          'wait_time as waitTime',
        ])
        .where('parent_id', '=', branchId)
        .orderBy('position')
        .execute(),
      db
        .selectFrom('truck_ban_config')
        .select([
          'vehicle_type_id',
          'sub_district_id',
          'start_time',
          'end_time',
          'ban_day_pattern',
          'banned_weekdays',
        ])
        .where('branch_id', '=', branchId)
        .execute(),
      db
        .selectFrom('article_type_prohibit')
        .select(['code', 'article_uom_type_id as articleUomTypeId'])
        .execute(),
      db
        .selectFrom('shipment_plan')
        .select(['version', 'trips'])
        .where((eb) => eb.and({ branch_id: branchId, shift_date: date, shift_of_day_id: shiftOfDayId }))
        .executeTakeFirst(),
      slotShipments(db, branchId, date, shiftOfDayId),
    ]);
  if (!shift) throw notFound('ไม่พบกะที่เลือก');
  const bookings = new Map<string, SlotBooking>();
  for (const row of lines) {
    const booking = bookings.get(row.bookingId) ?? {
      id: row.bookingId,
      docNo: row.bookingDocNo ?? '',
      shipToLabel: `${row.shipToCode} ${row.shipToName}`,
      subDistrictId: row.subDistrictId,
      lat: row.lat,
      lon: row.lon,
      lines: [],
    };
    const line: SlotLine = {
      jobId: row.returned ? returnedJobId(row.bookingId, row.deliveryOrderId) : row.deliveryOrderId,
      deliveryOrderId: row.deliveryOrderId,
      returned: row.returned,
      docNo: row.docNo,
      qty: row.qty,
      weight: row.weight,
      volume: row.volume,
      deliveryTime: row.deliveryTime === null ? null : hhmm(row.deliveryTime),
      vehicleTypeId: row.vehicleTypeId,
      vehicleTypeName: row.vehicleTypeName,
      shipCondId: row.shipCondId,
      uomTypeId: row.uomTypeId,
      installationMinutes: row.noUseCap ? 0 : (row.installationTime ?? 0),
    };
    // A DO the booking split by quantity over several vehicles of this slot is one job here (its
    // parts summed): the planner delivers a DO whole, and a job id may appear once.
    const same = booking.lines.findIndex((l) => l.deliveryOrderId === line.deliveryOrderId);
    const known = booking.lines[same];
    if (known)
      booking.lines[same] = {
        ...known,
        qty: known.qty + line.qty,
        weight: known.weight + line.weight,
        volume: known.volume + line.volume,
      };
    else booking.lines.push(line);
    bookings.set(row.bookingId, booking);
  }
  return {
    branchId,
    date,
    branch: {
      lat: branch?.lat ?? null,
      lon: branch?.lon ?? null,
      tripsPerTruck: tripsPerTruck(branch?.trips_per_truck),
    },
    shift: shiftOf(shift),
    bookings: [...bookings.values()],
    trucks,
    drivers,
    settings,
    bans: checkedBans(bans).map((ban) => ({
      vehicleTypeId: ban.vehicle_type_id,
      subDistrictId: ban.sub_district_id,
      startTime: hhmm(ban.start_time),
      endTime: hhmm(ban.end_time),
      banDayPattern: ban.ban_day_pattern,
      bannedWeekdays: ban.banned_weekdays,
    })),
    prohibits,
    version: plan?.version ?? 0,
    // Written by confirm from a checked `TripsInput` (confirm.ts), checked again as it comes back.
    confirmedTrips: plan ? storedJson(storedTrips, plan.trips, 'shipment_plan.trips') : [],
    shipments,
  };
}

const storedTrips = Compile(TripsInput);

/** The bans as rows of the engine: each pattern one of its options, checked. */
function checkedBans<B extends { ban_day_pattern: string }>(bans: readonly B[]) {
  assertOptions(bans, 'ban_day_pattern', banDayPatternOptions, 'truck_ban_config.ban_day_pattern');
  return bans;
}

/**
 * The shipments written for a slot's confirmed plan, by number: a truck's shipments in this
 * order are its trips in order (confirm numbers a truck's new trips after its kept ones).
 */
export function slotShipments(
  db: Executor,
  branchId: string,
  date: string,
  shiftOfDayId: string,
): Promise<SlotShipment[]> {
  return db
    .selectFrom('shipment')
    .select((eb) => [
      'id',
      'doc_no as docNo',
      'vehicle_id as vehicleId',
      'car_plate_snap as licensePlate',
      eb('act_date_check_in', 'is not', null).$castTo<boolean>().as('checkedIn'),
    ])
    .where((eb) => eb.and({ branch_id: branchId, shift_date: date, shift_of_day_id: shiftOfDayId }))
    .orderBy('doc_no')
    .execute();
}

/**
 * The bookings a slot's shipments carry that the slot no longer holds: cancelled since the confirm,
 * or with no line left in this day and shift (docs/planning.md "Left the plan"), by shipment.
 */
export async function offPlanBookings(
  db: Executor,
  branchId: string,
  date: string,
  shiftOfDayId: string,
): Promise<OffPlanBooking[]> {
  const { rows } = await sql<OffPlanBooking>`
    select b.doc_no as "bookingDocNo", s.doc_no as "shipmentDocNo", coalesce(s.car_plate_snap, s.doc_no) as truck,
           b.canceled_at is not null as canceled, s.act_date_check_in is not null as "checkedIn"
      from shipment s
      join shipment__booking_report_ids x on x.owner_id = s.id
      join booking_report b on b.id = x.ref_id
     where s.branch_id = ${branchId} and s.shift_date = ${date}::date and s.shift_of_day_id = ${shiftOfDayId}
       and (b.canceled_at is not null or not exists (
             select 1 from booking_report__lines l join vehicle_date_slot vs on vs.id = l.slot_id
              where l.parent_id = b.id and vs.shift_date = s.shift_date and vs.shift_of_day_id = s.shift_of_day_id))
     order by s.doc_no, b.doc_no`.execute(db);
  return rows;
}

/** The active shifts, by start time: the order every screen lists shifts in (the domain's `compareShifts`). */
export async function activeShifts(db: Database) {
  const shifts = await db
    .selectFrom('shift_of_day')
    .select(['id', 'name', 'start_time', 'end_time'])
    .where('active', '=', true)
    .orderBy('start_time')
    .orderBy('name')
    .execute();
  return shifts.map(shiftOf);
}
