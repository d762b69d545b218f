import { designSystemMessages } from '@lms/design-system';
import {
  calendarApi,
  contactChannelApi,
  ROLE_ADMIN,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  resendMessages,
} from '@lms/domain';
import { useUrlState } from '@lms/entity-pages';
import {
  BAN_REASON,
  BOOKING_ID,
  CAPACITY_REASON,
  calendarHandlers,
  cellBookingsFixture,
  fakeEventStream,
  mock,
  placedFixture,
  requestPath,
  STORY_TODAY,
} from '@lms/testing';
import { callRecorder, PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { BookingCalendarPage } from './BookingCalendarPage.tsx';

const recorder = callRecorder();
const stream = fakeEventStream();
let extraWeight = 0;
/** The days of every calendar request of the story. */
const ranges: { from: string; to: string }[] = [];
/** Days the DO Booking Calendar started a booking on. */
const bookedDays: string[] = [];
/** Lets a story answer a held calendar request. */
const heldAnswer = { release: () => {} };

/** The page's URL state, shown for the play functions. */
function UrlShown() {
  const [params] = useUrlState();
  return (
    <output data-testid="url" hidden>
      {params.toString()}
    </output>
  );
}

function CalendarHarness({
  roles = [ROLE_ADMIN],
  width,
  view = 'month',
  live = false,
  search = '',
  doBooking = false,
}: {
  readonly roles?: readonly string[];
  readonly width?: number;
  readonly view?: 'month' | 'week';
  readonly live?: boolean;
  /** The URL's query the page opens with, as a shared link would give it. */
  readonly search?: string;
  /** As the DO Booking Calendar: a chosen day starts a booking. */
  readonly doBooking?: boolean;
}) {
  return (
    <PageHarness roles={roles} search={search} {...(width ? { width } : {})}>
      <UrlShown />
      <BookingCalendarPage
        today={STORY_TODAY}
        initialView={view}
        bookingHref={(id) => `/bookingReport/show?id=${id}`}
        {...(live ? { openEvents: stream.open } : {})}
        {...(doBooking ? { title: 'ปฏิทิน DO Booking', onBookDay: (day: string) => bookedDays.push(day) } : {})}
      />
    </PageHarness>
  );
}

const meta = {
  title: 'Pages/Booking Calendar/Page',
  component: CalendarHarness,
} satisfies Meta<typeof CalendarHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

const dayCell = (canvasElement: HTMLElement, day: number) =>
  [...canvasElement.querySelectorAll<HTMLElement>('[role="gridcell"]')].find(
    (cell) =>
      cell.querySelector('[aria-hidden="true"]')?.textContent === String(day) &&
      !cell.hasAttribute('data-outside'),
  ) as HTMLElement;

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...calendarHandlers({ fill: 'empty' }));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ไม่มีช่วงรถในช่วงวันที่นี้ตามตัวกรอง')).toBeVisible();
  },
};

export const Full: Story = {
  beforeEach({ msw }) {
    msw.use(...calendarHandlers({ fill: 'full' }));
  },
  play: async ({ canvas }) => {
    // Each day's badge says the used share as used, then the band.
    await waitFor(() => expect(canvas.getAllByText('ใช้แล้ว 100.0%').length).toBeGreaterThan(10));
    await expect(canvas.getAllByText('· เต็ม').length).toBeGreaterThan(10);
    await expect(canvas.queryByText(/ว่าง/)).toBeNull();
    // An administrator reads vehicle types and ship conditions: both filters are offered.
    await expect(canvas.getByRole('button', { name: /ประเภทรถ$/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Ship Cond$/ })).toBeVisible();
  },
};

/** One wording for capacity (issue 43 item 8): "ใช้แล้ว 26.3% · ว่าง", never "ว่าง 26.3%" for a used share. */
export const UsedShareWording: Story = {
  name: 'Wording: every badge with a figure says used, then the band',
  beforeEach({ msw }) {
    msw.use(...calendarHandlers({ fill: 'mixed' }));
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-colour]')).not.toBeNull());
    const badges = [...canvasElement.querySelectorAll<HTMLElement>('[role="gridcell"] [data-colour]')];
    await expect(badges.length).toBeGreaterThan(10);
    for (const badge of badges) {
      const figure = badge.querySelector('[data-figure]:not([data-short])');
      await expect(figure?.textContent).toMatch(/^ใช้แล้ว \d+\.\d%$/);
      await expect(badge.textContent).not.toMatch(/(ว่าง|ปกติ|เต็ม)\s*[\d.]+%/);
    }
    for (const badge of badges) await expect(badge.textContent).toMatch(/· (ว่าง|ปกติ|ใกล้เต็ม|เต็ม)$/);
  },
};

