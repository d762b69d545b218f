import { ROLE_BOOKING_REPORT_READ } from '@lms/domain';
import {
  branchesAnswer,
  branchesBookingsAnswer,
  branchesHandlers,
  branchesStopsAnswer,
  branchesTripsAnswer,
  emptyPerformanceAnswer,
  noBranchesAnswer,
  performanceCalls,
  performanceHandlers,
  STORY_BRANCHES,
} from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { BranchScope } from './branchScope.ts';
import { PerformancePage } from './PerformancePage.tsx';
import { performanceText as text } from './performanceText.ts';

/** The performance screen across branches (docs/performance-figures.md "ทุกสาขาที่ดูได้"): a user of Bangkok and Chiang Mai. */
function Harness({
  width,
  scope,
  onScopeChange,
  onMonthChange,
  navigate,
  roles = [ROLE_BOOKING_REPORT_READ],
}: {
  readonly width?: number;
  readonly roles?: readonly string[];
  readonly scope: BranchScope;
  readonly onScopeChange: (scope: BranchScope) => void;
  readonly onMonthChange: (month: string) => void;
  readonly navigate: (href: string) => void;
}) {
  return (
    <PageHarness roles={[...roles]} branchInfos={STORY_BRANCHES} {...(width ? { width } : {})}>
      <PerformancePage
        month="2026-10"
        months={['2026-10', '2026-09']}
        onMonthChange={onMonthChange}
        scope={scope}
        onScopeChange={onScopeChange}
        navigate={navigate}
      />
    </PageHarness>
  );
}

