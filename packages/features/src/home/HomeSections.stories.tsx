import {
  DRIVER_APP_PATH,
  dispatcherHomeApi,
  figureValue,
  freightStatementsInStateHref,
  headlineFigures,
  homeApi,
  managerHomeApi,
  managerHomeFigures,
  planningSlotPath,
  ROLE_ADMIN,
  ROLE_BOOKING_REPORT_READ,
  ROLE_FREIGHT_STATEMENT_APPROVE,
  readRoleOf,
  staffGroups,
} from '@lms/domain';
import {
  calendarCells,
  dispatcherHome,
  fakeEventStream,
  type HomeMock,
  homeHandlers,
  homeShifts,
  managerHome,
  mock,
  plannerHome,
} from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { figureText } from '../performance/performanceText.ts';
import { HomeSections } from './HomeSections.tsx';

const PLANNER = [readRoleOf('BOOKING_CALENDAR'), readRoleOf('DELIVERY_ORDER'), ROLE_BOOKING_REPORT_READ];
/** The demo's ผู้จัดการสาขา (docs/roles.md): freight check and approve, the performance screen, the calendars. */
const MANAGER = staffGroups.manager.roles;
const MASTER_DATA = ['ROLE_SHIP_TO_EDIT', 'ROLE_VEHICLE_DATE_SLOT_EDIT', readRoleOf('VEHICLE_TYPE')];

const stream = fakeEventStream();
const calls = { planner: 0 };
/** Where the links sent the user (the host's router). */
const visited: string[] = [];

function HomeHarness({ roles, width }: { readonly roles: readonly string[]; readonly width?: number }) {
  return (
    <PageHarness roles={roles} {...(width ? { width } : {})}>
      <HomeSections openEvents={stream.open} navigate={(href) => visited.push(href)} />
    </PageHarness>
  );
}

const meta = {
  title: 'Pages/Home',
  component: HomeHarness,
  args: { roles: PLANNER },
} satisfies Meta<typeof HomeHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

const mocked = (mode: HomeMock): Story['beforeEach'] =>
  function mock({ msw }) {
    calls.planner = 0;
    visited.length = 0;
    msw.use(...homeHandlers(mode, calls));
  };

/** A section once drawn (the manager's comes in a chunk of its own: its first fetch may take seconds). */
const section = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).findByRole('region', { name }, { timeout: 15_000 });

export const Planner: Story = {
  beforeEach: mocked('ok'),
  play: async ({ canvas, canvasElement }) => {
    const planner = within(await section(canvasElement, 'งานวางแผนการจอง'));
    // The work waiting first, then the trucks' room: a phone's first screen shows the calls to make.
    await planner.findByRole('table', { name: 'จ. 6 ม.ค. 2025' });
    await expect(planner.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'การจองที่ต้องโทรนัด',
      'DO ที่ยังไม่ได้จอง ตามวันส่ง',
      'ความจุรถวันนี้และพรุ่งนี้',
    ]);
    // Capacity as the calendar shows it: per day, shift × vehicle type, status label and colour.
    const today = await planner.findByRole('table', { name: 'จ. 6 ม.ค. 2025' });
    await expect(within(today).getAllByRole('row').length).toBeGreaterThan(1);
    await expect(planner.getByRole('table', { name: 'อ. 7 ม.ค. 2025' })).toBeVisible();
    await expect(today.querySelector('[data-colour]')).not.toBeNull();
    // The used share said as used, then the band, as the calendars say it (never "ว่าง 26.3%").
    for (const badge of today.querySelectorAll('[data-colour]'))
      await expect(badge.textContent).toMatch(/^ใช้แล้ว \d+\.\d%· (ว่าง|ปกติ|ใกล้เต็ม|เต็ม)$/);
    // Every number opens its list, filtered to it.
    const toCall = planner.getByRole('link', { name: /ยังไม่ได้โทรนัด/ });
    await expect(toCall).toHaveAttribute('href', '/bookingReport?statusEq=CONFIRMED&callStatusEq=NOT_CALLED');
    await expect(toCall).toHaveTextContent('9');
    await userEvent.click(toCall);
    await expect(visited).toEqual(['/bookingReport?statusEq=CONFIRMED&callStatusEq=NOT_CALLED']);
    await expect(planner.getByRole('link', { name: /เลยวันส่งแล้ว/ })).toHaveAttribute(
      'href',
      '/deliveryOrder?isBookingEq=false&deliveryAtTo=2025-01-05',
    );
    await expect(planner.getByRole('link', { name: /1,284/ })).toBeVisible();
    // DOs back from a failed delivery: the DO list's own filter.
    await expect(planner.getByRole('link', { name: /ส่งไม่สำเร็จ รอจองใหม่/ })).toHaveAttribute(
      'href',
      '/deliveryOrder?returned=true',
    );
    await expect(planner.getByRole('link', { name: 'เปิดปฏิทินการจอง' })).toHaveAttribute(
      'href',
      '/bookingCalendar',
    );
    // Who reads the calendars but books nothing is not sent to book them again.
    await expect(planner.queryByRole('link', { name: 'จองใบที่ส่งไม่สำเร็จใหม่ใน DO Booking' })).toBeNull();
    // A planner gets no master-data or admin section, and no database details.
    await expect(canvas.queryByRole('region', { name: 'ผู้ดูแลระบบ' })).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'ข้อมูลที่ทำให้จองไม่ได้' })).toBeNull();
    await expect(canvas.queryByText('PostgreSQL 18.4')).toBeNull();
  },
};

