import { entityApi, entityByName, shipmentPlanningApi } from '@lms/domain';
import { EntityDetailPage, type EntityListPage } from '@lms/entity-pages';
import {
  carriedBooking,
  fixtureId,
  fixtureRecord,
  mock,
  neverAnswered,
  nextHandler,
  refusal,
  withLabels,
} from '@lms/testing';
import { entityStories } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';

/**
 * A booking's page (issue 43 item 7): it leads with what the planner acts on — the day, shift and
 * vehicle type of each part, the ship-to and a phone to call, the call status and where the
 * customer's message stands, the shipments (each a link) — then the rest.
 */
const booking = entityStories('bookingReport');
const bookingReport = entityByName('bookingReport');
const bookingId = fixtureId('bookingReport', 1);

const meta = {
  title: 'Pages/BookingReport/Booking page',
  ...booking.meta,
  render: () => <EntityDetailPage entity="bookingReport" id={bookingId} onBack={() => undefined} />,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const line = (n: number, day: string, shift: string, vehicleType: string, deliveryTime: string | null) => ({
  id: fixtureId('lines', n),
  deliveryOrderId: fixtureId('deliveryOrder', n),
  deliveryOrderLabel: `DO100000${90 + n}`,
  articleId: fixtureId('article', 1),
  articleLabel: 'DETERG: ผงซักฟอก 25 กก.',
  qty: 9,
  deliveryDate: day,
  shiftOfDayId: fixtureId('shiftOfDay', shift === 'กะเช้า' ? 1 : 2),
  shiftOfDayLabel: shift,
  vehicleTypeId: fixtureId('vehicleType', 1),
  vehicleTypeLabel: vehicleType,
  deliveryTime,
  usedMinute: 135,
  usedWeight: 225,
  usedVolume: 0.324,
  shipCondId: fixtureId('shipCond', 1),
  shipCondLabel: '01: ส่งปกติ',
  slotId: fixtureId('vehicleDateSlot', n),
  slotLabel: `${day}: ${shift}: 4W: รถกระบะ 4 ล้อ`,
});

/** A booking as the server answers it: two DOs in the morning, one moved by the customer to the next afternoon. */
const record = (overrides: Record<string, unknown> = {}) => ({
  ...withLabels(bookingReport, fixtureRecord(bookingReport, 1)),
  status: 'CONFIRMED',
  docNo: 'BK20261129000009',
  deliveryDate: '2026-12-02',
  callStatus: 'NOT_CALLED',
  messageState: 'MOVED',
  shipToLabel: 'ST1001: บริษัท ไทยโฮม จำกัด (จุดส่ง 1)',
  shipToName: 'บริษัท ไทยโฮม จำกัด (จุดส่ง 1)',
  shipToTel: '081-234-5678',
  shipToAddress: 'เลขที่ 10 หมู่ 1 ถนนฉลองกรุง แขวงลำปลาทิว เขตลาดกระบัง กรุงเทพมหานคร 10520',
  lines: [
    line(1, '2026-12-02', 'กะเช้า', '4W: รถกระบะ 4 ล้อ', '09:30'),
    line(2, '2026-12-02', 'กะเช้า', '4W: รถกระบะ 4 ล้อ', null),
    line(3, '2026-12-03', 'กะบ่าย', '4W: รถกระบะ 4 ล้อ', null),
  ],
  ...overrides,
});

const answering = (answer: () => unknown) =>
  mock(entityApi(bookingReport).get, ({ params }) =>
    params.id === bookingId ? (answer() as Record<string, unknown>) : nextHandler,
  );
const shipmentsOf = (answer: typeof carriedBooking | 'pending') =>
  mock(shipmentPlanningApi.bookingShipments, ({ params }) =>
    params.id !== bookingId ? nextHandler : answer === 'pending' ? neverAnswered() : answer,
  );

const lead = async (canvas: ReturnType<typeof within>) =>
  within(await canvas.findByRole('region', { name: 'การส่ง' }));
/** The value beside a label in the lead (its `dt`/`dd` pairs), of the nth part where there are several. */
const fact = (region: ReturnType<typeof within>, label: string, nth = 0) =>
  region.getAllByText(label, { selector: 'dt' })[nth]?.nextElementSibling as HTMLElement;

export const LeadsWithTheDay: Story = {
  name: 'Leads with day, shift, vehicle type, ship-to and phone, call and message state, shipments',
  beforeEach: ({ msw }) => {
    booking.mount(msw);
    msw.use(answering(record), shipmentsOf(carriedBooking));
  },
  play: async ({ canvas, canvasElement }) => {
    const region = await lead(canvas);
    // One part a day × shift × vehicle type, in day order, with its DOs and delivery time.
    const parts = region.getAllByRole('listitem').filter((item) => item.closest('ul[aria-label]'));
    await expect(region.getByRole('list', { name: 'วัน กะ และประเภทรถ' })).toBeVisible();
    await expect(fact(region, 'วันที่ส่ง', 0)).toHaveTextContent('พ. 02/12/2026');
    await expect(fact(region, 'กะ', 0)).toHaveTextContent('กะเช้า');
    await expect(fact(region, 'ประเภทรถ', 0)).toHaveTextContent('4W: รถกระบะ 4 ล้อ');
    await expect(fact(region, 'เวลาส่ง', 0)).toHaveTextContent('09:30');
    await expect(fact(region, 'ใบส่งสินค้า', 0)).toHaveTextContent('DO10000091, DO10000092');
    await expect(fact(region, 'กะ', 1)).toHaveTextContent('กะบ่าย');
    await expect(parts.length).toBeGreaterThanOrEqual(2);
    // The ship-to and a phone the planner calls with one tap.
    await expect(fact(region, 'สถานที่ส่งสินค้า')).toHaveTextContent('บริษัท ไทยโฮม จำกัด (จุดส่ง 1)');
    await expect(region.getByRole('link', { name: '081-234-5678' })).toHaveAttribute(
      'href',
      'tel:0812345678',
    );
    await expect(fact(region, 'สถานะการโทรนัด')).toHaveTextContent('ยังไม่ได้โทร');
    await expect(fact(region, 'ข้อความถึงลูกค้า')).toHaveTextContent('ลูกค้าเลื่อนนัด');
    // The shipments carrying it, each opening its page.
    await expect(await region.findByRole('link', { name: 'SH20261104000001' })).toHaveAttribute(
      'href',
      `/shipment/show/${carriedBooking[0]!.id}`,
    );
    // What the lead shows is not said again below; the rest follows it.
    const details = within(canvas.getByRole('tabpanel'));
    await expect(details.queryByText('เบอร์โทรสถานที่ส่ง (ตอนยืนยัน)', { selector: 'dt' })).toBeNull();
    await expect(details.getByText('ละติจูดสถานที่ส่ง (ตอนยืนยัน)', { selector: 'dt' })).toBeVisible();
    const leadBox = region.getByRole('heading', { name: 'การส่ง' }).getBoundingClientRect();
    const rest = details.getByText('ลูกค้า', { selector: 'dt' }).getBoundingClientRect();
    await expect(leadBox.top).toBeLessThan(rest.top);
    // Its lines show each DO's shift and vehicle type beside its day, in view.
    const lines = within(await canvas.findByRole('region', { name: 'รายการจอง' }));
    const grid = lines.getByRole('grid');
    const box = (grid.parentElement as HTMLElement).getBoundingClientRect();
    for (const name of ['วันที่ส่ง', 'กะ', 'ประเภทรถ']) {
      const header = lines.getByRole('columnheader', { name });
      await expect(header.getBoundingClientRect().right).toBeLessThanOrEqual(box.right + 1);
    }
    await expect(lines.getAllByText('กะบ่าย')).toHaveLength(1);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth + 1);
  },
};

