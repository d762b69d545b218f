import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Alert } from './Alert.tsx';

const meta = {
  title: 'Design system/Alert',
  component: Alert,
  tags: ['autodocs'],
  args: { children: 'บันทึกไม่สำเร็จ กรุณาลองใหม่อีกครั้ง' },
  argTypes: { tone: { control: 'inline-radio', options: ['danger', 'warning'] } },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A failure: announced (role alert) as soon as it appears. */
export const Danger: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('บันทึกไม่สำเร็จ กรุณาลองใหม่อีกครั้ง');
    await expect(canvas.getByRole('alert')).toHaveAttribute('data-tone', 'danger');
  },
};

export const Warning: Story = {
  args: { tone: 'warning', withIcon: true, children: 'วันนี้เหลือรถ 6 ล้อว่างเพียง 1 คัน' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveAttribute('data-tone', 'warning');
    await expect(canvas.getByRole('alert').querySelector('svg')).not.toBeNull();
  },
};

/** The server's messages arrive joined by newlines: each stays on its own line. */
export const SeveralMessages: Story = {
  args: { children: 'รหัส ต้องไม่ว่าง\nชื่อ ยาวเกิน 100 ตัวอักษร' },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(getComputedStyle(alert).whiteSpace).toBe('pre-line');
    await expect(alert.getBoundingClientRect().height).toBeGreaterThan(40);
  },
};

export const LongThaiText: Story = {
  args: {
    withIcon: true,
    children:
      'ไม่สามารถจองรถได้เนื่องจากช่วงเวลาที่เลือกอยู่ในเวลาห้ามรถบรรทุกวิ่งของกรุงเทพมหานครและน้ำหนักรวมของใบสั่งส่งสินค้าเกินความจุที่เหลือของรถทุกคันในกะนี้ กรุณาเลือกวันอื่นหรือแบ่งใบสั่งส่งสินค้า',
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('alert')).toBeVisible();
    // Wraps inside its box: nothing scrolls sideways.
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const PhoneWidth: Story = {
  ...LongThaiText,
  render: (args) => (
    <div style={{ width: 360 }}>
      <Alert {...args} />
    </div>
  ),
};