/**
 * A planner who books (the demo's ผู้วางแผนจัดส่ง): beside the DOs back from a failed delivery, the
 * way to book them again — the DO Booking's first step on that same filter.
 */
export const PlannerWhoBooks: Story = {
  args: { roles: [...staffGroups.planner.roles] },
  beforeEach: mocked('ok'),
  play: async ({ canvasElement }) => {
    const planner = within(await section(canvasElement, 'งานวางแผนการจอง'));
    await expect(await planner.findByRole('link', { name: /ส่งไม่สำเร็จ รอจองใหม่/ })).toHaveTextContent('2');
    const rebook = planner.getByRole('link', { name: 'จองใบที่ส่งไม่สำเร็จใหม่ใน DO Booking' });
    await expect(rebook).toHaveAttribute('href', '/doBooking?returned=true');
    await userEvent.click(rebook);
    await expect(visited).toEqual(['/doBooking?returned=true']);
  },
};

/** A booking confirmed or called elsewhere: the branch's event refreshes the numbers without a reload. */
export const PlannerLive: Story = {
  beforeEach: mocked('ok'),
  play: async ({ canvasElement }) => {
    const planner = within(await section(canvasElement, 'งานวางแผนการจอง'));
    const toCall = await planner.findByRole('link', { name: /ยังไม่ได้โทรนัด/ });
    await expect(toCall).toHaveTextContent('9');
    stream.push({ kind: 'callStatus', bookingId: 'b1', dates: ['2025-01-06'] });
    await waitFor(() => expect(planner.getByRole('link', { name: /ยังไม่ได้โทรนัด/ })).toHaveTextContent('8'));
    await expect(calls.planner).toBe(2);
  },
};

/** Whoever may open the calendar but not the lists reads the numbers without links. */
export const PlannerWithoutLists: Story = {
  args: { roles: [readRoleOf('BOOKING_CALENDAR')] },
  beforeEach: mocked('ok'),
  play: async ({ canvasElement }) => {
    const planner = within(await section(canvasElement, 'งานวางแผนการจอง'));
    await expect(await planner.findByText('ยังไม่ได้โทรนัด')).toBeVisible();
    await expect(planner.queryByRole('link', { name: /ยังไม่ได้โทรนัด/ })).toBeNull();
    await expect(planner.queryByRole('link', { name: /เลยวันส่งแล้ว/ })).toBeNull();
    await expect(planner.getByRole('link', { name: 'เปิดปฏิทินการจอง' })).toBeVisible();
  },
};

export const MasterData: Story = {
  args: { roles: MASTER_DATA },
  beforeEach: mocked('ok'),
  play: async ({ canvas, canvasElement }) => {
    const data = within(await section(canvasElement, 'ข้อมูลที่ทำให้จองไม่ได้'));
    await expect(await data.findByRole('link', { name: /สถานที่ส่งสินค้าที่ไม่มีพิกัด/ })).toHaveAttribute(
      'href',
      '/shipTo?latEmpty=true',
    );
    // Vehicle types need the VEHICLE_TYPE read role this user has.
    await expect(data.getByRole('link', { name: /ประเภทรถที่สาขายังไม่ได้ตั้งค่า/ })).toBeVisible();
    const days = within(data.getByRole('list', { name: /วันที่ยังไม่มีรถพร้อมใช้/ }));
    await expect(days.getAllByRole('link')).toHaveLength(4);
    await expect(days.getByRole('link', { name: 'ส. 11 ม.ค. 2025' })).toHaveAttribute(
      'href',
      '/vehicleDateSlot?shiftDateFrom=2025-01-11&shiftDateTo=2025-01-11',
    );
    await expect(canvas.queryByRole('region', { name: 'งานวางแผนการจอง' })).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'ผู้ดูแลระบบ' })).toBeNull();
  },
};