export const MixedWithCellBookings: Story = {
  name: 'Mixed: a day, a cell, its bookings and actions',
  beforeEach({ msw }) {
    recorder.reset();
    msw.use(...calendarHandlers({ fill: 'mixed', onCall: recorder.onCall }));
  },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-colour]')).not.toBeNull());
    await userEvent.click(dayCell(canvasElement, 8));
    const day = await canvas.findByRole('region', { name: /ความจุวันที่/ });
    await expect(within(day).getAllByRole('row')).toHaveLength(5);
    await userEvent.click(within(day).getByRole('button', { name: 'ดูการจอง กะเช้า รถ 6 ล้อ' }));
    const list = await canvas.findByRole('region', { name: 'การจองในช่วงรถนี้' });
    await expect(await within(list).findByRole('link', { name: 'BK68010001' })).toHaveAttribute(
      'href',
      expect.stringContaining('/bookingReport/show?id='),
    );
    await userEvent.click(within(list).getByRole('button', { name: 'ประวัติการจอง' }));
    // The history names the call status; the status picker's hidden <option> carries the same words.
    await waitFor(() =>
      expect(
        within(list)
          .getAllByText('โทรนัดแล้ว', { exact: false })
          .some((node) => node.tagName !== 'OPTION'),
      ).toBe(true),
    );
  },
};

export const CancelWithReason: Story = {
  name: 'Booking actions: cancel with a reason',
  beforeEach({ msw }) {
    recorder.reset();
    msw.use(...calendarHandlers({ fill: 'mixed', onCall: recorder.onCall }));
  },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-colour]')).not.toBeNull());
    await userEvent.click(dayCell(canvasElement, 8));
    await userEvent.click(await canvas.findByRole('button', { name: 'ดูการจอง กะเช้า รถ 6 ล้อ' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'ยกเลิกการจอง' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText('เหตุผลที่ยกเลิก'), 'ลูกค้าขอเลื่อน');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ยกเลิกการจอง' }));
    await waitFor(() =>
      expect(recorder.calls.find((call) => call.path.endsWith('/cancel'))?.body).toEqual({
        reason: 'ลูกค้าขอเลื่อน',
      }),
    );
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
  },
};

export const NoCallStatusRole: Story = {
  name: 'Booking actions: call status needs its role',
  args: { roles: ['ROLE_BOOKING_CALENDAR_READ', 'ROLE_DO_BOOKING_READ'] },
  beforeEach({ msw }) {
    msw.use(...calendarHandlers({ fill: 'mixed' }));
  },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-colour]')).not.toBeNull());
    await userEvent.click(dayCell(canvasElement, 8));
    await userEvent.click(await canvas.findByRole('button', { name: 'ดูการจอง กะเช้า รถ 6 ล้อ' }));
    await canvas.findByRole('link', { name: 'BK68010001' });
    await expect(canvas.queryByText(/สถานะการโทรนัด/)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'ยกเลิกการจอง' })).toBeNull();
    // Filters by records this user may not read are not offered (their choices would be refused).
    await expect(canvas.queryByRole('button', { name: /ประเภทรถ$/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Ship Cond$/ })).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
    // Resending the customer's message is for whoever may book.
    await expect(canvas.queryByRole('button', { name: 'ส่งข้อความนัดอีกครั้ง' })).toBeNull();
  },
};

/** One booking per message state (docs/contact.md), and one that never had a message. */
const everyMessageState = (
  [
    ['QUEUED', 'หน้างานบางนา'],
    ['SENT', 'ร้านวัสดุก่อสร้างรุ่งเรืองทรัพย์ สาขาถนนกาญจนาภิเษกฝั่งตะวันตก'],
    ['FAILED', 'คลังสินค้าลาดกระบัง'],
    ['CONFIRMED', 'โครงการบ้านเดี่ยวริมคลอง'],
    ['MOVED', 'อาคารสำนักงานพระราม 9'],
    [null, 'หน้าร้านบางใหญ่'],
  ] as const
).map(([messageState, shipTo], i) => ({
  ...cellBookingsFixture[0]!,
  id: `00000000-0000-4000-8000-0000000000b${i}`,
  docNo: `BK6801000${i + 1}`,
  messageState,
  shipToLabel: `ST00${i + 1}: ${shipTo}`,
}));