const meta = {
  title: 'Pages/Performance/Across branches',
  component: Harness,
  args: { scope: { kind: 'all' }, onScopeChange: fn(), onMonthChange: fn(), navigate: fn() },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const tile = async (canvas: ReturnType<typeof within>, label: string) =>
  within(await canvas.findByLabelText(label, { selector: 'div' }));

/** The four charts drawn (they load lazily), so the screenshot holds the whole page. */
const chartsDrawn = async (canvas: ReturnType<typeof within>) => {
  // The four load one by one (Suspense): wait for all of them, not the first. Their chunk (recharts)
  // is the story server's to transform the first time a story asks for it: over 10 s once in a full run
  // (the story's own limit is 30 s).
  await waitFor(() => expect(canvas.getAllByRole('img', { name: /แผนภูมิ/ })).toHaveLength(4), {
    timeout: 20_000,
  });
  const charts = canvas.getAllByRole('img', { name: /แผนภูมิ/ });
  await waitFor(() => {
    for (const chart of charts)
      expect(chart.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0);
  });
};

/** The cells of a table's row, by its first cell's text. */
const rowCells = (canvas: ReturnType<typeof within>, table: string, first: string) => {
  const grid = within(within(canvas.getByRole('region', { name: table })).getByRole('grid'));
  const row = grid.getAllByRole('row').find((r) => r.textContent?.startsWith(first));
  if (!row) throw new Error(`no row ${first} in ${table}`);
  return within(row)
    .getAllByRole('gridcell')
    .map((cell) => cell.textContent);
};

/**
 * The company's empty/full days and hours per vehicle type (`companyTruckDays`, `companyTruckHours`):
 * each branch's own type rows added up, the hours judged again on the sums.
 */
const companyDaysAndHoursShown = async (canvas: ReturnType<typeof within>) => {
  await canvas.findByRole('region', { name: 'วันรถว่างและเต็ม ตามประเภทรถ' });
  await expect(rowCells(canvas, 'วันรถว่างและเต็ม ตามประเภทรถ', '6W: รถ 6 ล้อ')).toEqual([
    '6W: รถ 6 ล้อ',
    '3',
    '93',
    '55',
    '3',
  ]);
  await expect(rowCells(canvas, 'วันรถว่างและเต็ม ตามประเภทรถ', '4W: รถ 4 ล้อ').slice(1)).toEqual([
    '1',
    '31',
    '30',
    '0',
  ]);
  const six = rowCells(canvas, 'ชั่วโมงที่ใช้ ตามประเภทรถ', '6W: รถ 6 ล้อ');
  await expect(six.slice(1, 3)).toEqual(['37', '208.50']);
  await expect(six.slice(4)).toEqual(['28.02', 'ว่าง']);
  await expect(rowCells(canvas, 'ชั่วโมงที่ใช้ ตามประเภทรถ', '4W: รถ 4 ล้อ').at(-1)).toBe('ไม่มีกะที่เปิด');
  // Per truck, days and hours stay on a branch's own screen.
  await expect(canvas.queryByRole('region', { name: 'วันรถว่างและเต็ม รายคัน' })).toBeNull();
  await expect(canvas.queryByRole('region', { name: 'ชั่วโมงที่ใช้ รายคัน' })).toBeNull();
};

export const Company: Story = {
  beforeEach: ({ msw }) => msw.use(...branchesHandlers()),
  play: async ({ canvas, args }) => {
    // Bangkok 2/4 and Chiang Mai 3/3 stops OTIF: the company 5/7, not the mean of 50 % and 100 %.
    const otif = await tile(canvas, 'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง');
    await expect(otif.getByText('71.4 %')).toBeVisible();
    await expect(otif.getByText('จาก 7 รายการ')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^ดูผลของ / })).toBeNull();
    // Without the stop list's role, the sum of branches opens nothing (see OpensTheStops for a reader).
    await expect(otif.queryByRole('button')).toBeNull();
    await expect(otif.queryByRole('link')).toBeNull();
    await expect(canvas.getByText(/^ทุกสาขาที่ดูได้ \(2 สาขา\) ·/)).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'รวม 2 สาขา' })).toBeVisible();
    const table = within(canvas.getByRole('region', { name: 'เทียบสาขา' }));
    const grid = within(table.getByRole('grid'));
    // Chiang Mai: 3 of 3 stops on time and whole (100 in OTIF, on time and in full).
    await expect(grid.getAllByText('100').length).toBeGreaterThanOrEqual(3);
    // Compared with September as the tiles are: Bangkok's OTIF 0 → 50 %, signed; Chiang Mai had nothing before.
    const otifChange = grid.getByRole('columnheader', { name: 'เปลี่ยนแปลง OTIF ต่อจุดส่ง %' });
    await expect(otifChange).toBeInTheDocument();
    const bangkokRow = within(
      grid.getByRole('link', { name: 'BKK: กรุงเทพ' }).closest('[role="row"]') as HTMLElement,
    );
    await expect(bangkokRow.getAllByText('+50.0').length).toBeGreaterThanOrEqual(1);
    const chiangMai = grid.getByRole('link', { name: 'CNX: เชียงใหม่' });
    const href = `/performance?month=2026-10&branch=${STORY_BRANCHES[1].id}`;
    await expect(chiangMai).toHaveAttribute('href', href);
    await userEvent.click(chiangMai);
    await expect(args.navigate).toHaveBeenLastCalledWith(href);
    await expect(canvas.queryByRole('region', { name: 'การใช้รถรายคัน' })).toBeNull();
    await companyDaysAndHoursShown(canvas);
    await chartsDrawn(canvas);
    // Every branch the user may see: no branch named.
    await expect(performanceCalls[0]).toMatchObject({ path: 'branches', query: { from: '2026-10-01' } });
    await expect(performanceCalls[0]?.query.branchIds).toBeUndefined();
    await userEvent.click(canvas.getByRole('button', { name: text.excel }));
    await waitFor(() => expect(performanceCalls.map((c) => c.path)).toEqual(['branches', 'branchesExcel']));
  },
};

/** Two branches chosen by hand: the server is asked for exactly those. */
export const SomeBranches: Story = {
  args: { scope: { kind: 'some', branchIds: [STORY_BRANCHES[1].id] } },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers()),
  play: async ({ canvas }) => {
    await tile(canvas, 'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง');
    await expect(performanceCalls[0]?.query.branchIds).toEqual([STORY_BRANCHES[1].id]);
    await expect(canvas.getByText(/^CNX: เชียงใหม่ ·/)).toBeVisible();
    await chartsDrawn(canvas);
  },
};

/** From the acting branch's screen, the picker switches to every branch, or to several. */
export const ChoosesBranches: Story = {
  args: { scope: { kind: 'one' } },
  beforeEach: ({ msw }) => msw.use(...performanceHandlers()),
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/^BKK: กรุงเทพ ·/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /ดูผลของ/ }));
    await userEvent.click(await within(document.body).findByRole('option', { name: /ทุกสาขาที่ดูได้/ }));
    await expect(args.onScopeChange).toHaveBeenLastCalledWith({ kind: 'all' });
    await userEvent.click(canvas.getByRole('button', { name: /ดูผลของ/ }));
    await userEvent.click(await within(document.body).findByRole('option', { name: text.scopeSome }));
    await expect(args.onScopeChange).toHaveBeenLastCalledWith({
      kind: 'some',
      branchIds: STORY_BRANCHES.map((b) => b.id),
    });
  },
};