/** An admin qualifies for every section (the manager's first), and alone sees the database version and migration. */
export const Admin: Story = {
  args: { roles: [ROLE_ADMIN] },
  beforeEach: mocked('ok'),
  play: async ({ canvasElement }) => {
    const admin = within(await section(canvasElement, 'ผู้ดูแลระบบ'));
    await expect(await admin.findByRole('link', { name: /ผู้ใช้ที่เปิดใช้งาน/ })).toHaveAttribute(
      'href',
      '/appUser?activeEq=true',
    );
    // Sessions and failed sign-ins have no list: numbers only.
    await expect(admin.getByText('การเข้าสู่ระบบที่ยังใช้งานอยู่')).toBeVisible();
    await expect(admin.queryByRole('link', { name: /การเข้าสู่ระบบที่ยังใช้งานอยู่/ })).toBeNull();
    await expect(admin.getByText('เข้าสู่ระบบไม่สำเร็จวันนี้')).toBeVisible();
    await expect(await admin.findByText('PostgreSQL 18.4')).toBeVisible();
    await expect(admin.getByText('0018_home')).toBeVisible();
    await expect(await section(canvasElement, 'งานวางแผนการจอง')).toBeVisible();
    await expect(await section(canvasElement, 'ข้อมูลที่ทำให้จองไม่ได้')).toBeVisible();
    await expect(await section(canvasElement, MANAGER_SECTION)).toBeVisible();
  },
};

/** A planner who also keeps master data sees both sections, in that order, and no admin's. */
export const SeveralRoles: Story = {
  args: { roles: [...PLANNER, ...MASTER_DATA] },
  beforeEach: mocked('ok'),
  play: async ({ canvas, canvasElement }) => {
    await section(canvasElement, 'งานวางแผนการจอง');
    await section(canvasElement, 'ข้อมูลที่ทำให้จองไม่ได้');
    const names = canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    await expect(names).toEqual(['งานวางแผนการจอง', 'ข้อมูลที่ทำให้จองไม่ได้']);
  },
};

export const NoSection: Story = {
  args: { roles: [readRoleOf('UNIT')] },
  beforeEach: mocked('ok'),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/สิทธิ์ของคุณไม่มีงานที่ต้องติดตาม/)).toBeVisible();
    await expect(canvas.queryByRole('region')).toBeNull();
    // Not a driver: no way to the driver's app; no reader of statements: none to them.
    await expect(canvas.queryByRole('link', { name: 'เปิดแอปคนขับ' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'เปิดใบสรุปค่าขนส่ง' })).toBeNull();
  },
};

/**
 * A contractor's own account: it reads its approved statements and moves none, so its home leads
 * to them (every month's approved ones; the server narrows them to the contractor's own).
 */
export const Contractor: Story = {
  args: { roles: [...staffGroups.contractor.roles] },
  beforeEach: mocked('ok'),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/ใบสรุปค่าขนส่งที่อนุมัติแล้ว ทุกเดือน/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'เปิดใบสรุปค่าขนส่ง' })).toHaveAttribute(
      'href',
      freightStatementsInStateHref('APPROVED'),
    );
    await expect(canvas.queryByRole('region')).toBeNull();
  },
};

/** A company driver signed in at the staff sign-in: the home points to the driver's app, a page of its own. */
export const Driver: Story = {
  args: { roles: [...staffGroups.driver.roles] },
  beforeEach: mocked('ok'),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/อยู่ในแอปคนขับ/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'เปิดแอปคนขับ' })).toHaveAttribute('href', DRIVER_APP_PATH);
    await expect(canvas.queryByRole('region')).toBeNull();
  },
};

