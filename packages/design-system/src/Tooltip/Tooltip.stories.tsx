import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { DisabledReason, IconButton, Tooltip, tooltipEnterDelayMs } from './Tooltip.tsx';

const meta = {
  title: 'Design system/Tooltip',
  component: Tooltip,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  args: { content: 'แก้ไข', children: <span /> },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

/** An icon button names itself in its tooltip; a keyboard user gets it at once on focus (react-aria). */
export const IconButtonOnFocus: Story = {
  args: { content: '' },
  render: () => (
    <div style={{ display: 'flex', gap: 8, padding: 48 }}>
      <IconButton icon="edit" label="แก้ไขรายการ" onPress={fn()} />
      <IconButton icon="delete" label="ลบรายการ" onPress={fn()} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(screen().queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.tab();
    const tip = await screen().findByRole('tooltip');
    await expect(tip).toHaveTextContent('แก้ไขรายการ');
    await expect(canvas.getByRole('button', { name: 'แก้ไขรายการ' })).toHaveAttribute(
      'aria-describedby',
      tip.id,
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

/** Not before 100 ms (spec §9), and at once gone when the pointer leaves. */
export const EnterDelayOnHover: Story = {
  args: { content: '' },
  render: () => (
    <div style={{ padding: 48 }}>
      <IconButton icon="download" label="ดาวน์โหลดไฟล์" onPress={fn()} />
    </div>
  ),
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'ดาวน์โหลดไฟล์' });
    // The pointer may still rest where a story before (or this one's first try) left it, over the
    // button: move it off, so no tooltip is open or on its way when the hover is timed.
    await userEvent.unhover(button);
    await waitFor(() => expect(screen().queryByRole('tooltip')).not.toBeInTheDocument());
    // react-aria opens at once while another tooltip was shown moments ago (its warm-up): wait it out.
    await new Promise((resolve) => setTimeout(resolve, 600));
    // When the tooltip comes is read as it is added, not when a query next polls, and timed from
    // before the hover starts: the delay's clock starts inside the hover, so the figure can only
    // come out longer than the delay, never shorter, however slow the machine.
    let shownAt = Number.NaN;
    const watcher = new MutationObserver(() => {
      if (Number.isNaN(shownAt) && document.querySelector('[role="tooltip"]')) shownAt = performance.now();
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    const hoverStarted = performance.now();
    try {
      // A mouse comes from somewhere: moving over the page first makes it the input in use, as
      // react-aria shows a tooltip on hover only then (the story before this one used the keyboard).
      await userEvent.hover(button.parentElement!);
      await userEvent.hover(button);
      await expect(await screen().findByRole('tooltip')).toHaveTextContent('ดาวน์โหลดไฟล์');
    } finally {
      watcher.disconnect();
    }
    await expect(shownAt - hoverStarted).toBeGreaterThanOrEqual(tooltipEnterDelayMs);
    await userEvent.unhover(button);
    await waitFor(() => expect(screen().queryByRole('tooltip')).not.toBeInTheDocument());
  },
};

/** Why an action is disabled: reachable by keyboard though the button itself is not. */
export const DisabledActionReason: Story = {
  args: { content: '' },
  render: () => (
    <div style={{ display: 'flex', gap: 8, padding: 48 }}>
      <DisabledReason reason="ยืนยันไม่ได้: การจองยังไม่ครบทุก DO">
        <Button isDisabled>ยืนยันการจอง</Button>
      </DisabledReason>
      <DisabledReason reason={null}>
        <Button variant="secondary">กลับไปปรับแต่ง</Button>
      </DisabledReason>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'ยืนยันการจอง' })).toBeDisabled();
    await userEvent.tab();
    const tip = await screen().findByRole('tooltip');
    await expect(tip).toHaveTextContent('ยืนยันไม่ได้: การจองยังไม่ครบทุก DO');
    await expect(canvas.getByRole('group', { name: 'ยืนยันไม่ได้: การจองยังไม่ครบทุก DO' })).toHaveFocus();
    // Without a reason the action is itself: the next tab lands on the button.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'กลับไปปรับแต่ง' })).toHaveFocus();
  },
};

/** Long Thai text wraps inside the bubble on a phone-wide screen. */
export const LongThaiOnPhone: Story = {
  args: { content: '' },
  parameters: {
    viewport: { options: { phone: { name: 'Phone', styles: { width: '360px', height: '740px' } } } },
  },
  globals: { viewport: { value: 'phone' } },
  render: () => (
    <div style={{ padding: '96px 8px 8px' }}>
      <DisabledReason reason="ลบไม่ได้ เพราะสถานที่ส่งสินค้านี้ยังถูกใช้ในการจองที่ยังไม่ยกเลิก 12 รายการ ของสาขาบางนาและสาขาลาดกระบัง กรุณายกเลิกการจองเหล่านั้นก่อน">
        <Button variant="danger" isDisabled>
          ลบ
        </Button>
      </DisabledReason>
    </div>
  ),
  play: async () => {
    await userEvent.tab();
    const tip = await screen().findByRole('tooltip');
    await expect(tip.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
    await expect(tip).toHaveTextContent('กรุณายกเลิกการจองเหล่านั้นก่อน');
  },
};
