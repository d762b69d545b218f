import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pickFiles } from '../FileField/pickFiles.ts';
import { FormDialog } from '../FormDialog/FormDialog.tsx';
import { sampleImage } from '../ImageViewer/sampleImages.ts';
import { ImageField } from './ImageField.tsx';

const truck = sampleImage('#1f5fae');

const meta = {
  title: 'Design system/ImageField',
  component: ImageField,
  tags: ['autodocs'],
  args: { label: 'รูปรถ', value: null, onUpload: fn(), onDownload: fn(), onRemove: fn() },
  render: (args) => (
    <div style={{ maxWidth: 420 }}>
      <ImageField {...args} />
    </div>
  ),
} satisfies Meta<typeof ImageField>;

export default meta;
type Story = StoryObj<typeof meta>;
const body = within(document.body);

/** Docs: upload, then the button reads "เปลี่ยน"; the caller turns the stored file into a blob URL. */
export const UploadFlow: Story = {
  render: function Render(args) {
    const [value, setValue] = useState<string | null>(null);
    return (
      <ImageField
        {...args}
        value={value}
        fileName={value ? 'รถ-6ล้อ.png' : null}
        imageSrc={value ? truck : null}
        onUpload={(file) => {
          args.onUpload(file);
          setValue('img-1');
        }}
        onRemove={() => setValue(null)}
      />
    );
  },
  play: async ({ args, canvas, canvasElement }) => {
    await expect(canvas.getByText('ไม่มีรูปภาพ')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'อัปโหลด' })).toBeVisible();
    pickFiles(canvasElement, [new File(['x'], 'รถ-6ล้อ.png', { type: 'image/png' })]);
    await expect(args.onUpload).toHaveBeenCalledTimes(1);
    await expect(await canvas.findByRole('button', { name: 'เปลี่ยน' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'ลบไฟล์' }));
    await expect(canvas.getByText('ไม่มีรูปภาพ')).toBeVisible();
  },
};

/** Only .jpg, .jpeg and .png are accepted. */
export const RejectsOtherTypes: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('input[type="file"]')).toHaveAttribute(
      'accept',
      '.jpg,.jpeg,.png',
    );
    pickFiles(canvasElement, [new File(['x'], 'รถ.gif', { type: 'image/gif' })]);
    await expect(args.onUpload).not.toHaveBeenCalled();
    await expect(canvas.getByRole('alert')).toHaveTextContent('รองรับเฉพาะไฟล์ .jpg, .jpeg และ .png');
  },
};

/** A click on the image opens the viewer; Escape closes it. */
export const OpensViewer: Story = {
  args: { value: 'img-1', fileName: 'รถ-6ล้อ.png', imageSrc: truck },
  play: async ({ canvas }) => {
    const preview = canvas.getByRole('button', { name: 'ดูรูปภาพขนาดใหญ่ รถ-6ล้อ.png' });
    await expect(preview.getBoundingClientRect().height).toBe(158);
    await userEvent.click(preview);
    await expect(await body.findByRole('dialog', { name: 'รถ-6ล้อ.png' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

/**
 * From a form dialog (the user form's picture): the viewer is the top layer, focus moves into it
 * and comes back to the preview when it closes.
 */
export const ViewerAboveFormDialog: Story = {
  args: { value: 'img-1', fileName: 'ผู้ใช้.png', imageSrc: truck },
  render: (args) => (
    <FormDialog isOpen mode="edit" title="แก้ไข ผู้ใช้" onClose={() => {}}>
      <ImageField {...args} />
    </FormDialog>
  ),
  play: async () => {
    const preview = await body.findByRole('button', { name: 'ดูรูปภาพขนาดใหญ่ ผู้ใช้.png' });
    await userEvent.click(preview);
    const viewer = await body.findByRole('dialog', { name: 'ผู้ใช้.png' });
    // Hit-testing finds the picture even when it is painted under the dialog (the bug this
    // guards against), so compare the two overlays' layers where they meet: under <body>.
    const layerOf = (element: Element) => {
      let node = element;
      while (node.parentElement && node.parentElement !== document.body) node = node.parentElement;
      return Number(getComputedStyle(node).zIndex);
    };
    const form = body.getByRole('dialog', { name: 'แก้ไข ผู้ใช้' });
    await expect(layerOf(viewer)).toBeGreaterThan(layerOf(form));
    await expect(viewer.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'ผู้ใช้.png' })).toBeNull());
    await waitFor(() => expect(preview).toHaveFocus());
    // The form dialog is still open under it.
    await expect(body.getByRole('dialog', { name: 'แก้ไข ผู้ใช้' })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { value: 'img-1', isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('กำลังโหลด...');
    await expect(canvas.getByRole('button', { name: 'เปลี่ยน' })).toBeDisabled();
  },
};

export const ErrorState: Story = {
  args: { error: 'กรุณาอัปโหลดรูปรถ', required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group')).toHaveAccessibleDescription('กรุณาอัปโหลดรูปรถ');
  },
};

/** Spec §8: the stored image could not be fetched: its error, not the no-image placeholder. */
export const ImageLoadFailed: Story = {
  args: { value: 'img-1', fileName: 'รถ-6ล้อ.png', imageSrc: null, imageError: 'ไม่สามารถแสดงรูปภาพได้' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('ไม่สามารถแสดงรูปภาพได้');
    await expect(canvas.queryByText('ไม่มีรูปภาพ')).toBeNull();
    // The stored file is still there: it can be changed or removed.
    await expect(canvas.getByRole('button', { name: 'เปลี่ยน' })).toBeEnabled();
  },
};

/** The bytes arrived but are not a picture the browser can draw: the same error. */
export const BrokenImage: Story = {
  args: { value: 'img-1', fileName: 'เสีย.png', imageSrc: 'data:image/png;base64,AAAA' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('ไม่สามารถแสดงรูปภาพได้');
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, value: 'img-1', imageSrc: truck, fileName: 'รถ.png' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'เปลี่ยน' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'ลบไฟล์' })).toBeDisabled();
  },
};

export const PhoneWidth: Story = {
  args: { label: 'รูปถ่ายใบขับขี่ของพนักงานขับรถพร้อมบัตรประจำตัวประชาชน', value: null },
  render: (args) => (
    <div style={{ width: 343 }}>
      <ImageField {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const group = canvasElement.querySelector('[role="group"]') as HTMLElement;
    await expect(group.scrollWidth).toBeLessThanOrEqual(343);
  },
};