export const Loading: Story = {
  args: { roles: [ROLE_ADMIN] },
  beforeEach: mocked('loading'),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByText('กำลังโหลดข้อมูล...')).toHaveLength(5));
    await expect(canvas.getByRole('region', { name: 'งานวางแผนการจอง' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** Nothing to do: zeros (still links: the empty list proves them), no day without slots. */
export const Empty: Story = {
  args: { roles: [...PLANNER, ...MASTER_DATA] },
  beforeEach: mocked('empty'),
  play: async ({ canvasElement }) => {
    const planner = within(await section(canvasElement, 'งานวางแผนการจอง'));
    await expect(await planner.findByText('ยังไม่มีช่วงรถในวันนี้และพรุ่งนี้')).toBeVisible();
    await expect(planner.getByRole('link', { name: /ยังไม่ได้โทรนัด/ })).toHaveTextContent('0');
    const data = within(await section(canvasElement, 'ข้อมูลที่ทำให้จองไม่ได้'));
    await expect(await data.findByText('มีรถพร้อมใช้ครบทุกวันใน 14 วันข้างหน้า')).toBeVisible();
    // No vehicle type is missing its settings: no list to open.
    await expect(data.queryByRole('link', { name: /ประเภทรถที่สาขายังไม่ได้ตั้งค่า/ })).toBeNull();
  },
};

/** Each section fails on its own with the server's Thai message, and its retry recovers it. */
export const ServerError: Story = {
  args: { roles: [...PLANNER, ...MASTER_DATA] },
  beforeEach: mocked('error'),
  play: async ({ canvasElement }) => {
    const planner = within(await section(canvasElement, 'งานวางแผนการจอง'));
    const alert = await planner.findByRole('alert');
    await expect(alert).toHaveTextContent('โหลดข้อมูลไม่สำเร็จ');
    await expect(alert).toHaveTextContent('เกิดข้อผิดพลาดในระบบ กรุณาลองใหม่อีกครั้ง');
    const data = within(await section(canvasElement, 'ข้อมูลที่ทำให้จองไม่ได้'));
    await expect(await data.findByRole('alert')).toBeVisible();
    await userEvent.click(planner.getByRole('button', { name: 'ลองอีกครั้ง' }));
    await waitFor(() => expect(planner.getByRole('link', { name: /ยังไม่ได้โทรนัด/ })).toBeVisible());
    // The other section still shows its error until retried.
    await expect(data.getByRole('alert')).toBeVisible();
  },
};

const longName = 'รถบรรทุกหกล้อตู้ทึบยกพื้นพร้อมลิฟต์ท้ายสำหรับสินค้าขนาดใหญ่พิเศษ';
/** Long Thai names of shifts and vehicle types wrap inside the table instead of widening the page. */
export const LongThaiText: Story = {
  args: { roles: PLANNER, width: 480 },
  beforeEach({ msw }) {
    msw.use(
      mock(homeApi.planner, () => ({
        ...plannerHome(),
        capacity: calendarCells('mixed', 0, { from: '2025-01-06', to: '2025-01-07' }).map((cell) => ({
          ...cell,
          shiftName: `${cell.shiftName} (ช่วงเวลารับสินค้าหน้าคลังสาขาใหญ่)`,
          vehicleTypeName: longName,
        })),
      })),
    );
  },
  play: async ({ canvasElement }) => {
    const planner = within(await section(canvasElement, 'งานวางแผนการจอง'));
    await expect((await planner.findAllByText(longName)).length).toBeGreaterThan(0);
    const region = await section(canvasElement, 'งานวางแผนการจอง');
    await expect(region.getBoundingClientRect().width).toBeLessThanOrEqual(480);
  },
};

/** A phone: every section in one column, nothing wider than the screen. */
export const PhoneWidth: Story = {
  args: { roles: [ROLE_ADMIN], width: 360 },
  beforeEach: mocked('ok'),
  play: async ({ canvasElement }) => {
    await within(await section(canvasElement, 'ผู้ดูแลระบบ')).findByText('PostgreSQL 18.4');
    for (const region of canvasElement.querySelectorAll('section[data-section]')) {
      await expect(region.getBoundingClientRect().width).toBeLessThanOrEqual(360);
    }
    const tiles = within(await section(canvasElement, 'งานวางแผนการจอง')).getAllByTestId('count');
    const [first, second] = tiles.map((tile) => tile.getBoundingClientRect());
    // One tile per line.
    await expect(second!.top).toBeGreaterThan(first!.bottom);
  },
};

/**
 * A branch at ten times the data (278,000 unbooked DOs): a number past the lists' count limit says
 * "มากกว่า 10,000", as the list it opens says its total; the numbers under it stay exact.
 */
export const PlannerPastTheCountLimit: Story = {
  beforeEach: mocked('busy'),
  play: async ({ canvasElement }) => {
    const planner = within(await section(canvasElement, 'งานวางแผนการจอง'));
    const overdue = await planner.findByRole('link', { name: /เลยวันส่งแล้ว/ });
    await expect(within(overdue).getByTestId('count')).toHaveTextContent(/^มากกว่า 10,000$/);
    await expect(overdue).toHaveAttribute('href', '/deliveryOrder?isBookingEq=false&deliveryAtTo=2025-01-05');
    await expect(overdue).toHaveAttribute('data-attention');
    const total = planner.getByRole('link', { name: /DO ที่ยังไม่ได้จองทั้งหมด/ });
    await expect(within(total).getByTestId('count')).toHaveTextContent(/^มากกว่า 10,000$/);
    // Under the limit: exact, without the mark.
    const week = planner.getByRole('link', { name: /ส่งภายใน 7 วัน/ });
    await expect(within(week).getByTestId('count')).toHaveTextContent(/^5,214$/);
    await userEvent.click(total);
    await expect(visited).toEqual(['/deliveryOrder?isBookingEq=false']);
  },
};

/** The same on a phone: "มากกว่า 10,000" wraps inside its tile, nothing wider than the screen. */
export const PlannerPastTheCountLimitOnAPhone: Story = {
  args: { roles: PLANNER, width: 390 },
  beforeEach: mocked('busy'),
  play: async ({ canvasElement }) => {
    const region = await section(canvasElement, 'งานวางแผนการจอง');
    const planner = within(region);
    const overdue = await planner.findByRole('link', { name: /เลยวันส่งแล้ว/ });
    await expect(overdue).toHaveTextContent('มากกว่า 10,000');
    await expect(region.getBoundingClientRect().width).toBeLessThanOrEqual(390);
    for (const tile of planner.getAllByTestId('count').map((figure) => figure.parentElement!)) {
      await expect(tile.scrollWidth).toBeLessThanOrEqual(tile.clientWidth);
      await expect(tile.getBoundingClientRect().right).toBeLessThanOrEqual(
        region.getBoundingClientRect().right,
      );
    }
  },
};

const MANAGER_SECTION = 'ผลการจัดส่งและใบสรุปค่าขนส่งของสาขา';
/** The figures' names as the performance screen names them, in the home's order. */
/** The section's code is a chunk of its own: its first fetch in a story may take longer than a find's second. */
const LAZY = { timeout: 15_000 };
const figureLabels = managerHomeFigures.map((key) => headlineFigures.find((f) => f.key === key)!.label);

/**
 * The branch manager: the month so far beside last month first, each figure opening the performance
 * screen of its month, then the statements waiting; the planner's section (its calendar roles) after.
 */
export const Manager: Story = {
  args: { roles: MANAGER },
  beforeEach: mocked('ok'),
  play: async ({ canvas, canvasElement }) => {
    const manager = within(await section(canvasElement, MANAGER_SECTION));
    await manager.findByRole('link', { name: /ตรวจแล้ว รออนุมัติ/ }, LAZY);
    await section(canvasElement, 'งานวางแผนการจอง');
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      MANAGER_SECTION,
      'งานวางแผนการจอง',
    ]);
    await expect(manager.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'ผลการจัดส่ง ม.ค. 2025 ถึงวันนี้ เทียบกับ ธ.ค. 2024',
      'ใบสรุปค่าขนส่งผู้รับเหมาที่รอคุณ',
    ]);
    // The performance screen's figures, in order, each month's value opening that month's screen.
    const groups = manager.getAllByRole('group');
    await expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(figureLabels);
    const mocked = managerHome().performance!;
    for (const [index, key] of managerHomeFigures.entries()) {
      const figure = headlineFigures.find((f) => f.key === key)!;
      const [now, before] = within(groups[index]!).getAllByRole('link');
      await expect(now).toHaveAttribute('href', '/performance?month=2025-01');
      await expect(now).toHaveTextContent(
        figureText(figureValue(figure.value(mocked.thisMonth.figures)), figure.unit),
      );
      await expect(before).toHaveAttribute('href', '/performance?month=2024-12');
      await expect(before).toHaveTextContent(
        figureText(figureValue(figure.value(mocked.lastMonth.figures)), figure.unit),
      );
    }
    // The OTIF of the month is a number, not "no data": the mock's October (50.0 %) stands for January.
    await expect(within(groups[0]!).getAllByRole('link')[0]).toHaveAccessibleName(
      'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง ม.ค. 2025: 50.0 %',
    );
    // Truck use per vehicle type in the calendar's words and bands, both months.
    const trucks = within(manager.getByRole('table', { name: 'การใช้รถตามประเภทรถ' }));
    const row = trucks.getByRole('row', { name: /6W: รถ 6 ล้อ/ });
    const [thisMonthUse, lastMonthUse] = within(row).getAllByRole('link');
    await expect(thisMonthUse).toHaveTextContent(/^ใช้แล้ว \d+\.\d%· ใกล้เต็ม$/);
    await expect(lastMonthUse).toHaveTextContent(/^ใช้แล้ว \d+\.\d%· ปกติ$/);
    await expect(lastMonthUse).toHaveAttribute('href', '/performance?month=2024-12');
    // Statements waiting: drafts to check, then checked ones to approve, each opening those statements.
    const waiting = [
      manager.getByRole('link', { name: /ร่างที่รอตรวจ/ }),
      manager.getByRole('link', { name: /ตรวจแล้ว รออนุมัติ/ }),
    ];
    await expect(waiting[0]).toHaveAttribute('href', '/freightStatement?state=DRAFT');
    await expect(waiting[0]).toHaveTextContent('2');
    await expect(waiting[1]).toHaveTextContent('3');
    // One of the three is the manager's own check: the tile says someone else must approve it.
    await expect(waiting[1]).toHaveTextContent('คุณตรวจเอง 1 ใบ ต้องให้ผู้อื่นอนุมัติ');
    await expect(waiting[0]).not.toHaveTextContent('คุณตรวจเอง');
    await userEvent.click(waiting[1]!);
    await userEvent.click(within(groups[0]!).getAllByRole('link')[0]!);
    await expect(visited).toEqual(['/freightStatement?state=CHECKED', '/performance?month=2025-01']);
  },
};

