import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, screen, userEvent, within } from 'storybook/test';
import { fixtureId } from '../mocks/fixtures.ts';
import { EntityDetailPage } from '../pages/EntityDetailPage.tsx';
import type { EntityListPage } from '../pages/EntityListPage.tsx';
import { entityStories, escapeRegExp, firstCellText } from '../stories/entityStories.tsx';

const booking = entityStories('bookingReport');

/** The special part of bookingReport: its page is still the generic one, with the part in a slot. */
const meta = {
  title: 'Pages/BookingReport/Special part',
  ...booking.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Booking report: its lines shown with it, never edited here (the booking flow writes them). */
export const BookingReportLines: Story = {
  args: { entity: 'bookingReport' },
  beforeEach: ({ msw }) => booking.mount(msw),
  play: async ({ canvas }) => {
    const first = firstCellText(booking.entity);
    await userEvent.click(
      await canvas.findByRole('button', { name: new RegExp(`^ดู ${escapeRegExp(first)}`) }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    const lines = await dialog.findByRole('region', { name: 'รายการจอง' });
    await expect(within(lines).getAllByRole('row').length).toBeGreaterThan(1);
    await expect(dialog.queryByRole('button', { name: 'เพิ่มแถว' })).toBeNull();
  },
};

const bookingId = fixtureId('bookingReport', 1);
const canceled: unknown[] = [];
const cancelHandler = http.post('/api/bookingReport/:id/cancel', async ({ request, params }) => {
  canceled.push({ id: params.id, ...((await request.json()) as object) });
  return HttpResponse.json({ id: params.id, alreadyCanceled: false });
});

/** A booking's page offers cancel with a reason (the calendar's actions); its log is the history tab. */
export const CancelFromItsPage: Story = {
  beforeEach: ({ msw }) => {
    canceled.length = 0;
    booking.mount(msw);
    msw.use(cancelHandler);
  },
  render: () => <EntityDetailPage entity="bookingReport" id={bookingId} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'ยกเลิกการจอง' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'เหตุผลที่ยกเลิก' }), 'ลูกค้าขอเลื่อน');
    await userEvent.click(dialog.getByRole('button', { name: 'ยกเลิกการจอง' }));
    await expect(await screen.findByText(/^ยกเลิก .+ แล้ว$/)).toBeVisible();
    await expect(canceled).toEqual([{ id: bookingId, reason: 'ลูกค้าขอเลื่อน' }]);
    // The page's own history tab is the log: no second log toggle beside the actions.
    await expect(canvas.queryByRole('button', { name: 'ประวัติการจอง' })).toBeNull();
  },
};

/** A reader of bookings who may not book nor call sees the booking with neither action. */
export const ReadOnlyBookingPage: Story = {
  beforeEach: ({ msw }) => booking.mount(msw),
  parameters: { harness: { roles: ['ROLE_BOOKING_REPORT_READ'] } },
  render: () => <EntityDetailPage entity="bookingReport" id={bookingId} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('tab', { name: 'รายละเอียด' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'ยกเลิกการจอง' })).toBeNull();
    await expect(canvas.queryByRole('combobox', { name: /สถานะการโทรนัด/ })).toBeNull();
    // Reading a booking is enough to print it.
    await expect(await canvas.findByRole('button', { name: /พิมพ์/ })).toBeVisible();
  },
};
