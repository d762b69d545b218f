import { appUser, filesApi, ROLE_APP_USER_READ } from '@lms/domain';
import { fixtureId, fixturesFor, mock, refusal, TEMPORARY_PASSWORD } from '@lms/testing';
import { entityStories, seenRequests } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { EntityDetailPage } from './EntityDetailPage.tsx';
import type { EntityListPage } from './EntityListPage.tsx';

const s = entityStories('appUser');

const meta = {
  title: 'Pages/AppUser',
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

/** Creating a user shows the server's temporary password once. */
export const CreateShowsTemporaryPassword: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'เพิ่มผู้ใช้งาน' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: /^ชื่อผู้ใช้/ }), 'somsri');
    await userEvent.type(dialog.getByRole('textbox', { name: /^ชื่อ-นามสกุล/ }), 'สมศรี มีสุข');
    await userEvent.click(dialog.getByRole('button', { name: 'บันทึก' }));
    const notice = await screen.findByRole('dialog', { name: 'รหัสผ่านชั่วคราว' });
    await expect(within(notice).getByText(TEMPORARY_PASSWORD)).toBeVisible();
    await expect(seenRequests.find((request) => request.method === 'POST')?.body).toMatchObject({
      username: 'somsri',
    });
    await userEvent.click(within(notice).getByRole('button', { name: 'ปิด' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Reset password from the user's detail page: confirm, then the new temporary password once. */
export const ResetPassword: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  render: () => <EntityDetailPage entity="appUser" id={fixtureId('appUser', 1)} />,
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'รีเซ็ตรหัสผ่าน' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'รีเซ็ตรหัสผ่าน' }));
    const notice = await screen.findByRole('dialog', { name: 'รหัสผ่านชั่วคราว' });
    await expect(within(notice).getByText(TEMPORARY_PASSWORD)).toBeVisible();
  },
};

/** A reader without the reset role sees the button disabled, with the reason beside it. */
export const ResetPasswordNotAllowed: Story = {
  beforeEach: ({ msw }) => s.mount(msw),
  parameters: { harness: { roles: [ROLE_APP_USER_READ] } },
  render: () => <EntityDetailPage entity="appUser" id={fixtureId('appUser', 1)} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'รีเซ็ตรหัสผ่าน' })).toBeDisabled();
    await expect(canvas.getByText(/ไม่มีสิทธิ์รีเซ็ตรหัสผ่าน/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'แก้ไข' })).toBeNull();
  },
};

/** Spec §8: the profile image cannot be fetched: the form shows the server's reason, not "no image". */
export const ProfileImageLoadFailed: Story = {
  beforeEach: ({ msw }) => {
    // Every user has a profile image on file.
    s.mount(msw, {
      fixtures: fixturesFor(appUser).map((user) => ({ ...user, profileImageId: fixtureId('file', 1) })),
    });
    msw.use(mock(filesApi.image, () => refusal(404, 'ไม่พบไฟล์ที่ต้องการ')));
  },
  play: async ({ canvasElement }) => {
    const dialog = await s.openEdit(canvasElement);
    const alert = await within(dialog).findByText('ไม่พบไฟล์ที่ต้องการ');
    await expect(alert.closest('[role="alert"]')).not.toBeNull();
    await expect(within(dialog).queryByText('ไม่มีรูปภาพ')).toBeNull();
  },
};