/** October seen on the 12th: the company's days and hours say the last day they count, as a branch's do. */
export const MonthRunning: Story = {
  beforeEach: ({ msw }) => {
    const answer = branchesAnswer();
    const until = '2026-10-12';
    const company = {
      ...answer.company,
      truckDays: { ...answer.company.truckDays, until },
      truckHours: { ...answer.company.truckHours, until },
    };
    msw.use(...branchesHandlers({ ...answer, company }));
  },
  play: async ({ canvas }) => {
    const note = 'นับถึงวันที่ 12/10 วันที่ยังไม่ถึงยังไม่นับ';
    for (const name of ['วันรถว่างและเต็ม ตามประเภทรถ', 'ชั่วโมงที่ใช้ ตามประเภทรถ']) {
      const region = within(await canvas.findByRole('region', { name }));
      await expect(region.getByText(note)).toBeVisible();
    }
    const failures = within(canvas.getByRole('region', { name: 'ส่งไม่สำเร็จตามสาเหตุ' }));
    await expect(failures.queryByText(note)).toBeNull();
    await chartsDrawn(canvas);
  },
};

/** October's first morning across branches: nothing counted yet, September offered, as for one branch. */
export const MonthJustBegun: Story = {
  beforeEach: ({ msw }) => {
    const answer = branchesAnswer();
    const nothing = emptyPerformanceAnswer().current;
    const company = { ...answer.company, current: nothing, previous: answer.company.current };
    msw.use(...branchesHandlers({ ...answer, company }));
  },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByText(/ตุลาคม 2026 ยังไม่มีจุดส่งที่นับได้/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'ดูผลของ กันยายน 2026' }));
    await expect(args.onMonthChange).toHaveBeenCalledWith('2026-09');
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...branchesHandlers('loading')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(text.loading)).toBeVisible();
  },
};

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(...branchesHandlers(noBranchesAnswer())),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(text.noBranches)).toBeVisible();
  },
};

/** A branch outside the user's: the server's Thai 403, and a retry. */
export const Refused: Story = {
  beforeEach: ({ msw }) => msw.use(...branchesHandlers('error')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'ดูผลการจัดส่งได้เฉพาะสาขาที่กำหนดให้บัญชีผู้ใช้ของคุณ',
    );
    await expect(canvas.getByRole('button', { name: 'ลองใหม่' })).toBeVisible();
  },
};

const longLabel = 'CNX: สาขาเชียงใหม่ศูนย์กระจายสินค้าภาคเหนือตอนบนและคลังสินค้าชั่วคราวอำเภอสันทรายเชียงใหม่';

export const LongThaiText: Story = {
  beforeEach: ({ msw }) => msw.use(...branchesHandlers(branchesAnswer(['BKK: กรุงเทพ', longLabel]))),
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('region', { name: 'เทียบสาขา' });
    await chartsDrawn(canvas);
    await expect(within(within(table).getByRole('grid')).getByText(longLabel)).toBeInTheDocument();
    const page = canvas.getByRole('heading', { name: text.title }).closest('main, div') as HTMLElement;
    await expect(table.getBoundingClientRect().right).toBeLessThanOrEqual(
      page.getBoundingClientRect().right + 1,
    );
  },
};

export const Phone: Story = {
  args: { width: 390 },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers()),
  play: async ({ canvas }) => {
    const otif = await tile(canvas, 'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง');
    await expect(otif.getByText('71.4 %')).toBeVisible();
    const table = canvas.getByRole('region', { name: 'เทียบสาขา' });
    await expect(table.getBoundingClientRect().right).toBeLessThanOrEqual(390);
    await expect(within(table).getByRole('link', { name: 'CNX: เชียงใหม่' })).toBeVisible();
    // At phone width a table's rows are cards: the company's 6W hours and the 4W without a shift.
    const hours = canvas.getByRole('region', { name: 'ชั่วโมงที่ใช้ ตามประเภทรถ' });
    await expect(within(hours).getAllByText('208.50')[0]).toBeVisible();
    await expect(within(hours).getAllByText('28.02')[0]).toBeVisible();
    await expect(within(hours).getAllByText('ไม่มีกะที่เปิด')[0]).toBeVisible();
    const days = within(canvas.getByRole('region', { name: 'วันรถว่างและเต็ม ตามประเภทรถ' }));
    await expect(days.getAllByText('93')[0]).toBeVisible();
    await expect(hours.getBoundingClientRect().right).toBeLessThanOrEqual(390);
    await chartsDrawn(canvas);
  },
};

