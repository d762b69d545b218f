import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { ImageViewer } from './ImageViewer.tsx';
import { sampleImage } from './sampleImages.ts';

const images = [
  { src: sampleImage('#1f5fae'), alt: 'รถบรรทุก 6 ล้อ ด้านข้าง' },
  { src: sampleImage('#1e7d32'), alt: 'รถบรรทุก 6 ล้อ ด้านหน้า' },
  { src: sampleImage('#a15c00'), alt: 'รถบรรทุก 6 ล้อ ด้านหลัง' },
];

const meta = {
  title: 'Design system/ImageViewer',
  component: ImageViewer,
  tags: ['autodocs'],
  args: { isOpen: true, onClose: fn(), src: images[0]?.src ?? '', alt: images[0]?.alt ?? '' },
} satisfies Meta<typeof ImageViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** Docs: the host keeps which image is open; the viewer shows it. */
export const OpenFromThumbnail: Story = {
  render: function Render() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onPress={() => setOpen(true)}>ดูรูปรถ</Button>
        <ImageViewer isOpen={open} onClose={() => setOpen(false)} src={images[0]?.src ?? ''} alt="รูปรถ" />
      </>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'ดูรูปรถ' }));
    const dialog = await body.findByRole('dialog', { name: 'รูปรถ' });
    await expect(within(dialog).getByRole('img', { name: 'รูปรถ' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'ปิด' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'ดูรูปรถ' })).toHaveFocus();
  },
};

/** Zoom 1–8 with the buttons or + and −; the buttons disable at the ends. */
export const Zoom: Story = {
  play: async () => {
    const dialog = await body.findByRole('dialog');
    const zoomOut = within(dialog).getByRole('button', { name: 'ย่อ' });
    await expect(zoomOut).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ขยาย' }));
    await expect(dialog).toHaveTextContent('200%');
    await userEvent.keyboard('++++++++');
    await expect(dialog).toHaveTextContent('800%');
    await expect(within(dialog).getByRole('button', { name: 'ขยาย' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.keyboard('-');
    await expect(dialog).toHaveTextContent('700%');
    await expect(within(dialog).getByRole('img')).toHaveAttribute('data-zoom', '7');
  },
};

/** A click on the dark backdrop closes; a click on the image does not. */
export const BackdropCloses: Story = {
  play: async ({ args }) => {
    const dialog = await body.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('img'));
    await expect(args.onClose).not.toHaveBeenCalled();
    fireEvent.click(body.getByTestId('image-viewer-backdrop'));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const EscapeCloses: Story = {
  play: async ({ args }) => {
    await body.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

/** Previous/next buttons and the arrow keys; zoom resets for each image. */
export const PreviousNext: Story = {
  render: function Render(args) {
    const [index, setIndex] = useState(1);
    const image = images[index] ?? images[0];
    return (
      <ImageViewer
        {...args}
        src={image?.src ?? ''}
        alt={image?.alt ?? ''}
        onPrevious={index > 0 ? () => setIndex(index - 1) : undefined}
        onNext={index < images.length - 1 ? () => setIndex(index + 1) : undefined}
      />
    );
  },
  play: async () => {
    await expect(await body.findByRole('dialog', { name: 'รถบรรทุก 6 ล้อ ด้านหน้า' })).toBeVisible();
    await userEvent.keyboard('+');
    await userEvent.keyboard('{ArrowRight}');
    const dialog = await body.findByRole('dialog', { name: 'รถบรรทุก 6 ล้อ ด้านหลัง' });
    await expect(dialog).toHaveTextContent('100%');
    await expect(within(dialog).queryByRole('button', { name: 'รูปถัดไป' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'รูปก่อนหน้า' }));
    await userEvent.keyboard('{ArrowLeft}');
    await expect(await body.findByRole('dialog', { name: 'รถบรรทุก 6 ล้อ ด้านข้าง' })).toBeVisible();
  },
};
