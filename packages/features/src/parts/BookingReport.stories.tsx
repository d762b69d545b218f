import { bookingApi, contactApi, shipmentPlanningApi } from '@lms/domain';
import { EntityDetailPage, EntityListPage, useUrlState } from '@lms/entity-pages';
import { carriedBooking, fixtureId, mock, nextHandler } from '@lms/testing';
import { entityStories, escapeRegExp, firstCellText } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

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
const cancelHandler = mock(bookingApi.cancel, ({ params, body }) => {
  canceled.push({ id: params.id, ...body });
  return { id: params.id, alreadyCanceled: false };
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

const resent: string[] = [];
const resendHandler = mock(contactApi.resendBooking, ({ params }) => {
  resent.push(params.id);
  return {
    id: '00000000-0000-4000-8000-00000000e001',
    event: 'confirmed',
    channel: 'line',
    recipient: '•••••••••••••••••••••••••••••••abc',
    status: 'queued',
    attempts: 0,
    lastError: null,
    createdAt: '2025-01-06T03:00:00.000Z',
    sentAt: null,
  };
});

/** A planner resends the customer's appointment message from the booking's page. */
export const ResendFromItsPage: Story = {
  beforeEach: ({ msw }) => {
    resent.length = 0;
    booking.mount(msw);
    msw.use(resendHandler);
  },
  render: () => <EntityDetailPage entity="bookingReport" id={bookingId} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'ส่งข้อความนัดอีกครั้ง' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'ส่งข้อความ' }));
    await expect(await screen.findByText(/^ส่งข้อความนัดหมายของ .+ เข้าคิวแล้ว \(LINE ถึง •+abc\)$/)).toBeVisible();
    await expect(resent).toEqual([bookingId]);
  },
};

/** The list page's URL, shown for the play functions. */
function UrlShown() {
  const [params] = useUrlState();
  return (
    <output data-testid="url" hidden>
      {params.toString()}
    </output>
  );
}

/** The message state column: each booking's state as a Thai badge (colour and words). */
export const MessageStateColumn: Story = {
  beforeEach: ({ msw }) => booking.mount(msw),
  play: async ({ canvas }) => {
    const grid = await canvas.findByRole('grid', { name: booking.entity.title });
    await expect(await within(grid).findByRole('columnheader', { name: /สถานะข้อความถึงลูกค้า/ })).toBeVisible();
    // The fixtures cycle through every state.
    for (const label of ['รอส่งข้อความ', 'ส่งข้อความแล้ว', 'ส่งข้อความไม่สำเร็จ', 'ลูกค้ายืนยันแล้ว', 'ลูกค้าเลื่อนนัด'])
      await expect((await within(grid).findAllByText(label))[0]).toBeVisible();
  },
};

/**
 * Opened by a link that carries a named filter only (the home's "ต้องโทร" counts do): its toggle is
 * on and the filter panel stays closed, so the rows are on the first screen, not below every group.
 */
export const OpenedWithANamedFilter: Story = {
  beforeEach: ({ msw }) => booking.mount(msw),
  parameters: { harness: { search: 'toCall=true' } },
  play: async ({ canvas }) => {
    const grid = await canvas.findByRole('grid', { name: booking.entity.title });
    await expect(canvas.getByRole('button', { name: 'ต้องโทร' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'ตัวกรอง (1)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(canvas.queryByRole('region', { name: /^ตัวกรอง/ })).toBeNull();
    await expect((await within(grid).findAllByRole('row')).length).toBeGreaterThan(1);
  },
};

/** "ต้องโทร": one press keeps the bookings a planner still has to phone; the URL keeps the view. */
export const ToCallFilter: Story = {
  beforeEach: ({ msw }) => booking.mount(msw),
  render: () => (
    <>
      <UrlShown />
      <EntityListPage entity="bookingReport" />
    </>
  ),
  play: async ({ canvas }) => {
    const grid = await canvas.findByRole('grid', { name: booking.entity.title });
    await within(grid).findAllByText('ลูกค้ายืนยันแล้ว');
    const toggle = canvas.getByRole('button', { name: 'ต้องโทร' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(toggle).toHaveAccessibleDescription(/ลูกค้ายังไม่ยืนยัน/);
    await userEvent.click(toggle);
    await expect(canvas.getByRole('button', { name: 'ต้องโทร' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByTestId('url')).toHaveTextContent('toCall=true');
    await waitFor(() => expect(within(grid).queryByText('ลูกค้ายืนยันแล้ว')).toBeNull());
    await expect(within(grid).queryByText('ลูกค้าเลื่อนนัด')).toBeNull();
    await expect(within(grid).queryByText('โทรนัดแล้ว')).toBeNull();
    await expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1);
    // Pressed again, the list is whole again; a third press leaves the to-call list on screen.
    await userEvent.click(canvas.getByRole('button', { name: 'ต้องโทร' }));
    await expect(canvas.getByTestId('url')).not.toHaveTextContent('toCall');
    await expect((await within(grid).findAllByText('ลูกค้ายืนยันแล้ว'))[0]).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'ต้องโทร' }));
    await waitFor(() => expect(within(grid).queryByText('ลูกค้ายืนยันแล้ว')).toBeNull());
    // The state column in view, for the screenshot.
    within(grid)
      .getByRole('columnheader', { name: /สถานะข้อความถึงลูกค้า/ })
      .scrollIntoView({ inline: 'center' });
  },
};

/** A booking's page lists the shipments carrying it (issue 19; their states: BookingShipments' stories). */
export const ShipmentsOnItsPage: Story = {
  beforeEach: ({ msw }) => {
    booking.mount(msw);
    msw.use(
      mock(shipmentPlanningApi.bookingShipments, ({ params }) =>
        params.id === bookingId ? carriedBooking : nextHandler,
      ),
    );
  },
  parameters: { harness: { roles: ['ROLE_BOOKING_REPORT_READ'] } },
  render: () => <EntityDetailPage entity="bookingReport" id={bookingId} onBack={() => undefined} />,
  play: async ({ canvas }) => {
    const section = within(await canvas.findByRole('region', { name: 'การขนส่ง' }));
    await expect(
      await section.findByRole('heading', { name: /SH20261104000001 · รถ 70-1234/ }),
    ).toBeVisible();
    await expect(section.getAllByRole('row')).toHaveLength(7);
  },
};