/** Who approves statements but does not read the performance screen: the statements only. */
export const ManagerWithoutPerformance: Story = {
  args: { roles: [ROLE_FREIGHT_STATEMENT_APPROVE] },
  beforeEach({ msw }) {
    visited.length = 0;
    // The first handler that matches answers: the override before the others.
    msw.use(
      mock(managerHomeApi.manager, () => ({ ...managerHome(), performance: null })),
      ...homeHandlers('ok'),
    );
  },
  play: async ({ canvasElement }) => {
    const manager = within(await section(canvasElement, MANAGER_SECTION));
    await expect(await manager.findByText('ตรวจแล้ว รออนุมัติ', {}, LAZY)).toBeVisible();
    await expect(manager.queryByRole('group')).toBeNull();
    await expect(manager.queryByRole('table')).toBeNull();
    await expect(manager.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'ใบสรุปค่าขนส่งผู้รับเหมาที่รอคุณ',
    ]);
  },
};

/**
 * The first of January, nothing of it counted yet: December, whole, leads (each value opening
 * December's screen), and the heading says why; the truck use still shows both months.
 */
export const ManagerMonthJustBegun: Story = {
  args: { roles: MANAGER },
  beforeEach({ msw }) {
    visited.length = 0;
    msw.use(
      mock(managerHomeApi.manager, () => managerHome({ monthBegun: true })),
      ...homeHandlers('ok'),
    );
  },
  play: async ({ canvasElement }) => {
    const manager = within(await section(canvasElement, MANAGER_SECTION));
    await manager.findByRole('link', { name: /ตรวจแล้ว รออนุมัติ/ }, LAZY);
    await expect(manager.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'ผลการจัดส่ง ธ.ค. 2024 ทั้งเดือน',
      'ใบสรุปค่าขนส่งผู้รับเหมาที่รอคุณ',
    ]);
    await expect(manager.getByText('ม.ค. 2025 ยังไม่มีจุดส่งที่นับได้ จึงแสดงผลของ ธ.ค. 2024 ทั้งเดือน')).toBeVisible();
    const december = managerHome().performance!.lastMonth.figures;
    const groups = manager.getAllByRole('group');
    await expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(figureLabels);
    for (const [index, key] of managerHomeFigures.entries()) {
      const figure = headlineFigures.find((f) => f.key === key)!;
      const links = within(groups[index]!).getAllByRole('link');
      // One value a figure: December's, opening December; no "ไม่มีข้อมูล" of January beside it.
      await expect(links).toHaveLength(1);
      await expect(links[0]).toHaveAttribute('href', '/performance?month=2024-12');
      await expect(links[0]).toHaveTextContent(figureText(figureValue(figure.value(december)), figure.unit));
    }
    const row = within(manager.getByRole('table', { name: 'การใช้รถตามประเภทรถ' })).getByRole('row', {
      name: /6W: รถ 6 ล้อ/,
    });
    await expect(within(row).getByText('ไม่มีเที่ยว')).toBeVisible();
  },
};