const openCellBookings = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await waitFor(() => expect(canvasElement.querySelector('[data-colour]')).not.toBeNull());
  await userEvent.click(dayCell(canvasElement, 8));
  await userEvent.click(await canvas.findByRole('button', { name: 'ดูการจอง กะเช้า รถ 6 ล้อ' }));
  return within(await canvas.findByRole('region', { name: 'การจองในช่วงรถนี้' }));
};

export const MessageStates: Story = {
  name: 'Message states: each booking says in Thai where its customer message stands (phone)',
  args: { roles: ['ROLE_BOOKING_CALENDAR_READ', 'ROLE_DO_BOOKING_READ'], width: 390 },
  beforeEach({ msw }) {
    msw.use(...calendarHandlers({ fill: 'mixed', bookings: everyMessageState }));
  },
  play: async ({ canvasElement }) => {
    const list = await openCellBookings(canvasElement);
    for (const [docNo, label] of [
      ['BK68010001', 'รอส่งข้อความ'],
      ['BK68010002', 'ส่งข้อความแล้ว'],
      ['BK68010003', 'ส่งข้อความไม่สำเร็จ'],
      ['BK68010004', 'ลูกค้ายืนยันแล้ว'],
      ['BK68010005', 'ลูกค้าเลื่อนนัด'],
      ['BK68010006', 'ไม่มีข้อความ'],
    ] as const) {
      const item = (await list.findByRole('link', { name: docNo })).closest('li') as HTMLElement;
      await expect(within(item).getByText(label)).toBeVisible();
    }
  },
};

export const ResendQueued: Story = {
  name: 'Booking actions: resend the customer message, confirmed first',
  beforeEach({ msw }) {
    recorder.reset();
    msw.use(...calendarHandlers({ fill: 'mixed', onCall: recorder.onCall }));
  },
  play: async ({ canvasElement }) => {
    const list = await openCellBookings(canvasElement);
    await expect(await list.findByText('ส่งข้อความไม่สำเร็จ')).toBeVisible();
    await userEvent.click(list.getByRole('button', { name: 'ส่งข้อความนัดอีกครั้ง' }));
    const dialog = within(await within(document.body).findByRole('alertdialog'));
    // Asking is not sending: nothing goes out until the planner confirms.
    await userEvent.click(dialog.getByRole('button', { name: 'ไม่ส่ง' }));
    await expect(recorder.calls.some((call) => call.path.endsWith('/messages/resend'))).toBe(false);
    await userEvent.click(list.getByRole('button', { name: 'ส่งข้อความนัดอีกครั้ง' }));
    const again = within(await within(document.body).findByRole('alertdialog'));
    await userEvent.click(again.getByRole('button', { name: 'ส่งข้อความ' }));
    await expect(
      await within(document.body).findByText('ส่งข้อความนัดหมายของ BK68010001 เข้าคิวแล้ว (SMS ถึง •••••••••678)'),
    ).toBeVisible();
    await expect(recorder.calls.filter((call) => call.path.endsWith('/messages/resend'))).toHaveLength(1);
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
    // The report read, the planner closes it: the picture does not depend on the snackbar's timing.
    await userEvent.click(
      within(document.body).getByRole('button', { name: designSystemMessages.snackbarClose }),
    );
    await waitFor(() => expect(within(document.body).queryByText(/เข้าคิวแล้ว/)).toBeNull());
  },
};

export const ResendRefused: Story = {
  name: 'Booking actions: a refused resend says why in Thai',
  beforeEach({ msw }) {
    msw.use(...calendarHandlers({ fill: 'mixed', resend: 'off' }));
  },
  play: async ({ canvasElement }) => {
    const list = await openCellBookings(canvasElement);
    await userEvent.click(await list.findByRole('button', { name: 'ส่งข้อความนัดอีกครั้ง' }));
    const dialog = within(await within(document.body).findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'ส่งข้อความ' }));
    await expect(await within(document.body).findByText(resendMessages.off)).toBeVisible();
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
  },
};

/** No message channel configured (the default): the button is disabled and says why, before any dialog. */
export const ChannelOff: Story = {
  name: 'Booking actions: no message channel, said beside the button',
  beforeEach({ msw }) {
    recorder.reset();
    msw.use(
      mock(contactChannelApi.read, () => ({ enabled: false })),
      ...calendarHandlers({ fill: 'mixed', onCall: recorder.onCall }),
    );
  },
  play: async ({ canvasElement }) => {
    const list = await openCellBookings(canvasElement);
    const send = (await list.findAllByRole('button', { name: 'ส่งข้อความนัดอีกครั้ง' }))[0]!;
    await waitFor(() => expect(send).toBeDisabled());
    await expect(send).toHaveAccessibleDescription(resendMessages.off);
    await expect(recorder.calls.some((call) => call.path.endsWith('/messages/resend'))).toBe(false);
  },
};

