import type { EntityListPage } from '@lms/entity-pages';
import { entityStories } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';

const roleGroup = entityStories('appRoleGroup');

/** The special part of appRoleGroup: its page is still the generic one, with the part in a slot. */
const meta = {
  title: 'Pages/AppRoleGroup/Special part',
  ...roleGroup.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Permission group: roles picked by checkbox, grouped by the entity or feature they guard. */
export const RolePicker: Story = {
  args: { entity: 'appRoleGroup' },
  beforeEach: ({ msw }) => roleGroup.mount(msw),
  play: async ({ canvasElement }) => {
    const dialog = within(await roleGroup.openEdit(canvasElement));
    const province = await dialog.findByRole('group', { name: 'จังหวัด' });
    const edit = within(province).getByRole('checkbox', { name: 'แก้ไข' });
    const before = edit.getAttribute('aria-checked') ?? String((edit as HTMLInputElement).checked);
    await userEvent.click(edit);
    await waitFor(() =>
      expect(edit.getAttribute('aria-checked') ?? String((edit as HTMLInputElement).checked)).not.toBe(
        before,
      ),
    );
    await expect(dialog.getByRole('group', { name: 'ผู้ดูแลระบบ' })).toBeVisible();
  },
};
