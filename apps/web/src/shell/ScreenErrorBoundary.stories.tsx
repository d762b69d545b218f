import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';

function Failing(): never {
  throw new Error('a screen that fails to draw');
}

/** A screen that throws, under the boundary at `/province`; a button moves to `/district`. */
function Frame({ fails }: { readonly fails: boolean }) {
  const [at, setAt] = useState('/province');
  return (
    <>
      <button type="button" onClick={() => setAt('/district')}>
        ไปหน้าอื่น
      </button>
      <ScreenErrorBoundary at={at}>
        {fails && at === '/province' ? <Failing /> : <p>หน้า {at}</p>}
      </ScreenErrorBoundary>
    </>
  );
}

const meta = {
  title: 'Host/Screen error',
  component: Frame,
  parameters: { layout: 'fullscreen' },
  args: { fails: true },
} satisfies Meta<typeof Frame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The screen threw: the page says so and offers a reload; moving to another path draws again. */
export const Failed: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'หน้านี้แสดงไม่ได้' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'โหลดหน้าใหม่' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'ไปหน้าอื่น' }));
    await expect(await canvas.findByText('หน้า /district')).toBeVisible();
  },
};

/** Nothing threw: the screen as it is. */
export const Drawn: Story = {
  args: { fails: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('หน้า /province')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'หน้านี้แสดงไม่ได้' })).toBeNull();
  },
};

export const PhoneWidth: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'หน้านี้แสดงไม่ได้' })).toBeVisible();
  },
};
