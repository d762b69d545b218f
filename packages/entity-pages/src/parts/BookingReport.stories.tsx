import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
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