export const WithCallStatusRole: Story = {
  name: 'Booking actions: change the call status',
  args: { roles: ['ROLE_BOOKING_CALENDAR_READ', ROLE_BOOKING_CHANGE_CALL_STATUS] },
  beforeEach({ msw }) {
    recorder.reset();
    msw.use(...calendarHandlers({ fill: 'mixed', onCall: recorder.onCall }));
  },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-colour]')).not.toBeNull());
    await userEvent.click(dayCell(canvasElement, 8));
    await userEvent.click(await canvas.findByRole('button', { name: 'ดูการจอง กะเช้า รถ 6 ล้อ' }));
    await userEvent.click(await canvas.findByRole('button', { name: /สถานะการโทรนัด BK68010001/ }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'โทรนัดแล้ว' }));
    await waitFor(() =>
      expect(recorder.calls.find((call) => call.path.endsWith('/callStatus'))?.body).toEqual({
        callStatus: 'CALLED',
      }),
    );
  },
};

export const WeekView: Story = {
  args: { view: 'week' },
  beforeEach({ msw }) {
    msw.use(...calendarHandlers({ fill: 'mixed' }));
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByText('กะเช้า · รถ 4 ล้อ').length).toBe(5));
    await expect(canvas.getByRole('button', { name: 'รายสัปดาห์' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const OtherMonths: Story = {
  name: 'Other months: each fetches the days it shows',
  beforeEach({ msw }) {
    ranges.splice(0);
    msw.use(...calendarHandlers({ fill: 'mixed', onRange: (range) => void ranges.push(range) }));
  },
  play: async ({ canvas, canvasElement }) => {
    const url = () => canvas.getByTestId('url').textContent;
    await waitFor(() => expect(dayCell(canvasElement, 8).querySelector('[data-colour]')).not.toBeNull());
    // January 2025's grid: Sunday 29 Dec to Saturday 1 Feb, and no more.
    await expect(ranges).toEqual([{ from: '2024-12-29', to: '2025-02-01' }]);
    await expect(url()).toBe('');
    await userEvent.click(canvas.getByRole('button', { name: 'เดือนถัดไป' }));
    await userEvent.click(canvas.getByRole('button', { name: 'เดือนถัดไป' }));
    await expect(canvas.getByRole('grid', { name: 'มีนาคม 2025' })).toBeVisible();
    // Monday 3 March: its fullest cell is the morning 6-wheeler at 80%.
    await waitFor(() => expect(dayCell(canvasElement, 3)).toHaveTextContent('ใช้แล้ว 80.0%'));
    await expect(dayCell(canvasElement, 3)).toHaveTextContent('· ใกล้เต็ม');
    await expect(dayCell(canvasElement, 8).querySelector('[data-colour]')).toBeNull();
    await expect(ranges.slice(1)).toEqual([
      { from: '2025-01-26', to: '2025-03-01' },
      { from: '2025-02-23', to: '2025-04-05' },
    ]);
    await expect(url()).toBe('date=2025-03-01');
    await userEvent.click(dayCell(canvasElement, 3));
    await expect(await canvas.findByRole('region', { name: 'ความจุวันที่ จ. 3 มี.ค. 2025' })).toBeVisible();
  },
};

export const LoadingNextMonth: Story = {
  name: 'Other months: the figures stay while the next month loads',
  beforeEach({ msw }) {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    heldAnswer.release = release;
    msw.use(
      ...calendarHandlers({
        fill: 'mixed',
        onRange: (range) => (range.from === '2025-01-26' ? held : undefined),
      }),
    );
  },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(dayCell(canvasElement, 8).querySelector('[data-colour]')).not.toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'เดือนถัดไป' }));
    const grid = canvas.getByRole('grid', { name: 'กุมภาพันธ์ 2025' });
    await expect(grid).toHaveAttribute('aria-busy', 'true');
    await expect(within(grid.parentElement as HTMLElement).getByText('กำลังโหลด...')).toBeVisible();
    // The last days of January, shown before February, keep January's figures meanwhile.
    const lastOfJanuary = within(grid).getByRole('gridcell', { name: /31 มกราคม 2025/ });
    await expect(lastOfJanuary.querySelector('[data-colour]')).not.toBeNull();
    heldAnswer.release();
    await waitFor(() => expect(grid).not.toHaveAttribute('aria-busy'));
    await expect(dayCell(canvasElement, 3).querySelector('[data-colour]')).not.toBeNull();
  },
};

