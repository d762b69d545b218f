import { accountApi } from '@lms/domain';
import { fieldRefusal, mock } from '@lms/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { HostStoryFrame, storeSession, storyUser } from './storyFrame.tsx';

const body = within(document.body);

const meta = {
  title: 'Host/Change password dialog',
  component: ChangePasswordDialog,
  args: { onClose: fn() },
  decorators: [
    (Story) => (
      <HostStoryFrame path="/">
        <Story />
      </HostStoryFrame>
    ),
  ],
  beforeEach({ msw }) {
    storeSession();
    msw.use(mock(accountApi.userInfo, () => storyUser));
  },
} satisfies Meta<typeof ChangePasswordDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fill(oldPassword: string, newPassword: string, confirm: string) {
  const dialog = await body.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText(/รหัสผ่านเก่า/), oldPassword);
  await userEvent.type(within(dialog).getByLabelText(/^รหัสผ่านใหม่/), newPassword);
  await userEvent.type(within(dialog).getByLabelText(/ยืนยันรหัสผ่านใหม่/), confirm);
  await userEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
  return dialog;
}

/** Spec §5's messages, from the domain's schema. */
export const Validation: Story = {
  play: async () => {
    const dialog = await fill('same-password', 'same-password', 'other-password');
    await expect(await within(dialog).findByText('รหัสผ่านใหม่ ต้องต่างจาก รหัสผ่านเก่า')).toBeVisible();
    await expect(within(dialog).getByText('ยืนยันรหัสผ่านใหม่ ไม่ถูกต้อง')).toBeVisible();
  },
};

/** The server's 422 field error appears under its field, inside the dialog. */
export const WrongOldPassword: Story = {
  beforeEach({ msw }) {
    msw.use(
      mock(accountApi.changePassword, () =>
        fieldRefusal({ oldPassword: 'รหัสผ่านเก่า ไม่ถูกต้อง' }, 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบ', 'รหัสผ่านเก่า ไม่ถูกต้อง'),
      ),
    );
  },
  play: async ({ args }) => {
    const dialog = await fill('wrong-one', 'new-password-1', 'new-password-1');
    await expect(await within(dialog).findByText('รหัสผ่านเก่า ไม่ถูกต้อง')).toBeVisible();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Success: the fresh token is stored, the snackbar says so, the dialog closes. */
export const Success: Story = {
  beforeEach({ msw }) {
    msw.use(
      mock(accountApi.changePassword, () => ({
        userId: 'u-1',
        token: 'fresh-token',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      })),
    );
  },
  play: async ({ args }) => {
    await fill('old-password', 'new-password-1', 'new-password-1');
    await expect(await body.findByText('เปลี่ยนรหัสผ่าน สำเร็จ')).toBeVisible();
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(localStorage.getItem('lms-auth-jwt')).toBe('fresh-token');
  },
};