export const ManagerLoading: Story = {
  args: { roles: MANAGER },
  beforeEach: mocked('loading'),
  play: async ({ canvasElement }) => {
    const region = await section(canvasElement, MANAGER_SECTION);
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(within(region).getByText('กำลังโหลดข้อมูล...')).toBeVisible();
  },
};

/** A new branch: no trip this month or last, nothing waiting; figures say "no data", never 0 %. */
export const ManagerEmpty: Story = {
  args: { roles: MANAGER },
  beforeEach: mocked('empty'),
  play: async ({ canvasElement }) => {
    const manager = within(await section(canvasElement, MANAGER_SECTION));
    await expect(await manager.findByText('ยังไม่มีเที่ยวรถในสองเดือนนี้', {}, LAZY)).toBeVisible();
    const groups = manager.getAllByRole('group');
    await expect(groups).toHaveLength(managerHomeFigures.length);
    for (const group of groups)
      await expect(within(group).getAllByRole('link')[0]).toHaveTextContent(/^ไม่มีข้อมูล$/);
    await expect(manager.getByRole('link', { name: /ตรวจแล้ว รออนุมัติ/ })).toHaveTextContent('0');
  },
};

/** The section fails on its own with the server's Thai message; its retry recovers it. */
export const ManagerError: Story = {
  args: { roles: MANAGER },
  beforeEach: mocked('error'),
  play: async ({ canvasElement }) => {
    const manager = within(await section(canvasElement, MANAGER_SECTION));
    const alert = await manager.findByRole('alert', {}, LAZY);
    await expect(alert).toHaveTextContent('เกิดข้อผิดพลาดในระบบ กรุณาลองใหม่อีกครั้ง');
    await userEvent.click(manager.getByRole('button', { name: 'ลองอีกครั้ง' }));
    await waitFor(() => expect(manager.getByRole('link', { name: /ตรวจแล้ว รออนุมัติ/ })).toBeVisible());
    await expect(manager.queryByRole('alert')).toBeNull();
  },
};