export const LinkToWeek: Story = {
  name: 'A link opens the week it names',
  args: { search: 'view=week&date=2025-03-02' },
  beforeEach({ msw }) {
    ranges.splice(0);
    msw.use(...calendarHandlers({ fill: 'mixed', onRange: (range) => void ranges.push(range) }));
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'รายสัปดาห์' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(canvas.getAllByText('กะเช้า · รถ 4 ล้อ').length).toBe(5));
    await expect(canvas.getAllByRole('gridcell')[0]).toHaveAccessibleName(/อาทิตย์ 2 มีนาคม 2025/);
    await expect(ranges).toEqual([{ from: '2025-03-02', to: '2025-03-08' }]);
    // Back to the month: March, the month of the week shown.
    await userEvent.click(canvas.getByRole('button', { name: 'รายเดือน' }));
    await expect(canvas.getByRole('grid', { name: 'มีนาคม 2025' })).toBeVisible();
    await waitFor(() => expect(canvas.getByTestId('url').textContent).toBe('date=2025-03-01'));
    await waitFor(() => expect(ranges.at(-1)).toEqual({ from: '2025-02-23', to: '2025-04-05' }));
  },
};

export const LiveUpdate: Story = {
  name: 'Live: another booking arrives through the events stream',
  args: { view: 'week', live: true },
  beforeEach({ msw }) {
    extraWeight = 0;
    msw.use(...calendarHandlers({ fill: 'mixed', extraWeight: () => extraWeight }));
  },
  play: async ({ canvasElement }) => {
    const wednesday = () => dayCell(canvasElement, 8);
    await waitFor(() => expect(within(wednesday()).getAllByText(/กะเช้า · รถ 6 ล้อ/).length).toBe(1));
    const before = wednesday().textContent;
    extraWeight = 9000;
    stream.push({ kind: 'confirm', bookingId: 'b2', dates: ['2025-01-08'] });
    await waitFor(() => expect(wednesday().textContent).not.toBe(before), { timeout: 1000 });
    await expect(within(wednesday()).getAllByText('· เต็ม').length).toBeGreaterThan(0);
  },
};

export const PhoneWidth: Story = {
  args: { width: 360 },
  beforeEach({ msw }) {
    msw.use(...calendarHandlers({ fill: 'mixed' }));
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('[data-colour]')).not.toBeNull());
    const root = canvasElement.querySelector('[data-story-root]') ?? canvasElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1);
    // Every day's status shows whole inside its cell: label and percentage, nothing cut off.
    for (const badge of canvasElement.querySelectorAll<HTMLElement>('[role="gridcell"] [data-colour]')) {
      const cell = badge.closest('[role="gridcell"]') as HTMLElement;
      await expect(badge.getBoundingClientRect().right).toBeLessThanOrEqual(
        cell.getBoundingClientRect().right + 0.5,
      );
      await expect(badge.scrollWidth).toBeLessThanOrEqual(badge.clientWidth + 1);
      // One used share shows ("ใช้ 80%", the band its colour), its percentage on one unbroken line
      // ("10 / 0.0 / %" was not): the figure's digits and % make one line box.
      const shown = [...badge.querySelectorAll('[data-figure]')].filter((figure) => figure.checkVisibility());
      await expect(shown).toHaveLength(1);
      await expect(shown[0]?.textContent).toMatch(/^ใช้ \d+%$/);
      const text = shown[0]?.firstChild as Text;
      const figure = document.createRange();
      figure.setStart(text, text.data.indexOf(' ') + 1);
      figure.setEnd(text, text.data.length);
      // (A range that starts where a line wraps also reports an empty box at that line's end.)
      const boxes = [...figure.getClientRects()].filter((rect) => rect.width > 0);
      const lines = new Set(boxes.map((rect) => Math.round(rect.top)));
      await expect(lines.size).toBe(1);
      // The band is still said (and shown on hover): never colour alone.
      await expect(badge.querySelector('[data-band]')?.textContent).toMatch(/^· (ว่าง|ปกติ|ใกล้เต็ม|เต็ม)$/);
      await expect(badge.title).toMatch(/^ใช้แล้ว [\d.]+% · /);
    }
  },
};