export const PhoneWidth: Story = {
  name: 'At phone width: the lead first, stacked, the phone a link',
  parameters: { harness: { width: 390 } },
  beforeEach: ({ msw }) => {
    booking.mount(msw);
    msw.use(answering(record), shipmentsOf(carriedBooking));
  },
  play: async ({ canvas, canvasElement }) => {
    const region = await lead(canvas);
    await expect(region.getByRole('link', { name: '081-234-5678' })).toBeVisible();
    await expect(await region.findByRole('link', { name: 'SH20261104000001' })).toBeVisible();
    const root = canvasElement.querySelector('[data-story-root]') ?? canvasElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1);
  },
};

export const LongThaiText: Story = {
  name: 'Long Thai ship-to, address and driver wrap inside the lead',
  parameters: { harness: { width: 390 } },
  beforeEach: ({ msw }) => {
    booking.mount(msw);
    msw.use(
      answering(() =>
        record({
          shipToName: 'ห้างหุ้นส่วนจำกัด วัสดุก่อสร้างเจริญยิ่งการค้าและขนส่งภาคตะวันออกเฉียงเหนือ '.repeat(3).trim(),
          shipToAddress: 'เลขที่ 999/99 หมู่บ้านสวนสวยริมน้ำ ซอยเจริญกรุงร่วมใจพัฒนา '.repeat(30).trim(),
        }),
      ),
      shipmentsOf(carriedBooking),
    );
  },
  play: async ({ canvas, canvasElement }) => {
    const region = await lead(canvas);
    await expect(fact(region, 'สถานที่ส่งสินค้า')).toHaveTextContent('ห้างหุ้นส่วนจำกัด');
    await expect(await region.findByText(/สมชาย ขยันดี/)).toBeVisible();
    const root = canvasElement.querySelector('[data-story-root]') ?? canvasElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1);
  },
};

