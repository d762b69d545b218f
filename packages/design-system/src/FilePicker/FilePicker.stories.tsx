import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
import { pickFiles } from '../FileField/pickFiles.ts';
import { FilePicker } from './FilePicker.tsx';

const meta = {
  title: 'Design system/FilePicker',
  component: FilePicker,
  tags: ['autodocs'],
  args: {
    label: 'ไฟล์ .xlsx หรือ .csv (UTF-8) ไม่เกิน 20 MB / 100,000 แถว',
    fileName: null,
    accept: ['.xlsx', '.csv'],
    onPick: fn(),
  },
  render: (args) => (
    <div style={{ maxWidth: 520 }}>
      <FilePicker {...args} />
    </div>
  ),
} satisfies Meta<typeof FilePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: Thai words where the browser's input would say "Choose File" and "No file chosen". */
export const Empty: Story = {
  play: async ({ canvas, canvasElement }) => {
    const group = canvas.getByRole('group', { name: /ไฟล์ .xlsx หรือ .csv/ });
    await expect(within(group).getByRole('button', { name: 'เลือกไฟล์' })).toBeEnabled();
    await expect(within(group).getByText('ยังไม่ได้เลือกไฟล์')).toBeVisible();
    await expect(canvasElement).not.toHaveTextContent(/Choose File|No file chosen/);
    // The browser's own control is not shown: its words would be the browser's language.
    await expect(canvasElement.querySelector('input[type="file"]')).not.toBeVisible();
  },
};

/** The caller keeps the file: picking shows its name and the button offers to change it. */
export const PickFlow: Story = {
  render: function Render(args) {
    const [name, setName] = useState<string | null>(null);
    return (
      <div style={{ maxWidth: 520 }}>
        <FilePicker
          {...args}
          fileName={name}
          onPick={(file) => {
            args.onPick(file);
            setName(file.name);
          }}
        />
      </div>
    );
  },
  play: async ({ args, canvas, canvasElement }) => {
    pickFiles(canvasElement, [new File(['a'], 'ลูกค้า.xlsx'), new File(['b'], 'อื่น.xlsx')]);
    await expect(args.onPick).toHaveBeenCalledTimes(1);
    await expect((args.onPick as ReturnType<typeof fn>).mock.calls[0]?.[0].name).toBe('ลูกค้า.xlsx');
    await expect(await canvas.findByText('ลูกค้า.xlsx')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'เปลี่ยนไฟล์' })).toBeEnabled();
    await expect(canvas.queryByText('ยังไม่ได้เลือกไฟล์')).toBeNull();
  },
};

/** While the file is being checked or saved, it cannot be changed. */
export const Disabled: Story = {
  args: { fileName: 'ลูกค้า.xlsx', isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'เปลี่ยนไฟล์' })).toBeDisabled();
  },
};

export const ErrorState: Story = {
  args: { fileName: 'ลูกค้า.xls', error: 'ไฟล์ .xls แบบเก่าใช้ไม่ได้ กรุณาบันทึกเป็น .xlsx' },
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: /ไฟล์ .xlsx หรือ .csv/ });
    await expect(group).toHaveAccessibleDescription('ไฟล์ .xls แบบเก่าใช้ไม่ได้ กรุณาบันทึกเป็น .xlsx');
  },
};

/** A long Thai file name wraps inside the field instead of widening it. */
export const LongThaiText: Story = {
  args: {
    label: 'ไฟล์รายการใบส่งสินค้าประจำวันจากระบบ ERP ของสาขากรุงเทพและปริมณฑล (.xlsx หรือ .csv)',
    fileName: 'รายการใบส่งสินค้าประจำวันจากระบบERPของสาขากรุงเทพและปริมณฑล_ฉบับแก้ไขครั้งที่สอง_2569-11-28.xlsx',
  },
  render: (args) => (
    <div style={{ width: 320 }}>
      <FilePicker {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const field = canvasElement.querySelector('[role="group"]') as HTMLElement;
    await expect(field.scrollWidth).toBeLessThanOrEqual(320);
    await expect(canvas.getByRole('button', { name: 'เปลี่ยนไฟล์' })).toBeVisible();
  },
};

/** On a phone the button stays whole beside or under the name. */
export const Phone: Story = {
  args: { fileName: 'DO ประจำวัน.xlsx' },
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  render: (args) => <FilePicker {...args} />,
  play: async ({ canvas, canvasElement }) => {
    const button = canvas.getByRole('button', { name: 'เปลี่ยนไฟล์' });
    await expect(button).toBeVisible();
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(canvasElement.clientWidth + 1);
  },
};