export const DoBookingCalendarBookADay: Story = {
  name: 'DO Booking Calendar: start a booking on a chosen day',
  args: { doBooking: true },
  beforeEach({ msw }) {
    bookedDays.length = 0;
    msw.use(...calendarHandlers({ fill: 'mixed' }));
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('#calendar-filters')).toHaveTextContent('ปฏิทิน DO Booking');
    await waitFor(() => expect(canvasElement.querySelector('[data-colour]')).not.toBeNull(), {
      timeout: 5000,
    });
    await userEvent.click(dayCell(canvasElement, 8));
    const day = await canvas.findByRole('region', { name: /ความจุวันที่/ });
    await userEvent.click(within(day).getByRole('button', { name: /^จอง DO ส่งวันที่/ }));
    await expect(bookedDays).toEqual(['2025-01-08']);
    // A past day shows its capacity but cannot be booked.
    await userEvent.click(dayCell(canvasElement, 3));
    await expect(within(day).getByRole('button', { name: /^จอง DO ส่งวันที่/ })).toBeDisabled();
  },
};

// ---- Drag to reschedule (week view) and its keyboard way, "ย้ายไป…" ----

const screenAll = () => within(document.body);
const rescheduleCalls = () => recorder.calls.filter((c) => c.path === requestPath(calendarApi.reschedule));
const MORNING = placedFixture[0]!.shiftOfDayId;
const FOUR_WHEELER = placedFixture[1]!.vehicleTypeId;
const SIX_WHEELER = placedFixture[0]!.vehicleTypeId;
const FROM = { date: '2025-01-08', shiftOfDayId: MORNING, vehicleTypeId: SIX_WHEELER };
const ALLOWED = 'วางที่ พฤ. 9 ม.ค. 2025 กะเช้า รถ 4 ล้อ';
const BANNED = 'วางที่ พฤ. 9 ม.ค. 2025 กะเช้า รถ 6 ล้อ';

/**
 * The engine's verdicts arrive from the (mock) server after the drag starts: the mock judges
 * every target of the week, which took over 5 s while the whole suite shared the 2 cores.
 */
const VERDICT_WAIT = { timeout: 12_000 };

/** From the keyboard, as react-aria drags: Enter on the card's handle, Tab to the target. */
async function dragWithKeys(canvas: ReturnType<typeof within>, card: string, target: string) {
  (await canvas.findByRole('button', { name: `ลาก ${card}` })).focus();
  await userEvent.keyboard('{Enter}');
  for (let i = 0; i < 60 && document.activeElement?.getAttribute('aria-label') !== target; i++)
    await userEvent.keyboard('{Tab}');
  await expect(document.activeElement).toHaveAttribute('aria-label', target);
}

const weekWithRecorder = (
  options: Parameters<typeof calendarHandlers>[0] = {},
): Pick<Story, 'beforeEach'> => ({
  beforeEach({ msw }) {
    // A story that ends mid-drag (the verdicts are its picture) leaves react-aria's one keyboard
    // drag session listening on the document: it would take this story's keys. Escape ends it.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    recorder.reset();
    msw.use(...calendarHandlers({ fill: 'mixed', onCall: recorder.onCall, ...options }));
  },
});

export const DragTargets: Story = {
  name: 'Drag: each target says whether the rules allow it, the hovered one why not',
  args: { view: 'week' },
  ...weekWithRecorder(),
  play: async ({ canvas }) => {
    await dragWithKeys(canvas, 'BK68010001', BANNED);
    // Every other cell from today on carries the engine's verdict; the booking's own cell none.
    await waitFor(() => expect(canvas.getAllByText('✓ ย้ายได้').length).toBeGreaterThan(10), VERDICT_WAIT);
    // Every target judged ("…" while its verdict is on its way): the picture is the whole week's.
    await waitFor(() => expect(canvas.queryAllByText('…')).toHaveLength(0), VERDICT_WAIT);
    await expect(canvas.getAllByText('✕ ย้ายไม่ได้')).toHaveLength(3);
    const check = recorder.calls.find((c) => c.path === requestPath(calendarApi.checkReschedule));
    await expect(check?.body).toMatchObject({ bookingId: BOOKING_ID, from: FROM });
    // The hovered target says why, in the cell and in the status line.
    await waitFor(() =>
      expect(canvas.getByText(/^BK68010001 → พฤ. 9 ม.ค. 2025 กะเช้า รถ 6 ล้อ: ย้ายไม่ได้/)).toHaveTextContent(
        BAN_REASON,
      ),
    );
    await expect(canvas.getAllByText(BAN_REASON).length).toBeGreaterThan(0);
  },
};

