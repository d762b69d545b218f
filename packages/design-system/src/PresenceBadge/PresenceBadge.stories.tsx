import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PresenceBadge } from './PresenceBadge.tsx';

const meta = {
  title: 'Design system/PresenceBadge',
  component: PresenceBadge,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  args: { people: [] },
} satisfies Meta<typeof PresenceBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

const phone = {
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
};

/** Someone edits the record: a warning, editors named first. */
export const SomeoneEditing: Story = {
  args: {
    people: [
      { id: 'u2', name: 'สมหญิง ใจดี', mode: 'viewing' },
      { id: 'u1', name: 'สมชาย รักงาน', mode: 'editing' },
    ],
  },
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('สมชาย รักงาน กำลังแก้ไขข้อมูลนี้อยู่ · สมหญิง ใจดี เปิดดูอยู่');
    await expect(status.querySelector('[data-editing]')).not.toBeNull();
  },
};

/** Others only look: a quiet note. */
export const OthersViewing: Story = {
  args: { people: [{ id: 'u2', name: 'สมหญิง ใจดี', mode: 'viewing' }] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('สมหญิง ใจดี เปิดดูอยู่');
    await expect(canvas.getByRole('status').querySelector('[data-editing]')).toBeNull();
  },
};

/** Nobody else: nothing shown (the live region stays, empty, for the next change). */
export const Nobody: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

/** Many people with long Thai names, on a phone: three named, the rest counted, the text wraps. */
export const ManyOnPhone: Story = {
  ...phone,
  args: {
    people: [
      { id: 'a', name: 'นางสาวพรรณราย ศรีสุวรรณวงศ์ (ฝ่ายวางแผนขนส่ง สาขาบางนา)', mode: 'editing' },
      { id: 'b', name: 'นายธีรวัฒน์ เจริญพัฒนากุล', mode: 'editing' },
      { id: 'c', name: 'สมศรี มีสุข', mode: 'viewing' },
      { id: 'd', name: 'ประยุทธ ทองดี', mode: 'viewing' },
      { id: 'e', name: 'วิไล แสงทอง', mode: 'viewing' },
      { id: 'f', name: 'ชัยวัฒน์ บุญมา', mode: 'viewing' },
      { id: 'g', name: 'อรุณี ศักดิ์ดี', mode: 'viewing' },
    ],
  },
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('วิไล แสงทอง และอีก 2 คน เปิดดูอยู่');
    await expect(status.scrollWidth).toBeLessThanOrEqual(status.clientWidth + 1);
  },
};