export const NothingYet: Story = {
  name: 'Empty: no lines, no truck yet, a masked phone is not a link',
  parameters: { harness: { roles: ['ROLE_BOOKING_REPORT_READ'] } },
  beforeEach: ({ msw }) => {
    booking.mount(msw);
    msw.use(
      answering(() => record({ lines: [], shipToTel: '•••••••678', messageState: null })),
      shipmentsOf([]),
    );
  },
  play: async ({ canvas }) => {
    const region = await lead(canvas);
    await expect(region.getByText('ยังไม่มีรายการจอง')).toBeVisible();
    await expect(await region.findByText('ยังไม่ได้จัดรถ')).toBeVisible();
    await expect(fact(region, 'เบอร์โทร')).toHaveTextContent('•••••••678');
    await expect(region.queryByRole('link')).toBeNull();
    await expect(fact(region, 'ข้อความถึงลูกค้า')).toHaveTextContent('ไม่มีข้อความ');
  },
};

export const Canceled: Story = {
  name: 'A cancelled booking says so first',
  beforeEach: ({ msw }) => {
    booking.mount(msw);
    msw.use(
      answering(() => record({ status: 'CANCELED' })),
      shipmentsOf([]),
    );
  },
  play: async ({ canvas }) => {
    const region = await lead(canvas);
    await expect(region.getByRole('note')).toHaveTextContent('ยกเลิกแล้ว');
  },
};

export const Loading: Story = {
  name: 'Loading: the page says so, then the shipments load on their own',
  beforeEach: ({ msw }) => {
    booking.mount(msw);
    msw.use(answering(record), shipmentsOf('pending'));
  },
  play: async ({ canvas }) => {
    const region = await lead(canvas);
    await expect(region.getByRole('status')).toHaveTextContent('กำลังโหลดการขนส่ง...');
    await expect(fact(region, 'กะ', 0)).toHaveTextContent('กะเช้า');
  },
};

export const ShipmentsFailed: Story = {
  name: 'Error: the shipments fail to load, the rest of the lead stands',
  beforeEach: ({ msw }) => {
    booking.mount(msw);
    msw.use(
      answering(record),
      mock(shipmentPlanningApi.bookingShipments, () => refusal(500, 'โหลดการขนส่งไม่สำเร็จ กรุณาลองใหม่')),
    );
  },
  play: async ({ canvas }) => {
    const region = await lead(canvas);
    await waitFor(() => expect(region.getByRole('alert')).toHaveTextContent('โหลดการขนส่งไม่สำเร็จ'));
    await expect(region.getByRole('link', { name: '081-234-5678' })).toBeVisible();
  },
};

/** A booking's life as the server records it: the confirm, the customer's move and confirm, the plan, a partial delivery. */
const life = [
  {
    id: 'h5',
    action: 'update',
    at: '2026-12-03T03:40:00.000Z',
    userId: fixtureId('appUser', 3),
    userLabel: 'driver.bkk: สมศักดิ์ ขับดี',
    source: 'ลิงก์เที่ยวรถ',
    changes: {
      delivery: 'ส่งได้บางส่วน',
      shipment: 'SH20261203000001',
      stop: 2,
      at: '2026-12-03 10:40',
      recipient: 'คุณมานี',
      quantities: { DO10000091: 5, DO10000092: 0 },
      position: { lat: 13.734, lon: 100.513, accuracy: 12 },
    },
  },
  {
    id: 'h4',
    action: 'update',
    at: '2026-12-02T10:00:00.000Z',
    userId: fixtureId('appUser', 2),
    userLabel: 'dispatcher.bkk: สมปอง จัดรถ',
    changes: {
      shipment: 'SH20261203000001',
      carPlateSnap: '70-1234 กรุงเทพมหานคร',
      driver: 'สมศักดิ์ ขับดี',
      planned: '2026-12-03 07:45',
    },
  },
  {
    id: 'h3',
    action: 'update',
    at: '2026-12-02T02:23:00.000Z',
    userId: null,
    userLabel: null,
    source: 'ลูกค้า (ลิงก์นัดส่งสินค้า)',
    changes: { callStatus: { from: 'NOT_CALLED', to: 'CONFIRMED_BY_CUSTOMER' } },
  },
  {
    id: 'h2',
    action: 'update',
    at: '2026-12-02T02:22:00.000Z',
    userId: null,
    userLabel: null,
    source: 'ลูกค้า (ลิงก์นัดส่งสินค้า)',
    changes: {
      movedBy: 'ลูกค้า (ลิงก์นัดส่งสินค้า)',
      slots: { from: ['02/12/2026 กะเช้า รถกระบะ 4 ล้อ × 1'], to: ['03/12/2026 กะเช้า รถกระบะ 4 ล้อ × 1'] },
    },
  },
  {
    id: 'h1',
    action: 'create',
    at: '2026-12-02T02:21:00.000Z',
    userId: fixtureId('appUser', 1),
    userLabel: 'planner.bkk: สมหญิง วางแผนดี',
    changes: {
      status: 'CONFIRMED',
      deliveryOrders: ['DO10000091', 'DO10000092'],
      slots: ['02/12/2026 กะเช้า รถกระบะ 4 ล้อ × 1'],
    },
  },
] as const;

