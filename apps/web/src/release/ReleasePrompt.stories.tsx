import { SnackbarProvider } from '@lms/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { HOST_TEXT } from '../text.ts';
import { ReleasePrompt } from './ReleasePrompt.tsx';
import { offerRelease } from './staffWorker.ts';

/**
 * The update prompt (issue 41): a new release's service worker waits; the snackbar offers it, and
 * its button takes it (here: counted on the page, where the app reloads under the new worker).
 */
function Frame({ offered }: { readonly offered: boolean }) {
  const [taken, setTaken] = useState(0);
  useEffect(() => {
    offerRelease(offered ? () => setTaken((count) => count + 1) : null);
    return () => offerRelease(null);
  }, [offered]);
  return (
    <SnackbarProvider>
      <ReleasePrompt />
      <p>รับรุ่นใหม่แล้ว {taken} ครั้ง</p>
    </SnackbarProvider>
  );
}

const meta = {
  title: 'Host/Release prompt',
  component: Frame,
  parameters: { layout: 'fullscreen' },
  args: { offered: true },
} satisfies Meta<typeof Frame>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

/** A release waits: offered once, and its button takes it. */
export const Offered: Story = {
  play: async ({ canvas }) => {
    await expect(await screen().findByText(HOST_TEXT.newRelease)).toBeVisible();
    await userEvent.click(screen().getByRole('button', { name: HOST_TEXT.reload }));
    await expect(await canvas.findByText('รับรุ่นใหม่แล้ว 1 ครั้ง')).toBeVisible();
    await expect(screen().queryByText(HOST_TEXT.newRelease)).toBeNull();
  },
};

/** No release waits (the usual page): nothing is shown. */
export const NoRelease: Story = {
  args: { offered: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('รับรุ่นใหม่แล้ว 0 ครั้ง')).toBeVisible();
    await expect(screen().queryByText(HOST_TEXT.newRelease)).toBeNull();
  },
};

/** At a phone's width the offer and its button fit. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async () => {
    const offer = await screen().findByText(HOST_TEXT.newRelease);
    await expect(offer).toBeVisible();
    await expect(screen().getByRole('button', { name: HOST_TEXT.reload })).toBeVisible();
    await expect(offer.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
