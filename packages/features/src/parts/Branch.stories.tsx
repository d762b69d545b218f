import type { EntityListPage } from '@lms/entity-pages';
import { entityStories } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';

const branch = entityStories('branch');

/** The special part of branch: its page is still the generic one, with the part in a slot. */
const meta = {
  title: 'Pages/Branch/Special part',
  ...branch.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Branch: the per-vehicle-type settings edited as rows of the one child-table editor. */
export const BranchVehicleTypeSettings: Story = {
  args: { entity: 'branch' },
  beforeEach: ({ msw }) => branch.mount(msw),
  play: async ({ canvasElement }) => {
    const dialog = within(await branch.openEdit(canvasElement));
    await expect(await dialog.findByRole('group', { name: 'ตั้งค่าความเร็วและเวลาตามประเภทรถ' })).toBeVisible();
    await expect(dialog.getByRole('region', { name: /แถวที่ 2$/ })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'เพิ่มแถว' }));
    await expect(dialog.getByRole('region', { name: /แถวที่ 3$/ })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึก' }));
    // The new empty row is checked like the parent: its required fields get Thai messages.
    await expect((await dialog.findAllByText('กรุณาระบุ ประเภทรถ')).length).toBeGreaterThan(0);
  },
};
