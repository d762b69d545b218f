import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ProgressBar } from './ProgressBar.tsx';

const meta = {
  title: 'Design system/ProgressBar',
  component: ProgressBar,
  tags: ['autodocs'],
  args: { label: 'กำลังบันทึกข้อมูล' },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A known amount: the value for screen readers, and in words beside the label. */
export const Determinate: Story = {
  args: { value: 42_000, maxValue: 100_000, valueLabel: '42,000 จาก 100,000 แถว' },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'กำลังบันทึกข้อมูล' });
    await expect(bar).toHaveAttribute('aria-valuenow', '42000');
    await expect(bar).toHaveAttribute('aria-valuetext', '42,000 จาก 100,000 แถว');
    await expect(canvas.getByText('42,000 จาก 100,000 แถว')).toBeVisible();
  },
};

/** Nothing known yet (the file is being read): a moving stripe, no value. */
export const Indeterminate: Story = {
  args: { label: 'กำลังอ่านไฟล์' },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'กำลังอ่านไฟล์' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
  },
};

/** A long Thai label on a phone: the amount wraps under it. */
export const LongLabelMobile: Story = {
  args: {
    label: 'กำลังตรวจสอบข้อมูลทุกแถวของไฟล์รายการใบส่งสินค้าประจำวันจากระบบ ERP',
    value: 3,
    maxValue: 4,
  },
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '75%');
  },
};
