import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { fixtureId } from '../mocks/fixtures.ts';
import { entityStories, seenRequests } from '../stories/entityStories.tsx';
import type { EntityListPage } from './EntityListPage.tsx';

const s = entityStories('province');

const meta = {
  title: 'Pages/Province',
  ...s.meta,
} satisfies Meta<typeof EntityListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = s.List;
export const Empty: Story = s.Empty;
export const Loading: Story = s.Loading;
export const ServerError: Story = s.ServerError;
export const Search: Story = s.Search;
export const CreateRequiredMessages: Story = s.Create;
export const EditServerErrors: Story = s.EditServerErrors;
export const EditConflict: Story = s.EditConflict;
export const Show: Story = s.Show;
export const NoPermission: Story = s.NoPermission;
export const PhoneWidth: Story = s.PhoneWidth;
export const Detail: Story = s.Detail;

/**
 * Typing a new province, searching its region in the reference picker and saving sends one POST
 * with the picked region's id; the list then shows it.
 */
export const CreateAndSave: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'เพิ่มจังหวัด' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: /^รหัส/ }), 'P99');
    await userEvent.type(dialog.getByRole('textbox', { name: /^ชื่อ \(ไทย\)/ }), 'บึงกาฬ');
    await userEvent.type(dialog.getByRole('combobox', { name: /^ภาค/ }), 'เชียง');
    // Only the regions matching the typed text are offered.
    await waitFor(() => expect(screen.queryByRole('option', { name: /ภาค กรุงเทพมหานคร/ })).toBeNull());
    await userEvent.click(await screen.findByRole('option', { name: /ภาค เชียงใหม่/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = seenRequests.find((request) => request.method === 'POST');
    await expect(post?.body).toMatchObject({
      code: 'P99',
      nameTh: 'บึงกาฬ',
      regionId: fixtureId('region', 2),
    });
    await expect(await screen.findByText('บันทึกข้อมูล สำเร็จ')).toBeVisible();
  },
};

/** A filter in the URL (a shared link) is applied on the first request and counted on the button. */
export const FilterFromLink: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  parameters: { harness: { search: 'codes=PRO002&codes=PRO003&sort=code,desc' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('PRO003')).toBeVisible();
    await expect(canvas.queryByText('PRO001')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'ตัวกรอง (1)' })).toBeVisible();
    const list = seenRequests.find((request) => request.path === '/api/province');
    await expect(list?.params.getAll('codes')).toEqual(['PRO002', 'PRO003']);
    await expect(list?.params.get('sort')).toBe('code,desc');
  },
};