export const DragAndDrop: Story = {
  name: 'Drag: a drop on an allowed target reschedules, and the snackbar undoes it',
  args: { view: 'week' },
  ...weekWithRecorder(),
  play: async ({ canvas }) => {
    await dragWithKeys(canvas, 'BK68010001', ALLOWED);
    await waitFor(() => expect(canvas.getByText(/^BK68010001 → .*: ย้ายได้$/)).toBeVisible(), VERDICT_WAIT);
    await userEvent.keyboard('{Enter}');
    const to = { date: '2025-01-09', shiftOfDayId: MORNING, vehicleTypeId: FOUR_WHEELER };
    await waitFor(() => expect(rescheduleCalls()).toHaveLength(1));
    await expect(rescheduleCalls()[0]!.body).toEqual({ bookingId: BOOKING_ID, from: FROM, to });
    const done = await screenAll().findByText('ย้าย BK68010001 ไปพฤ. 9 ม.ค. 2025 กะเช้า รถ 4 ล้อแล้ว');
    const bar = done.closest('[role="status"]') as HTMLElement;
    await userEvent.click(within(bar).getByRole('button', { name: 'เลิกทำ' }));
    // The undo is a reschedule back, judged by the server like any move.
    await waitFor(() => expect(rescheduleCalls()).toHaveLength(2));
    await expect(rescheduleCalls()[1]!.body).toEqual({ bookingId: BOOKING_ID, from: to, to: FROM });
    await expect(
      await screenAll().findByText('ย้าย BK68010001 กลับไปพ. 8 ม.ค. 2025 กะเช้า รถ 6 ล้อแล้ว'),
    ).toBeVisible();
  },
};

export const DropRefused: Story = {
  name: 'Drag: a drop on a refused target says why and moves nothing',
  args: { view: 'week' },
  ...weekWithRecorder(),
  play: async ({ canvas }) => {
    await dragWithKeys(canvas, 'BK68010001', 'วางที่ อ. 7 ม.ค. 2025 กะเช้า รถ 6 ล้อ');
    await waitFor(() => expect(canvas.getByText(/: ย้ายไม่ได้ ความจุไม่พอ/)).toBeVisible(), VERDICT_WAIT);
    await userEvent.keyboard('{Enter}');
    const alert = await screenAll().findByRole('alert');
    await expect(alert).toHaveTextContent('ย้าย BK68010001 ไม่ได้');
    await expect(alert).toHaveTextContent(CAPACITY_REASON);
    await expect(rescheduleCalls()).toHaveLength(0);
  },
};

export const RescheduleLostRace: Story = {
  name: 'Drag: capacity taken meanwhile, the server’s Thai refusal is shown',
  args: { view: 'week' },
  ...weekWithRecorder({ rescheduleRefusal: 'ความจุของรถเปลี่ยนไประหว่างนี้: ความจุไม่พอ: เหลือ 0 กก.' }),
  play: async ({ canvas }) => {
    await dragWithKeys(canvas, 'BK68010001', ALLOWED);
    await waitFor(() => expect(canvas.getByText(/: ย้ายได้$/)).toBeVisible(), VERDICT_WAIT);
    await userEvent.keyboard('{Enter}');
    const alert = await screenAll().findByRole('alert');
    await expect(alert).toHaveTextContent('ความจุของรถเปลี่ยนไประหว่างนี้');
  },
};

export const WeekWithoutBookings: Story = {
  name: 'Week: no bookings, nothing to drag',
  args: { view: 'week' },
  ...weekWithRecorder({ placed: [] }),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByText('กะเช้า · รถ 4 ล้อ').length).toBe(5));
    await expect(canvas.queryByRole('button', { name: /^ลาก / })).toBeNull();
  },
};

export const WeekReadOnly: Story = {
  name: 'Week: who may not book sees the bookings but cannot drag them',
  args: { view: 'week', roles: ['ROLE_BOOKING_CALENDAR_READ'] },
  ...weekWithRecorder(),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'ลาก BK68010001' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: /^วางที่/ })).toBeNull();
  },
};

export const WeekPhoneWidth: Story = {
  name: 'Week: phone width',
  args: { view: 'week', width: 360 },
  ...weekWithRecorder(),
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('button', { name: 'ลาก BK68010001' });
    const root = canvasElement.querySelector('[data-story-root]') ?? canvasElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1);
  },
};

/** Opens "ย้ายไป…" for the booking of 8 Jan, morning 6-wheeler, from the month view. */
async function openMoveDialog(canvas: ReturnType<typeof within>, canvasElement: HTMLElement) {
  await waitFor(() => expect(dayCell(canvasElement, 8).querySelector('[data-colour]')).not.toBeNull());
  await userEvent.click(dayCell(canvasElement, 8));
  await userEvent.click(await canvas.findByRole('button', { name: 'ดูการจอง กะเช้า รถ 6 ล้อ' }));
  await userEvent.click(await canvas.findByRole('button', { name: 'ย้ายไป… BK68010001' }));
  return screenAll().findByRole('dialog', { name: 'ย้าย BK68010001 ไป…' });
}