/** Reads the figures and the stops behind them (the stop list's role). */
const readers = [ROLE_BOOKING_REPORT_READ, 'ROLE_SHIPMENT_READ'];

const openStops = async (canvas: ReturnType<typeof within>, figure = 'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง') => {
  const otif = await tile(canvas, figure);
  await userEvent.click(otif.getByRole('button', { name: figure }));
  return within(await canvas.findByRole('region', { name: 'จุดส่งที่มีผลแล้วในช่วงนี้ ทุกสาขาที่เลือก' }));
};

/** A company figure opens its stops across the branches, under the tiles. */
export const OpensTheStops: Story = {
  args: { roles: readers },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers()),
  play: async ({ canvas }) => {
    const list = await openStops(canvas);
    const grid = within(list.getByRole('grid'));
    // The seven settled stops the company's 5 of 7 counts, each with its branch.
    await expect(await grid.findByText('ร้านสีลม')).toBeVisible();
    await expect(grid.getAllByText('BKK: กรุงเทพ')).toHaveLength(4);
    await expect(grid.getAllByText('CNX: เชียงใหม่')).toHaveLength(3);
    await expect(grid.getByText('ไม่พบผู้รับ')).toBeVisible();
    await expect(list.getByRole('heading', { name: 'จุดส่งที่มีผลแล้วในช่วงนี้ ทุกสาขาที่เลือก' })).toHaveFocus();
    const call = performanceCalls.find((c) => c.path === 'branchesStops');
    await expect(call?.query).toMatchObject({ from: '2026-10-01', to: '2026-10-31', page: 1 });
    await expect(call?.query.statuses).toEqual(['DELIVERED', 'PARTIAL', 'FAILED']);
    await userEvent.click(list.getByRole('button', { name: text.closeStops }));
    await expect(canvas.queryByRole('region', { name: 'จุดส่งที่มีผลแล้วในช่วงนี้ ทุกสาขาที่เลือก' })).toBeNull();
    await chartsDrawn(canvas);
  },
};

export const StopsLoading: Story = {
  args: { roles: readers },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers(branchesAnswer(), 'loading')),
  play: async ({ canvas }) => {
    const list = await openStops(canvas);
    await expect(list.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
  },
};

export const StopsEmpty: Story = {
  args: { roles: readers },
  beforeEach: ({ msw }) =>
    msw.use(...branchesHandlers(branchesAnswer(), { total: 0, page: 1, pageSize: 50, rows: [] })),
  play: async ({ canvas }) => {
    const list = await openStops(canvas);
    await expect(await list.findByText(text.empty)).toBeVisible();
    // Nothing to export: the workbook's button is off while the list is empty.
    await expect(list.getByRole('button', { name: text.excel })).toBeDisabled();
  },
};

export const StopsError: Story = {
  args: { roles: readers },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers(branchesAnswer(), 'error')),
  play: async ({ canvas }) => {
    const list = await openStops(canvas);
    await expect(await list.findByText(/ระบบขัดข้อง กรุณาลองใหม่/, {}, { timeout: 10_000 })).toBeVisible();
  },
};

const longShipTo = 'ห้างหุ้นส่วนจำกัดเชียงใหม่ค้าส่งวัสดุก่อสร้างและเครื่องใช้ไฟฟ้าสาขาถนนซุปเปอร์ไฮเวย์เชียงใหม่ลำปาง';

export const StopsLongThaiText: Story = {
  args: { roles: readers },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers(branchesAnswer(), branchesStopsAnswer(longShipTo))),
  play: async ({ canvas }) => {
    const list = await openStops(canvas);
    await expect(await within(list.getByRole('grid')).findByText(longShipTo)).toBeInTheDocument();
    const page = canvas.getByRole('heading', { name: text.title }).closest('main, div') as HTMLElement;
    const region = canvas.getByRole('region', { name: 'จุดส่งที่มีผลแล้วในช่วงนี้ ทุกสาขาที่เลือก' });
    await expect(region.getBoundingClientRect().right).toBeLessThanOrEqual(
      page.getBoundingClientRect().right + 1,
    );
  },
};

