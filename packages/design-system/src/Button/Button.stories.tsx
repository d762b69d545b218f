import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Button } from './Button.tsx';

const meta = {
  title: 'Design system/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'บันทึก', onPress: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger', 'ghost'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: the four variants side by side; primary is for the one main action of a screen. */
export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Button {...args} variant="primary">
        บันทึก
      </Button>
      <Button {...args} variant="secondary">
        ยกเลิก
      </Button>
      <Button {...args} variant="danger">
        ลบ
      </Button>
      <Button {...args} variant="ghost">
        ดูรายละเอียด
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(4);
  },
};

/** Docs: three sizes; md matches the 44 px input height of the spec. */
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Button {...args} size="sm">
        เล็ก
      </Button>
      <Button {...args} size="md">
        กลาง
      </Button>
      <Button {...args} size="lg">
        ใหญ่
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    const medium = canvas.getByRole('button', { name: 'กลาง' });
    await expect(medium.getBoundingClientRect().height).toBe(44);
  },
};

export const Primary: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'บันทึก' }));
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

export const Keyboard: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onPress).toHaveBeenCalledTimes(2);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'บันทึก' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button');
    await expect(button).toHaveAttribute('data-pending', 'true');
    await expect(button).toHaveAccessibleName(/กำลังดำเนินการ/);
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

/** A save whose button goes with its form once done (a dialog that closes, the driver's proof form). */
function SaveThenGone(props: Parameters<typeof Button>[0]) {
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  if (state === 'saved') return <p>บันทึกแล้ว</p>;
  return (
    <Button
      {...props}
      isLoading={state === 'saving'}
      onPress={() => {
        setState('saving');
        setTimeout(() => setState('saved'), 20);
      }}
    />
  );
}

/**
 * react-aria announces the pending state with a node that names the button; once the button has
 * gone, that node keeps the button's words instead of naming an element that is no longer there
 * (axe's role-img-alt on every screen after such a save: `keepAnnouncedName.ts`).
 */
export const LoadingThenGone: Story = {
  render: (args) => <SaveThenGone {...args} />,
  play: async ({ canvas }) => {
    const announced = () => [...document.querySelectorAll('[data-live-announcer] [role="img"]')];
    await userEvent.click(canvas.getByRole('button', { name: 'บันทึก' }));
    await expect(await canvas.findByText('บันทึกแล้ว')).toBeVisible();
    // Gone in 20 ms: before the page's first announcement reaches the log (100 ms) or after it.
    await waitFor(async () => {
      await expect(announced().length).toBeGreaterThan(0);
      for (const node of announced()) {
        const gone = (node.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .filter((id) => id !== '' && document.getElementById(id) === null);
        await expect(gone).toEqual([]);
        await expect(node).toHaveAccessibleName(/กำลังดำเนินการ|บันทึก/);
      }
    });
  },
};

export const LongThaiText: Story = {
  args: { children: 'ยืนยันการจองรถขนส่งสำหรับใบส่งสินค้าทั้งหมดที่เลือกไว้ในวันนี้และพรุ่งนี้' },
  render: (args) => (
    <div style={{ width: 280 }}>
      <Button {...args} fullWidth />
    </div>
  ),
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button');
    // Long Thai labels wrap inside the button instead of overflowing its container.
    await expect(button.scrollWidth).toBeLessThanOrEqual(280);
    await expect(button.getBoundingClientRect().height).toBeGreaterThan(44);
  },
};

export const PhoneWidth: Story = {
  args: { fullWidth: true, children: 'เข้าสู่ระบบ' },
  render: (args) => (
    <div style={{ width: 360 }}>
      <Button {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button').getBoundingClientRect().width).toBe(360);
  },
};