export const History: Story = {
  name: 'History: every entry in Thai words, who acted, never a bare key or an id',
  beforeEach: ({ msw }) => {
    booking.mount(msw);
    msw.use(
      answering(record),
      shipmentsOf(carriedBooking),
      mock(entityApi(bookingReport).history, ({ params }) =>
        params.id === bookingId ? [...life] : nextHandler,
      ),
    );
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'ประวัติการแก้ไข' }));
    const panel = within(canvas.getByRole('tabpanel'));
    const entries = await panel.findAllByRole('listitem');
    await expect(entries).toHaveLength(5);
    const [delivered, planned, confirmed, moved, created] = entries.map((entry) => within(entry));
    const value = (entry: ReturnType<typeof within>, label: string) =>
      entry.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    // Who: the driver through the trip link, the customer through theirs.
    await expect(delivered!.getByText(/โดย driver\.bkk: สมศักดิ์ ขับดี \(ลิงก์เที่ยวรถ\)/)).toBeVisible();
    await expect(confirmed!.getByText(/โดย ลูกค้า \(ลิงก์นัดส่งสินค้า\)/)).toBeVisible();
    await expect(value(confirmed!, 'สถานะการโทรนัด')).toHaveTextContent('ยังไม่ได้โทร → ลูกค้ายืนยันเอง');
    // What: every key has its Thai label and reads as on screen.
    await expect(value(moved!, 'ช่วงรถที่จอง')).toHaveTextContent(
      '02/12/2026 กะเช้า รถกระบะ 4 ล้อ × 1 → 03/12/2026 กะเช้า รถกระบะ 4 ล้อ × 1',
    );
    await expect(value(moved!, 'เลื่อนนัดโดย')).toHaveTextContent('ลูกค้า (ลิงก์นัดส่งสินค้า)');
    await expect(value(created!, 'ใบส่งสินค้า')).toHaveTextContent('DO10000091, DO10000092');
    await expect(value(planned!, 'ทะเบียนรถ')).toHaveTextContent('70-1234 กรุงเทพมหานคร');
    await expect(value(planned!, 'เช็คอินตามแผน')).toHaveTextContent('03/12/2026 07:45');
    await expect(value(delivered!, 'จำนวนที่ส่งได้')).toHaveTextContent('DO10000091: 5, DO10000092: 0');
    await expect(value(delivered!, 'เวลา')).toHaveTextContent('03/12/2026 10:40');
    await expect(value(delivered!, 'ตำแหน่ง')).toHaveTextContent('13.73400, 100.51300 (±12 ม.)');
    const words = canvas.getByRole('tabpanel').textContent ?? '';
    for (const key of ['movedBy', 'slots', 'deliveryOrders', 'carPlateSnap', 'planned', 'quantities', 'lat'])
      await expect(words).not.toContain(key);
    await expect(words).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
  },
};

export const CancelOnATruck: Story = {
  name: 'Cancel: the question names the truck a confirmed plan put it on, and what follows',
  beforeEach: ({ msw }) => {
    booking.mount(msw);
    msw.use(answering(record), shipmentsOf(carriedBooking));
  },
  play: async ({ canvas, userEvent }) => {
    await lead(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'ยกเลิกการจอง' }));
    const question = within(await within(document.body).findByRole('alertdialog'));
    await expect(await question.findByRole('note')).toHaveTextContent(
      'การจองนี้อยู่บนรถแล้ว: 70-1234 กรุงเทพมหานคร (ใบขนส่ง SH20261104000001) เมื่อยกเลิก คนขับจะเห็นว่าไม่ต้องส่งจุดนี้',
    );
  },
};

export const CancelNotOnATruck: Story = {
  name: 'Cancel: nothing about trucks when no plan carries it',
  beforeEach: ({ msw }) => {
    booking.mount(msw);
    msw.use(answering(record), shipmentsOf([]));
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await (await lead(canvas)).findByText('ยังไม่ได้จัดรถ')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'ยกเลิกการจอง' }));
    const question = within(await within(document.body).findByRole('alertdialog'));
    await expect(question.getByText('ความจุของรถจะคืนกลับ และใบส่งสินค้าจะกลับไปเป็นยังไม่ได้จอง')).toBeVisible();
    await expect(question.queryByRole('note')).toBeNull();
  },
};