export const StopsPhone: Story = {
  args: { roles: readers, width: 390 },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers()),
  play: async ({ canvas }) => {
    const list = await openStops(canvas);
    await expect(await list.findByText('ร้านสีลม')).toBeVisible();
    const region = canvas.getByRole('region', { name: 'จุดส่งที่มีผลแล้วในช่วงนี้ ทุกสาขาที่เลือก' });
    await expect(region.getBoundingClientRect().right).toBeLessThanOrEqual(390);
    await expect(list.getByRole('button', { name: text.closeStops })).toBeVisible();
  },
};

/** The company's failed stops of one reason, as `GET /performance/branches/stops` answers them (Bangkok's one). */
const failedStops = () => {
  const all = branchesStopsAnswer();
  const rows = all.rows.filter((row) => row.status === 'FAILED');
  return { ...all, total: rows.length, rows };
};
const reasonList = 'จุดส่งที่ส่งไม่สำเร็จเพราะไม่พบผู้รับ ทุกสาขาที่เลือก';

const openReason = async (canvas: ReturnType<typeof within>) => {
  const failures = within(await canvas.findByRole('region', { name: 'ส่งไม่สำเร็จตามสาเหตุ' }));
  await userEvent.click(failures.getByRole('button', { name: 'ไม่พบผู้รับ' }));
  return within(await canvas.findByRole('region', { name: reasonList }));
};

/** A row of the company's failure reasons opens that reason's failed stops across the branches, under the table. */
export const OpensAReasonsStops: Story = {
  args: { roles: readers },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers(branchesAnswer(), failedStops())),
  play: async ({ canvas }) => {
    const list = await openReason(canvas);
    await expect(await within(list.getByRole('grid')).findByText('ร้านบางนา')).toBeVisible();
    await expect(list.getByRole('heading', { name: reasonList })).toHaveFocus();
    const call = performanceCalls.find((c) => c.path === 'branchesStops');
    await expect(call?.query).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      reason: 'CUSTOMER_ABSENT',
    });
    await expect(call?.query.statuses).toEqual(['FAILED']);
    // Under the failures table, not the tiles: the tiles' list is not open.
    await expect(canvas.queryByRole('region', { name: 'จุดส่งที่มีผลแล้วในช่วงนี้ ทุกสาขาที่เลือก' })).toBeNull();
    await userEvent.click(list.getByRole('button', { name: text.closeStops }));
    await expect(canvas.queryByRole('region', { name: reasonList })).toBeNull();
    await chartsDrawn(canvas);
  },
};

/** A reader of the figures without the stop list: the reasons are plain text. */
export const ReasonsWithoutTheStopList: Story = {
  beforeEach: ({ msw }) => msw.use(...branchesHandlers()),
  play: async ({ canvas }) => {
    const failures = within(await canvas.findByRole('region', { name: 'ส่งไม่สำเร็จตามสาเหตุ' }));
    await expect(within(failures.getByRole('grid')).getByText('ไม่พบผู้รับ')).toBeVisible();
    await expect(failures.queryByRole('button', { name: 'ไม่พบผู้รับ' })).toBeNull();
  },
};

export const ReasonStopsPhone: Story = {
  args: { roles: readers, width: 390 },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers(branchesAnswer(), failedStops())),
  play: async ({ canvas }) => {
    const list = await openReason(canvas);
    await expect(await list.findByText('ร้านบางนา')).toBeVisible();
    const region = canvas.getByRole('region', { name: reasonList });
    await expect(region.getBoundingClientRect().right).toBeLessThanOrEqual(390);
  },
};

/** The company's truck use per vehicle type: its one row, the 6-wheel trucks. */
const truckUse = 'การใช้รถตามประเภทรถ';
const sixWheel = branchesAnswer().company.truckUse.byVehicleType[0]!;

/**
 * The records behind the figures counted per trip and per booking, and behind a vehicle type's
 * row: which tile (or row of the truck-use table) opens them, the list's name, a row it shows.
 */
