import { type Answer, healthApi } from '@lms/domain';
import { mock, neverAnswered, refusal } from '@lms/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { SystemStatusPage } from './SystemStatusPage.tsx';

const healthy: Answer<typeof healthApi.health> = {
  status: 'ok',
  database: { version: 'PostgreSQL 18.4', migration: '0001_foundation' },
};

const meta = {
  title: 'Pages/System status',
  component: SystemStatusPage,
} satisfies Meta<typeof SystemStatusPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Healthy: Story = {
  args: { details: true },
  beforeEach({ msw }) {
    msw.use(mock(healthApi.health, () => healthy));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ระบบพร้อมใช้งาน')).toBeVisible();
    await expect(canvas.getByText('PostgreSQL 18.4')).toBeVisible();
    await expect(canvas.getByText('0001_foundation')).toBeVisible();
  },
};

/** A user who is not an administrator reads that the system is ready, not its database version. */
export const HealthyForUser: Story = {
  args: { details: false },
  beforeEach: Healthy.beforeEach,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('ระบบพร้อมใช้งาน')).toBeVisible();
    await expect(canvas.queryByText('PostgreSQL 18.4')).toBeNull();
    await expect(canvas.queryByText('0001_foundation')).toBeNull();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(mock(healthApi.health, () => neverAnswered()));
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('กำลังตรวจสอบการเชื่อมต่อฐานข้อมูล...')).toBeVisible();
  },
};

export const ServerError: Story = {
  args: { details: true },
  beforeEach({ msw }) {
    let calls = 0;
    msw.use(
      mock(healthApi.health, () => {
        calls += 1;
        return calls === 1 ? refusal(500, 'เกิดข้อผิดพลาดในระบบ กรุณาลองใหม่อีกครั้ง') : healthy;
      }),
    );
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('ไม่สามารถตรวจสอบสถานะระบบได้');
    await expect(alert).toHaveTextContent('เกิดข้อผิดพลาดในระบบ กรุณาลองใหม่อีกครั้ง');
    // Retrying recovers without a reload.
    await userEvent.click(canvas.getByRole('button', { name: 'ลองอีกครั้ง' }));
    await waitFor(() => expect(canvas.getByText('ระบบพร้อมใช้งาน')).toBeVisible());
  },
};

export const PhoneWidth: Story = {
  ...Healthy,
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('ระบบพร้อมใช้งาน')).toBeVisible();
    const card = canvasElement.querySelector('section');
    await expect(card?.getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};
