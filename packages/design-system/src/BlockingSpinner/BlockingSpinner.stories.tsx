import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { BlockingSpinner } from './BlockingSpinner.tsx';

const meta = {
  title: 'Design system/BlockingSpinner',
  component: BlockingSpinner,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { isActive: true },
} satisfies Meta<typeof BlockingSpinner>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);
const pressedBehind = fn();

/** Docs: the page turns it on for the length of a blocking operation. */
export const DuringOperation: Story = {
  args: { isActive: false },
  render: function Render(args) {
    const [isActive, setActive] = useState(false);
    const [done, setDone] = useState(false);
    return (
      <div style={{ padding: 16 }}>
        <Button
          onPress={() => {
            setActive(true);
            setTimeout(() => {
              setActive(false);
              setDone(true);
            }, 300);
          }}
        >
          เปลี่ยนสาขา
        </Button>
        {done && <p>เปลี่ยนสาขาแล้ว</p>}
        <BlockingSpinner {...args} isActive={isActive} />
      </div>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'เปลี่ยนสาขา' }));
    await expect(await screen().findByRole('dialog', { name: 'กำลังโหลด...' })).toBeInTheDocument();
    await expect(await canvas.findByText('เปลี่ยนสาขาแล้ว')).toBeInTheDocument();
    await expect(screen().queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** Active: busy, focus trapped inside, Escape and clicks do nothing, the page behind is inert. */
export const Active: Story = {
  render: (args) => (
    <div style={{ padding: 16 }}>
      <Button onPress={pressedBehind}>ปุ่มด้านหลัง</Button>
      <BlockingSpinner {...args} />
    </div>
  ),
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: 'กำลังโหลด...' });
    await expect(dialog.querySelector('[aria-busy="true"]')).toHaveTextContent('กำลังโหลด...');
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.tab();
    await expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await userEvent.pointer({ keys: '[MouseLeft]', coords: { clientX: 40, clientY: 30 } });
    await expect(pressedBehind).not.toHaveBeenCalled();
    await expect(screen().getByRole('dialog')).toBeInTheDocument();
  },
};

export const Inactive: Story = {
  args: { isActive: false },
  play: async () => {
    await expect(screen().queryByRole('dialog')).not.toBeInTheDocument();
  },
};

export const CustomLabel: Story = {
  args: { label: 'กำลังเปลี่ยนสาขาและโหลดข้อมูลใบจองรถขนส่งของสาขาที่เลือก กรุณารอสักครู่' },
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: /กำลังเปลี่ยนสาขา/ });
    await expect(dialog.parentElement!.getBoundingClientRect().width).toBeLessThanOrEqual(600);
  },
};

export const PhoneWidth: Story = {
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    await expect(await screen().findByRole('dialog')).toBeVisible();
  },
};