const kinds = {
  trips: {
    figure: 'ระยะทางต่อจุดส่ง',
    list: 'เที่ยวรถที่มีจุดส่งในช่วงนี้ ทุกสาขาที่เลือก',
    row: '81-0001',
    long: (text: string) => ({ trips: branchesTripsAnswer(text) }),
  },
  bookings: {
    figure: 'ลูกค้ายืนยันนัดทางลิงก์',
    list: 'รายการจองที่ลูกค้ายืนยันเองในช่วงนี้ ทุกสาขาที่เลือก',
    row: 'ร้านสีลม',
    long: (text: string) => ({ bookings: branchesBookingsAnswer(text) }),
  },
  typeTrips: {
    figure: null,
    list: `เที่ยวรถของประเภทรถ ${sixWheel.label} ทุกสาขาที่เลือก`,
    row: '81-0001',
    long: (text: string) => ({ trips: branchesTripsAnswer(text) }),
  },
} as const;
type Kind = keyof typeof kinds;

const openRecords = async (canvas: ReturnType<typeof within>, kind: Kind) => {
  const { figure, list } = kinds[kind];
  if (figure) await userEvent.click((await tile(canvas, figure)).getByRole('button', { name: figure }));
  else {
    const table = within(await canvas.findByRole('region', { name: truckUse }));
    await userEvent.click(table.getByRole('button', { name: sixWheel.label }));
  }
  return within(await canvas.findByRole('region', { name: list }));
};

/**
 * A row of the company's truck use per vehicle type opens that type's trips across the branches,
 * under its table, its heading focused; the next page is asked after where the first one ended.
 */
export const OpensATypesTrips: Story = {
  args: { roles: readers },
  beforeEach: ({ msw }) =>
    msw.use(
      ...branchesHandlers(branchesAnswer(), branchesStopsAnswer(), {
        trips: { ...branchesTripsAnswer(), total: 120, next: 'where-page-1-ended' },
      }),
    ),
  play: async ({ canvas }) => {
    const list = await openRecords(canvas, 'typeTrips');
    await expect(await within(list.getByRole('grid')).findByText('81-0001')).toBeVisible();
    await expect(list.getByRole('heading', { name: kinds.typeTrips.list })).toHaveFocus();
    const calls = () => performanceCalls.filter((c) => c.path === 'branchesTrips');
    await expect(calls()[0]?.query).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      vehicleTypeId: sixWheel.id,
      page: 1,
    });
    await expect(calls()[0]?.query).not.toHaveProperty('after');
    // Under the truck-use table, not the tiles: the tiles' trips are not open.
    await expect(canvas.queryByRole('region', { name: kinds.trips.list })).toBeNull();
    await userEvent.click(list.getByRole('button', { name: 'หน้าถัดไป' }));
    await waitFor(() =>
      expect(calls().at(-1)?.query).toMatchObject({
        vehicleTypeId: sixWheel.id,
        page: 2,
        after: 'where-page-1-ended',
      }),
    );
    await userEvent.click(list.getByRole('button', { name: text.closeStops }));
    await expect(canvas.queryByRole('region', { name: kinds.typeTrips.list })).toBeNull();
    await chartsDrawn(canvas);
  },
};

/** km per drop opens the trips it counts across the branches, each with its drops, distance and minutes. */
export const OpensTheTrips: Story = {
  args: { roles: readers },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers()),
  play: async ({ canvas }) => {
    const list = await openRecords(canvas, 'trips');
    const grid = within(list.getByRole('grid'));
    await expect(await grid.findByText('81-0001')).toBeVisible();
    await expect(grid.getAllByText('BKK: กรุงเทพ')).toHaveLength(2);
    await expect(grid.getByText('240')).toBeVisible();
    await expect(list.getByRole('heading', { name: kinds.trips.list })).toHaveFocus();
    const call = performanceCalls.find((c) => c.path === 'branchesTrips');
    await expect(call?.query).toMatchObject({ from: '2026-10-01', to: '2026-10-31', page: 1 });
    await userEvent.click(list.getByRole('button', { name: text.closeStops }));
    await expect(canvas.queryByRole('region', { name: kinds.trips.list })).toBeNull();
    await chartsDrawn(canvas);
  },
};

