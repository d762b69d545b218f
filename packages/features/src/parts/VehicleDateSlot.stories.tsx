import type { EntityListPage } from '@lms/entity-pages';
import { entityStories } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';

const slot = entityStories('vehicleDateSlot');

/** The special part of vehicleDateSlot: its page is still the generic one, with the part in a slot. */
const meta = {
  title: 'Pages/VehicleDateSlot/Special part',
  ...slot.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Vehicle date slots: a date range × a template, previewed client-side before one POST per slot. */
export const VehicleDateSlotGenerator: Story = {
  args: { entity: 'vehicleDateSlot' },
  beforeEach: ({ msw }) => slot.mount(msw),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'สร้างหลายวันจากแม่แบบ' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'ดูตัวอย่าง' }));
    await expect(await dialog.findByText('กรุณาระบุ วันที่เริ่มต้น')).toBeVisible();
    await expect(dialog.getByText('กรุณาระบุ Ship Cond')).toBeVisible();
    await expect(dialog.getAllByText('กรุณาระบุ ประเภทรถ').length).toBeGreaterThan(0);
  },
};
