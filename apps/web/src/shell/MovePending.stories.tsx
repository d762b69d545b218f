import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { MovePending } from './MovePending.tsx';

/** Under a page: the bar `GuardedRouter` draws at the top while the next page's screen is on its way. */
function Frame({ width }: { readonly width: number }) {
  return (
    <div style={{ width, height: 200, padding: 24 }}>
      <p>รายการการขนส่ง (Shipment) — กดดูรายละเอียดแล้ว รอหน้าถัดไป</p>
      <MovePending />
    </div>
  );
}

const meta = {
  title: 'Host/Move pending',
  component: Frame,
  parameters: { layout: 'fullscreen' },
  args: { width: 1024 },
} satisfies Meta<typeof Frame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing for the first 200 ms (a move that draws at once shows no bar), then the bar at the top. */
export const Waiting: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    const bar = await canvas.findByRole('progressbar', { name: 'กำลังเปิดหน้า' });
    await waitFor(() => expect(bar.getBoundingClientRect().top).toBe(0));
    await expect(bar.getBoundingClientRect().height).toBe(3);
  },
};

/** On a phone the bar spans the screen's width, above the top bar. */
export const PhoneWidth: Story = {
  args: { width: 390 },
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '390px', height: '844px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvas }) => {
    const bar = await canvas.findByRole('progressbar', { name: 'กำลังเปิดหน้า' });
    await expect(bar.getBoundingClientRect().width).toBe(window.innerWidth);
  },
};