/** Confirmed by the link opens the bookings of that call status; the lead times open every booking. */
export const OpensTheBookings: Story = {
  args: { roles: readers },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers()),
  play: async ({ canvas }) => {
    const list = await openRecords(canvas, 'bookings');
    await expect(await within(list.getByRole('grid')).findByText('ร้านสีลม')).toBeVisible();
    await expect(performanceCalls.find((c) => c.path === 'branchesBookings')?.query).toMatchObject({
      callStatus: 'CONFIRMED_BY_CUSTOMER',
      page: 1,
    });
    const lead = 'วันจาก DO เข้าระบบถึงวันจอง';
    await userEvent.click((await tile(canvas, lead)).getByRole('button', { name: lead }));
    await canvas.findByRole('region', { name: 'รายการจองที่ส่งในช่วงนี้ ทุกสาขาที่เลือก' });
    // The list's region may show before its new request is made: wait for the request itself.
    await waitFor(() =>
      expect(performanceCalls.filter((c) => c.path === 'branchesBookings').at(-1)?.query).not.toHaveProperty(
        'callStatus',
      ),
    );
    await chartsDrawn(canvas);
  },
};

/** A reader of the figures who may not read shipments: km per drop opens nothing, the bookings still open. */
export const TripsWithoutTheShipmentList: Story = {
  beforeEach: ({ msw }) => msw.use(...branchesHandlers()),
  play: async ({ canvas }) => {
    await expect((await tile(canvas, kinds.trips.figure)).queryByRole('button')).toBeNull();
    await expect((await tile(canvas, kinds.bookings.figure)).getByRole('button')).toBeVisible();
    // Nor does a vehicle type's row (its trips are shipments): its label is plain text.
    const table = within(canvas.getByRole('region', { name: truckUse }));
    await expect(within(table.getByRole('grid')).getByText(sixWheel.label)).toBeVisible();
    await expect(table.queryByRole('button', { name: sixWheel.label })).toBeNull();
  },
};

const longTruck = 'รถบรรทุกหกล้อตู้ทึบห้องเย็นของผู้รับจ้างขนส่งเชียงใหม่ค้าส่งวัสดุก่อสร้างและเครื่องใช้ไฟฟ้า';