async function pickDay(dialog: HTMLElement, day: string) {
  // Until the dialog's calendar has loaded the picker has no day and no options, and react-aria
  // does not open an empty list: click it once it names its first day ("พ. 8 ม.ค. 2025", not the
  // placeholder "เลือก...", which a looser pattern took: the list then never opened).
  const picker = await within(dialog).findByRole('button', { name: /\d{4} วันที่$/ }, VERDICT_WAIT);
  await userEvent.click(picker);
  const listbox = await screenAll().findByRole('listbox');
  await userEvent.click(within(listbox).getByRole('option', { name: day }));
}

export const MoveDialogVerdicts: Story = {
  name: 'Move dialog (ย้ายไป…): the same verdicts as a drag, refused ones disabled with their reason',
  ...weekWithRecorder(),
  play: async ({ canvas, canvasElement }) => {
    const dialog = await openMoveDialog(canvas, canvasElement);
    await waitFor(
      () => expect(dialog).toHaveTextContent('ตอนนี้อยู่ที่ พ. 8 ม.ค. 2025 กะเช้า รถ 6 ล้อ'),
      VERDICT_WAIT,
    );
    await pickDay(dialog, 'พฤ. 9 ม.ค. 2025');
    const banned = await within(dialog).findByRole('button', {
      name: 'ย้ายไปที่นี่: พฤ. 9 ม.ค. 2025 กะเช้า รถ 6 ล้อ',
    });
    await waitFor(() => expect(banned).toBeDisabled(), VERDICT_WAIT);
    await expect(banned).toHaveAccessibleDescription(`ย้ายไม่ได้: ${BAN_REASON}`);
    await expect(
      within(dialog).getByRole('button', { name: 'ย้ายไปที่นี่: พฤ. 9 ม.ค. 2025 กะเช้า รถ 4 ล้อ' }),
    ).toBeEnabled();
  },
};

export const MoveDialogMoves: Story = {
  name: 'Move dialog (ย้ายไป…): choosing an allowed slot reschedules and closes',
  ...weekWithRecorder(),
  play: async ({ canvas, canvasElement }) => {
    const dialog = await openMoveDialog(canvas, canvasElement);
    await pickDay(dialog, 'พฤ. 9 ม.ค. 2025');
    const allowed = within(dialog).getByRole('button', { name: 'ย้ายไปที่นี่: พฤ. 9 ม.ค. 2025 กะบ่าย รถ 4 ล้อ' });
    await waitFor(() => expect(allowed).toBeEnabled(), VERDICT_WAIT);
    await userEvent.click(allowed);
    await waitFor(() => expect(rescheduleCalls()).toHaveLength(1));
    await expect(rescheduleCalls()[0]!.body).toMatchObject({
      from: FROM,
      to: { date: '2025-01-09', vehicleTypeId: FOUR_WHEELER },
    });
    await waitFor(() => expect(screenAll().queryByRole('dialog')).toBeNull());
    await expect(await screenAll().findByRole('button', { name: 'เลิกทำ' })).toBeVisible();
  },
};

export const MoveDialogChecking: Story = {
  name: 'Move dialog (ย้ายไป…): while the targets are judged nothing can be chosen',
  ...weekWithRecorder({ check: 'hang' }),
  play: async ({ canvas, canvasElement }) => {
    const dialog = await openMoveDialog(canvas, canvasElement);
    await expect(
      (await within(dialog).findAllByText('กำลังตรวจ...', {}, VERDICT_WAIT)).length,
    ).toBeGreaterThan(0);
    for (const button of within(dialog).getAllByRole('button', { name: /^ย้ายไปที่นี่: / }))
      await expect(button).toBeDisabled();
  },
};

export const MoveDialogError: Story = {
  name: 'Move dialog (ย้ายไป…): a failed check shows the server’s message',
  ...weekWithRecorder({ check: 'error' }),
  play: async ({ canvas, canvasElement }) => {
    const dialog = await openMoveDialog(canvas, canvasElement);
    await expect(await within(dialog).findByText('เกิดข้อผิดพลาดภายในระบบ กรุณาลองใหม่')).toBeVisible();
    await expect(within(dialog).queryAllByText('กำลังตรวจ...')).toHaveLength(0);
  },
};
