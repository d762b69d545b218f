import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { SnackbarProvider } from '../Snackbar/index.ts';
import { BlockingProvider, useBlocking } from './blocking.tsx';

/** Spec §8: every blocking operation through one helper (useBlocking). */
const meta = {
  title: 'Design system/BlockingSpinner/useBlocking',
  component: BlockingProvider,
  parameters: { layout: 'fullscreen' },
  args: { children: null },
  decorators: [
    (Story) => (
      <SnackbarProvider>
        <Story />
      </SnackbarProvider>
    ),
  ],
} satisfies Meta<typeof BlockingProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * The branch switch's work: the play function ends it once it has seen the spinner (whose chunk
 * may take longer to come than a fixed wait on a loaded machine); by hand it takes 3 s.
 */
let finishSwitch = () => {};
const switching = () =>
  new Promise<void>((resolve) => {
    finishSwitch = resolve;
    setTimeout(resolve, 3_000);
  });

function Operations() {
  const runBlocking = useBlocking();
  const [result, setResult] = useState('');
  return (
    <div style={{ padding: 16, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button
        onPress={async () => {
          const answer = await runBlocking(
            async () => {
              await switching();
              return 'สลับสาขาแล้ว';
            },
            { label: 'กำลังสลับสาขา...' },
          );
          setResult(answer ?? '');
        }}
      >
        สลับสาขา
      </Button>
      <Button
        variant="secondary"
        onPress={() =>
          runBlocking(async () => {
            await later(100);
            throw new Error('ไม่สามารถสลับสาขาได้ กรุณาลองใหม่');
          })
        }
      >
        ล้มเหลว
      </Button>
      <Button
        variant="secondary"
        onPress={() =>
          runBlocking(
            async () => {
              throw new Error('ปฏิเสธ');
            },
            { onError: () => setResult('ผู้เรียกจัดการเอง') },
          )
        }
      >
        ล้มเหลว มีผู้จัดการ
      </Button>
      <output>{result}</output>
    </div>
  );
}

/** The spinner covers the screen with its label while the work runs; the result comes back. */
export const RunsBehindSpinner: Story = {
  render: () => (
    <BlockingProvider>
      <Operations />
    </BlockingProvider>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'สลับสาขา' }));
    await expect(await screen().findByRole('dialog', { name: 'กำลังสลับสาขา...' })).toBeVisible();
    await expect(canvas.queryByText('สลับสาขาแล้ว')).toBeNull();
    finishSwitch();
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
    await expect(canvas.getByText('สลับสาขาแล้ว')).toBeInTheDocument();
  },
};

/** A failure without a handler: a simple error snackbar, in the host's words. */
export const FailureShowsSimpleError: Story = {
  render: () => (
    <BlockingProvider messagesOf={(error) => [`สลับสาขาไม่สำเร็จ: ${(error as Error).message}`]}>
      <Operations />
    </BlockingProvider>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'ล้มเหลว' }));
    await expect(await screen().findByText('สลับสาขาไม่สำเร็จ: ไม่สามารถสลับสาขาได้ กรุณาลองใหม่')).toBeVisible();
    await waitFor(() => expect(screen().queryByRole('dialog')).toBeNull());
  },
};

/** A failure with a handler: the caller deals with it, no snackbar. */
export const FailureWithHandler: Story = {
  render: () => (
    <BlockingProvider>
      <Operations />
    </BlockingProvider>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'ล้มเหลว มีผู้จัดการ' }));
    await expect(await canvas.findByText('ผู้เรียกจัดการเอง')).toBeVisible();
    await expect(screen().queryByText('ปฏิเสธ')).toBeNull();
  },
};