/** Each state of a kind's list: loading, empty, error, long Thai text, phone width. */
const states = (kind: Kind) => {
  const handlers = (answer: 'loading' | 'error' | 'empty' | 'long' | 'some') => {
    const records =
      answer === 'empty'
        ? { [kind === 'bookings' ? 'bookings' : 'trips']: { total: 0, page: 1, pageSize: 50, rows: [] } }
        : answer === 'long'
          ? kinds[kind].long(kind === 'bookings' ? longShipTo : longTruck)
          : answer === 'some'
            ? {}
            : { [kind === 'bookings' ? 'bookings' : 'trips']: answer };
    return branchesHandlers(branchesAnswer(), branchesStopsAnswer(), records);
  };
  return {
    loading: {
      args: { roles: readers },
      beforeEach: ({ msw }) => msw.use(...handlers('loading')),
      play: async ({ canvas }) => {
        const list = await openRecords(canvas, kind);
        await expect(list.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
      },
    },
    empty: {
      args: { roles: readers },
      beforeEach: ({ msw }) => msw.use(...handlers('empty')),
      play: async ({ canvas }) => {
        const list = await openRecords(canvas, kind);
        await expect(await list.findByText(text.empty)).toBeVisible();
      },
    },
    error: {
      args: { roles: readers },
      beforeEach: ({ msw }) => msw.use(...handlers('error')),
      play: async ({ canvas }) => {
        const list = await openRecords(canvas, kind);
        await expect(await list.findByText(/ระบบขัดข้อง กรุณาลองใหม่/, {}, { timeout: 10_000 })).toBeVisible();
      },
    },
    long: {
      args: { roles: readers },
      beforeEach: ({ msw }) => msw.use(...handlers('long')),
      play: async ({ canvas }) => {
        const list = await openRecords(canvas, kind);
        const long = kind === 'bookings' ? longShipTo : longTruck;
        await expect(await within(list.getByRole('grid')).findByText(long)).toBeInTheDocument();
        const page = canvas.getByRole('heading', { name: text.title }).closest('main, div') as HTMLElement;
        const region = canvas.getByRole('region', { name: kinds[kind].list });
        await expect(region.getBoundingClientRect().right).toBeLessThanOrEqual(
          page.getBoundingClientRect().right + 1,
        );
      },
    },
    phone: {
      args: { roles: readers, width: 390 },
      beforeEach: ({ msw }) => msw.use(...handlers('some')),
      play: async ({ canvas }) => {
        const list = await openRecords(canvas, kind);
        await expect(await list.findByText(kinds[kind].row)).toBeVisible();
        const region = canvas.getByRole('region', { name: kinds[kind].list });
        await expect(region.getBoundingClientRect().right).toBeLessThanOrEqual(390);
        await expect(list.getByRole('button', { name: text.closeStops })).toBeVisible();
      },
    },
  } satisfies Record<string, Story>;
};

const trips = states('trips');
export const TripsLoading: Story = trips.loading;
export const TripsEmpty: Story = trips.empty;
export const TripsError: Story = trips.error;
export const TripsLongThaiText: Story = trips.long;
export const TripsPhone: Story = trips.phone;
const bookings = states('bookings');
export const BookingsLoading: Story = bookings.loading;
export const BookingsEmpty: Story = bookings.empty;
export const BookingsError: Story = bookings.error;
export const BookingsLongThaiText: Story = bookings.long;
export const BookingsPhone: Story = bookings.phone;
const typeTrips = states('typeTrips');
export const TypeTripsLoading: Story = typeTrips.loading;
export const TypeTripsEmpty: Story = typeTrips.empty;
export const TypeTripsError: Story = typeTrips.error;
export const TypeTripsLongThaiText: Story = typeTrips.long;
export const TypeTripsPhone: Story = typeTrips.phone;

/** The stops' workbook: the whole list with the figure's narrowing (no page), from the list's own button. */
export const ExportsTheStops: Story = {
  args: { roles: readers },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers()),
  play: async ({ canvas }) => {
    const list = await openStops(canvas);
    await list.findByText('ร้านสีลม');
    await userEvent.click(list.getByRole('button', { name: text.excel }));
    await waitFor(() => expect(performanceCalls.map((c) => c.path)).toContain('branchesStopsExcel'));
    const call = performanceCalls.find((c) => c.path === 'branchesStopsExcel');
    await expect(call?.query).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    await expect(call?.query.statuses).toEqual(['DELIVERED', 'PARTIAL', 'FAILED']);
    await expect(call?.query).not.toHaveProperty('page');
    await chartsDrawn(canvas);
  },
};

/** The bookings confirmed by the link: their workbook keeps the call status; the trips' their own route. */
export const ExportsTheBookingsAndTrips: Story = {
  args: { roles: readers },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers()),
  play: async ({ canvas }) => {
    const bookingsList = await openRecords(canvas, 'bookings');
    await bookingsList.findByText('ร้านสีลม');
    await userEvent.click(bookingsList.getByRole('button', { name: text.excel }));
    await waitFor(() => expect(performanceCalls.map((c) => c.path)).toContain('branchesBookingsExcel'));
    await expect(performanceCalls.find((c) => c.path === 'branchesBookingsExcel')?.query).toMatchObject({
      callStatus: 'CONFIRMED_BY_CUSTOMER',
    });
    await userEvent.click(bookingsList.getByRole('button', { name: text.closeStops }));
    const tripsList = await openRecords(canvas, 'trips');
    await tripsList.findByText('81-0001');
    await userEvent.click(tripsList.getByRole('button', { name: text.excel }));
    await waitFor(() => expect(performanceCalls.map((c) => c.path)).toContain('branchesTripsExcel'));
    await chartsDrawn(canvas);
  },
};

/** A list longer than the workbook's bound: the server's Thai refusal is shown, the list stays. */
export const ExportTooLong: Story = {
  args: { roles: readers },
  beforeEach: ({ msw }) => msw.use(...branchesHandlers(undefined, undefined, { excel: 'tooLong' })),
  play: async ({ canvas }) => {
    const list = await openStops(canvas);
    await list.findByText('ร้านสีลม');
    await userEvent.click(list.getByRole('button', { name: text.excel }));
    await expect(
      await within(document.body).findByText(
        /ส่งออก Excel ได้ครั้งละไม่เกิน 10,000 รายการ \(รายการนี้มี 12,345 รายการ\)/,
      ),
    ).toBeVisible();
    await expect(list.getByRole('button', { name: text.excel })).toBeEnabled();
    await chartsDrawn(canvas);
  },
};
