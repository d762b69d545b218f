import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Avatar } from './Avatar.tsx';

// A drawn picture as a data URL: deterministic, no network (the app passes blob URLs).
const photo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#1f5fae"/><circle cx="24" cy="19" r="9" fill="#fff"/><rect x="10" y="32" width="28" height="16" rx="8" fill="#fff"/></svg>',
)}`;
const broken = 'data:image/png;base64,bm90LWFuLWltYWdl';

const meta = {
  title: 'Design system/Avatar',
  component: Avatar,
  tags: ['autodocs'],
  args: { name: 'สมชาย ใจดี', onImageError: fn() },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: photo, initials and the person icon; 48 px by default. */
export const Kinds: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <Avatar {...args} src={photo} />
      <Avatar {...args} />
      <Avatar {...args} name="คนขับรถ" showInitials={false} />
    </div>
  ),
  play: async ({ canvas }) => {
    const avatars = canvas.getAllByRole('img', { name: /สมชาย ใจดี|คนขับรถ/ });
    await expect(avatars).toHaveLength(3);
    await expect(avatars[0]!.getBoundingClientRect().width).toBe(48);
  },
};

export const Image: Story = {
  args: { src: photo },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: 'สมชาย ใจดี' })).toBeInTheDocument();
    const img = canvasElement.querySelector('img')!;
    await waitFor(() => expect(img.complete && img.naturalWidth > 0).toBe(true));
  },
};

export const Initials: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'สมชาย ใจดี' })).toHaveTextContent('สจ');
  },
};

/** A thumbnail that fails to load falls back to the person icon and tells the caller (spec §8). */
export const FailedImage: Story = {
  args: { src: broken },
  play: async ({ args, canvasElement }) => {
    await waitFor(() => expect(args.onImageError).toHaveBeenCalledTimes(1));
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvasElement.querySelector('svg[data-icon="person"]')).not.toBeNull();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      <Avatar {...args} size={32} />
      <Avatar {...args} />
      <Avatar {...args} size={96} src={photo} />
    </div>
  ),
  play: async ({ canvas }) => {
    const widths = canvas
      .getAllByRole('img', { name: 'สมชาย ใจดี' })
      .map((el) => el.getBoundingClientRect().width);
    await expect(widths).toEqual([32, 48, 96]);
  },
};

export const LongThaiText: Story = {
  args: { name: 'บริษัท ขนส่งสินค้าและโลจิสติกส์ภาคเหนือ จำกัด (มหาชน)' },
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img');
    await expect(avatar).toHaveTextContent('บข');
    await expect(avatar.getBoundingClientRect().width).toBe(48);
  },
};
