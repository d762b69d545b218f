import { authApi } from '@lms/domain';
import { mock, neverAnswered, refusal } from '@lms/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { clearSession, HostStoryFrame, storyUser } from '../session/storyFrame.tsx';
import { LoginPage } from './LoginPage.tsx';

const meta = {
  title: 'Host/Login page',
  component: LoginPage,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <HostStoryFrame path="/auth/login?to=%2Fprovince">
        <Story />
      </HostStoryFrame>
    ),
  ],
  beforeEach() {
    clearSession();
  },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const signedIn = {
  userId: storyUser.userId,
  token: 'story-token',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  info: storyUser,
};

/** The server's message stays on the page; nothing is stored. */
export const WrongPassword: Story = {
  beforeEach({ msw }) {
    msw.use(mock(authApi.webLogin, () => refusal(401, 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง')));
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/ชื่อผู้ใช้/), 'somchai.j');
    await userEvent.type(canvas.getByLabelText(/รหัสผ่าน/), 'ผิด{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
    await expect(localStorage.getItem('lms-auth-jwt')).toBeNull();
  },
};

/** Empty fields are caught before any call. */
export const Required: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    await expect(await canvas.findByText('กรุณาระบุ ชื่อผู้ใช้')).toBeVisible();
    await expect(canvas.getByText('กรุณาระบุ รหัสผ่าน')).toBeVisible();
  },
};

/** The button shows its spinner while the call runs. */
export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mock(authApi.webLogin, () => neverAnswered()));
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.type(canvas.getByLabelText(/ชื่อผู้ใช้/), 'somchai.j');
    await userEvent.type(canvas.getByLabelText(/รหัสผ่าน/), 'x{Enter}');
    await waitFor(() => expect(canvasElement.querySelector('form')).toHaveAttribute('aria-busy', 'true'));
    await expect(canvas.getByText('กำลังดำเนินการ')).toBeInTheDocument();
  },
};

export const PhoneWidth: Story = {
  globals: { viewport: { value: 'mobile1' } },
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('section');
    await expect(card?.getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};

/** Docs: username and password; Enter submits; back to `to` afterwards. */
export const SignsIn: Story = {
  beforeEach({ msw }) {
    msw.use(mock(authApi.webLogin, () => signedIn));
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/ชื่อผู้ใช้/), 'somchai.j');
    await userEvent.type(canvas.getByLabelText(/รหัสผ่าน/), 'ความลับ123');
    await userEvent.click(canvas.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    await expect(await canvas.findByText('หน้าจังหวัด')).toBeVisible();
    await expect(localStorage.getItem('lms-auth-jwt')).toBe('story-token');
  },
};