/** A long vehicle type's name wraps in the truck-use table instead of widening the page. */
export const ManagerLongThaiText: Story = {
  args: { roles: MANAGER, width: 480 },
  beforeEach({ msw }) {
    msw.use(
      mock(managerHomeApi.manager, () => managerHome({ vehicleTypeLabel: longName })),
      ...homeHandlers('ok'),
    );
  },
  play: async ({ canvasElement }) => {
    const region = await section(canvasElement, MANAGER_SECTION);
    await expect(await within(region).findByRole('rowheader', { name: longName }, LAZY)).toBeVisible();
    await expect(region.getBoundingClientRect().width).toBeLessThanOrEqual(480);
  },
};

/** A phone (390 px): the figures in order, two a line at most, nothing wider than the screen. */
export const ManagerPhoneWidth: Story = {
  args: { roles: MANAGER, width: 390 },
  beforeEach: mocked('ok'),
  play: async ({ canvasElement }) => {
    const region = await section(canvasElement, MANAGER_SECTION);
    const manager = within(region);
    await manager.findByRole('link', { name: /ตรวจแล้ว รออนุมัติ/ }, LAZY);
    await expect(region.getBoundingClientRect().width).toBeLessThanOrEqual(390);
    const groups = manager.getAllByRole('group');
    await expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(figureLabels);
    // In reading order (left to right, then down), two a line at most, none past the screen's edge.
    for (const [index, group] of groups.entries()) {
      const box = group.getBoundingClientRect();
      await expect(box.right).toBeLessThanOrEqual(region.getBoundingClientRect().right);
      if (index === 0) continue;
      const before = groups[index - 1]!.getBoundingClientRect();
      await expect(box.top > before.bottom || (box.top === before.top && box.left > before.right)).toBe(true);
    }
    // The truck-use table scrolls inside the section, not the page.
    const scroller = manager.getByRole('table', { name: 'การใช้รถตามประเภทรถ' }).parentElement!;
    await expect(scroller.getBoundingClientRect().right).toBeLessThanOrEqual(
      region.getBoundingClientRect().right,
    );
  },
};

const DISPATCHER = staffGroups.dispatcher.roles;
const DISPATCHER_SECTION = 'งานจัดรถวันนี้และพรุ่งนี้';

/**
 * The demo's ผู้จัดรถ: their own day first — today's trips as the board counts them, then each shift
 * of today and tomorrow, each opening the planning screen on that slot — then the planner's section
 * (a dispatcher reads the calendars and calls customers too).
 */
export const Dispatcher: Story = {
  args: { roles: DISPATCHER },
  beforeEach: mocked('ok'),
  play: async ({ canvas, canvasElement }) => {
    const region = await section(canvasElement, DISPATCHER_SECTION);
    const dispatcher = within(region);
    const today = await dispatcher.findByRole('table', { name: 'จ. 6 ม.ค. 2025' }, LAZY);
    await section(canvasElement, 'งานวางแผนการจอง');
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      DISPATCHER_SECTION,
      'งานวางแผนการจอง',
    ]);
    // Today's trips by the board's own statuses; each count opens the board.
    const running = dispatcher.getByRole('link', { name: /กำลังส่ง/ });
    await expect(running).toHaveTextContent('2');
    await expect(running).toHaveAttribute('href', '/deliveryBoard');
    await expect(dispatcher.getByRole('link', { name: /จุดส่งที่ส่งไม่สำเร็จหรือส่งได้บางส่วน/ })).toHaveTextContent(
      '1',
    );
    await userEvent.click(running);
    await expect(visited).toEqual(['/deliveryBoard']);
    // Each shift: bookings, those on no trip yet, trips, the plan; its name opens the planning screen there.
    const morning = within(dispatcher.getAllByRole('row').find((r) => r.textContent?.includes('กะเช้า'))!);
    await expect(morning.getAllByRole('cell').map((c) => c.textContent)).toEqual(['14', '2', '3', 'ยืนยันแล้ว']);
    const afternoon = within(today).getAllByRole('row')[2]!;
    await expect(
      within(afternoon)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['9', '9', '0', 'ยังไม่ยืนยัน']);
    const plan = within(today).getByRole('link', { name: 'กะบ่าย จัดรถ จ. 6 ม.ค. 2025' });
    await expect(plan).toHaveAttribute('href', planningSlotPath('2025-01-06', homeShifts[1]!.id));
    await userEvent.click(plan);
    await expect(visited).toEqual(['/deliveryBoard', planningSlotPath('2025-01-06', homeShifts[1]!.id)]);
    const tomorrow = dispatcher.getByRole('table', { name: 'อ. 7 ม.ค. 2025' });
    await expect(within(tomorrow).getAllByRole('row')[2]).toHaveTextContent('ไม่มีการจอง');
  },
};

