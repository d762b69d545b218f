import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pickFiles } from '../FileField/pickFiles.ts';
import { type AttachmentItem, AttachmentsField } from './AttachmentsField.tsx';

const files: AttachmentItem[] = [
  { id: 'f-1', name: 'ใบสั่งซื้อ PO-2569-0012.pdf' },
  { id: 'f-2', name: 'ใบส่งของลงนามลูกค้า.jpg' },
  { id: 'f-3', name: 'รายการสินค้า มีนาคม.xlsx' },
];

const meta = {
  title: 'Design system/AttachmentsField',
  component: AttachmentsField,
  tags: ['autodocs'],
  args: {
    label: 'หลักฐานการส่งมอบ',
    items: [],
    accept: ['.pdf', '.jpg', '.png', '.xlsx'],
    max: 20,
    onUpload: fn(),
    onDownload: fn(),
    onRemove: fn(),
  },
  render: (args) => (
    <div style={{ maxWidth: 560 }}>
      <AttachmentsField {...args} />
    </div>
  ),
} satisfies Meta<typeof AttachmentsField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing attached yet: the prompt and the upload button, which offers the accepted types. */
export const Empty: Story = {
  play: async ({ canvas, canvasElement }) => {
    const group = canvas.getByRole('group', { name: 'หลักฐานการส่งมอบ' });
    await expect(within(group).getByText('ยังไม่มีไฟล์แนบ คลิกปุ่มเพื่ออัปโหลด →')).toBeVisible();
    await expect(within(group).getByRole('button', { name: 'อัปโหลด' })).toBeEnabled();
    await expect(canvasElement.querySelector('input[type="file"]')).toHaveAttribute(
      'accept',
      '.pdf,.jpg,.png,.xlsx',
    );
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** Several files in their order; each downloads and removes by its own name, by keyboard too. */
export const SeveralFiles: Story = {
  args: { items: files },
  play: async ({ args, canvas }) => {
    const items = within(canvas.getByRole('list', { name: 'หลักฐานการส่งมอบ' })).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent?.split('ดาวน์โหลด')[0])).toEqual(
      files.map((f) => f.name),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'ดาวน์โหลด ใบส่งของลงนามลูกค้า.jpg' }));
    await expect(args.onDownload).toHaveBeenCalledWith('f-2');
    canvas.getByRole('button', { name: 'ลบไฟล์ รายการสินค้า มีนาคม.xlsx' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenCalledWith('f-3');
  },
};

/** Docs: the host uploads the first picked file and adds its id; remove takes it out again. */
export const UploadFlow: Story = {
  render: function Render(args) {
    const [items, setItems] = useState<AttachmentItem[]>([files[0]!]);
    return (
      <AttachmentsField
        {...args}
        items={items}
        onUpload={(file) => {
          args.onUpload?.(file);
          setItems((all) => [...all, { id: `new-${all.length}`, name: file.name }]);
        }}
        onRemove={(id) => setItems((all) => all.filter((item) => item.id !== id))}
      />
    );
  },
  play: async ({ args, canvas, canvasElement }) => {
    pickFiles(canvasElement, [new File(['a'], 'รูปถ่ายตอนส่งมอบ.png'), new File(['b'], 'อื่น.png')]);
    await expect(args.onUpload).toHaveBeenCalledTimes(1);
    await expect(await canvas.findByText('รูปถ่ายตอนส่งมอบ.png')).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'ลบไฟล์ ใบสั่งซื้อ PO-2569-0012.pdf' }));
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
  },
};

/** An upload under way: its line says so and the upload button waits; names still loading say so too. */
export const Uploading: Story = {
  args: { items: [files[0]!, { id: 'f-9' }], isUploading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('กำลังอัปโหลด...');
    await expect(canvas.getByRole('button', { name: 'อัปโหลด' })).toBeDisabled();
    await expect(canvas.getByText('กำลังโหลด...')).toBeVisible();
  },
};

/** A file whose name could not be loaded shows the look-up's message and can still be removed. */
export const InfoLoadFailed: Story = {
  args: {
    items: [files[0]!, { id: 'f-gone', error: 'ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้' }],
  },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้');
    const failed = canvas.getAllByRole('listitem')[1]!;
    await expect(within(failed).queryByRole('button', { name: /ดาวน์โหลด/ })).toBeNull();
    await userEvent.click(within(failed).getByRole('button', { name: 'ลบไฟล์' }));
    await expect(args.onRemove).toHaveBeenCalledWith('f-gone');
  },
};

/** The field's own error (the server refused a file) names the group. */
export const FieldError: Story = {
  args: {
    items: [files[0]!],
    required: true,
    error: 'หลักฐานการส่งมอบ: ไม่พบไฟล์ที่แนบ 1 ไฟล์ กรุณาอัปโหลดไฟล์ใหม่แล้วลองอีกครั้ง',
  },
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: /หลักฐานการส่งมอบ/ });
    await expect(group).toHaveAccessibleName('หลักฐานการส่งมอบ (จำเป็น)');
    await expect(group).toHaveAccessibleDescription(/ไม่พบไฟล์ที่แนบ 1 ไฟล์/);
  },
};

/** At the limit the upload button goes and the field says why. */
export const Full: Story = {
  args: { items: files, max: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('แนบไฟล์ครบจำนวนแล้ว')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'อัปโหลด' })).toBeDisabled();
  },
};

/** The detail view: names and downloads, no upload or remove. */
export const ReadOnly: Story = {
  args: { items: files.slice(0, 2), isReadOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /ลบไฟล์|อัปโหลด/ })).toBeNull();
    await expect(canvas.getAllByRole('button', { name: /^ดาวน์โหลด/ })).toHaveLength(2);
  },
};

export const ReadOnlyEmpty: Story = {
  args: { items: [], isReadOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('ไม่มีไฟล์แนบ')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

const longName =
  'ใบยืนยันการรับสินค้าคลังสินค้าภาคตะวันออกเฉียงเหนือ_นครราชสีมา_2569-01-15_ฉบับแก้ไขครั้งที่สองพร้อมลายมือชื่อผู้รับ.pdf';

/** Long Thai names wrap inside the field; nothing is wider than its box. */
export const LongThaiText: Story = {
  args: {
    label: 'เอกสารยืนยันการรับสินค้าจากคลังสินค้าปลายทางพร้อมลายมือชื่อผู้รับและรูปถ่ายหน้าร้าน',
    items: [{ id: 'f-1', name: longName }, files[1]!],
  },
  render: (args) => (
    <div style={{ width: 320 }}>
      <AttachmentsField {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(longName)).toBeVisible();
    const field = canvasElement.querySelector('[role="group"]') as HTMLElement;
    await expect(field.scrollWidth).toBeLessThanOrEqual(320);
  },
};

/** Phone width: every button stays reachable inside the screen. */
export const MobileWidth: Story = {
  args: { items: files },
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  render: (args) => <AttachmentsField {...args} />,
  play: async ({ canvas }) => {
    for (const button of canvas.getAllByRole('button')) {
      const box = button.getBoundingClientRect();
      await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};
