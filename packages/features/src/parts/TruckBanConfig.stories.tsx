import type { EntityListPage } from '@lms/entity-pages';
import { entityStories } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

const truckBan = entityStories('truckBanConfig');

/** The special part of truckBanConfig: its page is still the generic one, with the part in a slot. */
const meta = {
  title: 'Pages/TruckBanConfig/Special part',
  ...truckBan.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Truck ban: a day pattern; the weekday boxes follow it and only open for "choose days". */
export const TruckBanWeekdays: Story = {
  args: { entity: 'truckBanConfig' },
  beforeEach: ({ msw }) => truckBan.mount(msw),
  play: async ({ canvasElement }) => {
    const dialog = within(await truckBan.openEdit(canvasElement));
    const days = await dialog.findByRole('group', { name: 'วันในสัปดาห์ที่ห้ามวิ่ง' });
    const boxes = within(days).getAllByRole('checkbox');
    await expect(boxes).toHaveLength(7);
    // Fixture 1 bans every day: all seven checked, none editable until the pattern is CUSTOM.
    for (const box of boxes) await expect(box).toBeDisabled();
  },
};
