import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { FileField } from './FileField.tsx';
import { pickFiles } from './pickFiles.ts';

const meta = {
  title: 'Design system/FileField',
  component: FileField,
  tags: ['autodocs'],
  args: {
    label: 'เอกสารแนบ',
    value: null,
    accept: ['.pdf'],
    onUpload: fn(),
    onDownload: fn(),
    onRemove: fn(),
  },
  render: (args) => (
    <div style={{ maxWidth: 480 }}>
      <FileField {...args} />
    </div>
  ),
} satisfies Meta<typeof FileField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: the host uploads, then passes the stored id and name back; remove clears the value. */
export const UploadFlow: Story = {
  render: function Render(args) {
    const [value, setValue] = useState<string | null>(null);
    const [name, setName] = useState<string | null>(null);
    return (
      <FileField
        {...args}
        value={value}
        fileName={name}
        onUpload={(file) => {
          args.onUpload(file);
          setValue('file-1');
          setName(file.name);
        }}
        onRemove={() => setValue(null)}
      />
    );
  },
  play: async ({ args, canvas, canvasElement }) => {
    await expect(canvas.getByText('คลิกปุ่มเพื่ออัปโหลด →')).toBeVisible();
    pickFiles(canvasElement, [new File(['a'], 'ใบส่งของ.pdf'), new File(['b'], 'อื่น.pdf')]);
    await expect(args.onUpload).toHaveBeenCalledTimes(1);
    await expect((args.onUpload as ReturnType<typeof fn>).mock.calls[0]?.[0].name).toBe('ใบส่งของ.pdf');
    await expect(await canvas.findByText('ใบส่งของ.pdf')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'ลบไฟล์ ใบส่งของ.pdf' }));
    await expect(canvas.getByText('คลิกปุ่มเพื่ออัปโหลด →')).toBeVisible();
  },
};

export const Empty: Story = {
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: 'เอกสารแนบ' });
    await expect(within(group).getByRole('button', { name: 'อัปโหลด' })).toBeEnabled();
    await expect(canvas.getByText('คลิกปุ่มเพื่ออัปโหลด →')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('กำลังโหลด...');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Loaded: download and remove; keyboard reaches both. */
export const Loaded: Story = {
  args: { value: 'f-42', fileName: 'สัญญาขนส่ง.pdf' },
  play: async ({ args, canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'ดาวน์โหลด สัญญาขนส่ง.pdf' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDownload).toHaveBeenCalledTimes(1);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenCalledTimes(1);
  },
};

export const ErrorState: Story = {
  args: { error: 'อัปโหลดไฟล์ไม่สำเร็จ', required: true },
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: /เอกสารแนบ/ });
    await expect(group).toHaveAccessibleDescription('อัปโหลดไฟล์ไม่สำเร็จ');
    await expect(group).toHaveAccessibleName('เอกสารแนบ (จำเป็น)');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'อัปโหลด' })).toBeDisabled();
  },
};

export const LongThaiText: Story = {
  args: {
    label: 'เอกสารยืนยันการรับสินค้าจากคลังสินค้าปลายทางพร้อมลายมือชื่อผู้รับ',
    value: 'f-1',
    fileName: 'ใบยืนยันการรับสินค้าคลังสินค้าภาคตะวันออกเฉียงเหนือ_นครราชสีมา_2569-01-15_ฉบับแก้ไขครั้งที่สอง.pdf',
  },
  render: (args) => (
    <div style={{ width: 320 }}>
      <FileField {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const field = canvasElement.querySelector('[role="group"]') as HTMLElement;
    await expect(field.scrollWidth).toBeLessThanOrEqual(320);
  },
};
