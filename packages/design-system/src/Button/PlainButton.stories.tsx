import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { PlainButton } from './PlainButton.tsx';

/** `Button`'s look on a native button (no react-aria): the staff shell's and the driver's first screens. */
const meta = {
  title: 'Design system/PlainButton',
  component: PlainButton,
  args: { children: 'บันทึก', onPress: fn() },
} satisfies Meta<typeof PlainButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The four variants with their labels, drawn as `Button` draws them. */
const variants = [
  ['primary', 'บันทึก'],
  ['secondary', 'ยกเลิก'],
  ['danger', 'ลบ'],
  ['ghost', 'ดูรายละเอียด'],
] as const;

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      {variants.map(([variant, label]) => (
        <PlainButton key={variant} {...args} variant={variant}>
          {label}
        </PlainButton>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(4);
    await expect(canvas.getByRole('button', { name: 'บันทึก' }).getBoundingClientRect().height).toBe(44);
  },
};

/** A click presses it; the focus ring is for keys, not for a pointer. */
export const Primary: Story = {
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'บันทึก' });
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    await expect(button).toHaveFocus();
    await expect(button).not.toHaveAttribute('data-focus-visible');
  },
};

/** Enter and Space press it, as they press react-aria's Button; a hover draws the hover colour. */
export const Keyboard: Story = {
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button');
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(button).toHaveAttribute('data-focus-visible', 'true');
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
    await userEvent.hover(button);
    await expect(button).toHaveAttribute('data-hovered', 'true');
    await userEvent.unhover(button);
    await expect(button).not.toHaveAttribute('data-hovered');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button');
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

/** Loading keeps focus and its width, ignores presses, and a submit does not submit again. */
export const Loading: Story = {
  args: { isLoading: true, type: 'submit' },
  render: (args) => {
    const submit = args.onPress;
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit?.();
        }}
      >
        <PlainButton {...args} onPress={undefined} />
      </form>
    );
  },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button');
    await expect(button).toHaveAttribute('data-pending', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAttribute('type', 'button');
    await expect(button).toHaveAccessibleName(/กำลังดำเนินการ/);
    await userEvent.click(button);
    await expect(button).toHaveFocus();
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

/** With focus on it, a screen reader hears the button start and stop working (react-aria's announcement). */
export const LoadingAnnounced: Story = {
  render: (args) => {
    const [busy, setBusy] = useState(false);
    return <PlainButton {...args} isLoading={busy} onPress={() => setBusy(true)} />;
  },
  play: async ({ canvasElement, canvas }) => {
    await userEvent.click(canvas.getByRole('button'));
    const region = canvasElement.querySelector('[aria-live="assertive"]');
    await waitFor(() => expect(region).toHaveTextContent('กำลังดำเนินการ'));
  },
};

export const LongThaiText: Story = {
  args: { children: 'ยืนยันการจองรถขนส่งสำหรับใบส่งสินค้าทั้งหมดที่เลือกไว้ในวันนี้และพรุ่งนี้' },
  render: (args) => (
    <div style={{ width: 280 }}>
      <PlainButton {...args} fullWidth />
    </div>
  ),
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button');
    await expect(button.scrollWidth).toBeLessThanOrEqual(280);
    await expect(button.getBoundingClientRect().height).toBeGreaterThan(44);
  },
};

export const PhoneWidth: Story = {
  args: { fullWidth: true, size: 'lg', children: 'เข้าสู่ระบบ' },
  render: (args) => (
    <div style={{ width: 358 }}>
      <PlainButton {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button').getBoundingClientRect().width).toBe(358);
  },
};