/** A driver holds the planning role too, yet their home stays the way to the driver's app. */
export const DriverIsNoDispatcher: Story = {
  args: { roles: [...staffGroups.driver.roles] },
  beforeEach: mocked('ok'),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'เปิดแอปคนขับ' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: DISPATCHER_SECTION })).toBeNull();
  },
};

export const DispatcherLoading: Story = {
  args: { roles: DISPATCHER },
  beforeEach: mocked('loading'),
  play: async ({ canvasElement }) => {
    const region = await section(canvasElement, DISPATCHER_SECTION);
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(within(region).getByText('กำลังโหลดข้อมูล...')).toBeVisible();
  },
};

/** A quiet day: no trip, nothing booked; the shifts still listed, each still a way to plan it. */
export const DispatcherEmpty: Story = {
  args: { roles: DISPATCHER },
  beforeEach: mocked('empty'),
  play: async ({ canvasElement }) => {
    const dispatcher = within(await section(canvasElement, DISPATCHER_SECTION));
    const today = await dispatcher.findByRole('table', { name: 'จ. 6 ม.ค. 2025' }, LAZY);
    await expect(within(today).getAllByText('ไม่มีการจอง')).toHaveLength(homeShifts.length);
    await expect(dispatcher.getByRole('link', { name: /กำลังส่ง/ })).toHaveTextContent('0');
    await expect(within(today).getByRole('link', { name: /^กะเช้า/ })).toBeVisible();
  },
};

/** The section fails on its own with the server's Thai message; its retry recovers it. */
export const DispatcherError: Story = {
  args: { roles: DISPATCHER },
  beforeEach: mocked('error'),
  play: async ({ canvasElement }) => {
    const dispatcher = within(await section(canvasElement, DISPATCHER_SECTION));
    const alert = await dispatcher.findByRole('alert', {}, LAZY);
    await expect(alert).toHaveTextContent('เกิดข้อผิดพลาดในระบบ กรุณาลองใหม่อีกครั้ง');
    await userEvent.click(dispatcher.getByRole('button', { name: 'ลองอีกครั้ง' }));
    await waitFor(() => expect(dispatcher.getByRole('link', { name: /กำลังส่ง/ })).toBeVisible());
    await expect(dispatcher.queryByRole('alert')).toBeNull();
  },
};

const longShift = 'กะเช้าพิเศษสำหรับลูกค้าโครงการคอนโดมิเนียมย่านชานเมือง (รับสินค้าหน้าคลังสาขาใหญ่)';
/** A long shift name wraps in its row instead of widening the page. */
export const DispatcherLongThaiText: Story = {
  args: { roles: DISPATCHER, width: 480 },
  beforeEach({ msw }) {
    msw.use(
      mock(dispatcherHomeApi.dispatcher, () => dispatcherHome({ shiftName: longShift })),
      ...homeHandlers('ok'),
    );
  },
  play: async ({ canvasElement }) => {
    const region = await section(canvasElement, DISPATCHER_SECTION);
    await expect((await within(region).findAllByText(longShift, {}, LAZY)).length).toBe(4);
    await expect(region.getBoundingClientRect().width).toBeLessThanOrEqual(480);
    for (const table of within(region).getAllByRole('table'))
      await expect(table.getBoundingClientRect().right).toBeLessThanOrEqual(
        region.getBoundingClientRect().right,
      );
  },
};

/** A phone (390 px): the trips first, two tiles a line at most, the day's shifts below, nothing wider than the screen. */
export const DispatcherPhoneWidth: Story = {
  args: { roles: DISPATCHER, width: 390 },
  beforeEach: mocked('ok'),
  play: async ({ canvasElement }) => {
    const region = await section(canvasElement, DISPATCHER_SECTION);
    const dispatcher = within(region);
    const today = await dispatcher.findByRole('table', { name: 'จ. 6 ม.ค. 2025' }, LAZY);
    await expect(region.getBoundingClientRect().width).toBeLessThanOrEqual(390);
    // The tiles in reading order, two a line at most, none past the edge; the shifts under them.
    const tiles = dispatcher
      .getAllByTestId('count')
      .map((tile) => tile.parentElement!.getBoundingClientRect());
    for (const [index, box] of tiles.entries()) {
      await expect(box.right).toBeLessThanOrEqual(region.getBoundingClientRect().right);
      if (index === 0) continue;
      const before = tiles[index - 1]!;
      await expect(box.top > before.bottom || (box.top === before.top && box.left > before.right)).toBe(true);
    }
    await expect(tiles[2]!.top).toBeGreaterThan(tiles[0]!.bottom);
    await expect(today.getBoundingClientRect().top).toBeGreaterThan(tiles.at(-1)!.bottom);
    await expect(today.parentElement!.getBoundingClientRect().right).toBeLessThanOrEqual(
      region.getBoundingClientRect().right,
    );
  },
};
