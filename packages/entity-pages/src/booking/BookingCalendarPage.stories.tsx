import { ROLE_ADMIN, ROLE_BOOKING_CHANGE_CALL_STATUS } from '@lms/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PageHarness } from '../stories/PageHarness.tsx';
import { BookingCalendarPage } from './BookingCalendarPage.tsx';
import { STORY_TODAY } from './bookingMocks.ts';
import { calendarHandlers, fakeEventStream } from './calendarMocks.ts';
import { callRecorder } from './storyHarness.tsx';

const recorder = callRecorder();
const stream = fakeEventStream();
let extraWeight = 0;

function CalendarHarness({
  roles = [ROLE_ADMIN],
  width,
  view = 'month',
  live = false,
}: {
  readonly roles?: readonly string[];
  readonly width?: number;
  readonly view?: 'month' | 'week';
  readonly live?: boolean;
}) {
  return (
    <PageHarness roles={roles} {...(width ? { width } : {})}>
      <BookingCalendarPage
        today={STORY_TODAY}
        initialView={view}
        bookingHref={(id) => `/bookingReport/show?id=${id}`}
        {...(live ? { openEvents: stream.open } : {})}
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
    await waitFor(() => expect(canvas.getAllByText('เต็ม').length).toBeGreaterThan(10));
    await expect(canvas.queryByText('ว่าง')).toBeNull();
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
    await expect(within(wednesday()).getAllByText('เต็ม').length).toBeGreaterThan(0);
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
  },
};
