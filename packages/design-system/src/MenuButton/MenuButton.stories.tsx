import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MenuButton } from './MenuButton.tsx';

const meta = {
  title: 'Design system/MenuButton',
  component: MenuButton,
  tags: ['autodocs'],
  args: {
    label: 'พิมพ์',
    icon: 'file',
    items: [
      { id: 'appointment', label: 'ใบนัดส่งสินค้า' },
      { id: 'tripSheet', label: 'ใบคุมรถ' },
    ],
    onAction: fn(),
  },
  render: (args) => (
    <div style={{ minHeight: 200 }}>
      <MenuButton {...args} />
    </div>
  ),
} satisfies Meta<typeof MenuButton>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** Closed: one button; nothing is announced. */
export const Closed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /พิมพ์/ })).toBeEnabled();
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

/** Open: the documents to print; choosing one calls back with its id and closes the menu. */
export const Open: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /พิมพ์/ }));
    const menu = await body.findByRole('menu', { name: 'พิมพ์' });
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(2);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'ใบคุมรถ' }));
    await expect(args.onAction).toHaveBeenCalledWith('tripSheet');
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
  },
};

/** A batch being made: spinner, what is happening beside it, and presses ignored. */
export const Busy: Story = {
  args: { isBusy: true, busyLabel: 'กำลังสร้าง PDF 120 ฉบับ…' },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('กำลังสร้าง PDF 120 ฉบับ…');
    await userEvent.click(canvas.getByRole('button'));
    await expect(body.queryByRole('menu')).toBeNull();
    await expect(args.onAction).not.toHaveBeenCalled();
  },
};

/** An item that does not apply (nothing selected) is shown but cannot be chosen. */
export const DisabledItem: Story = {
  args: {
    items: [
      { id: 'appointment', label: 'ใบนัดส่งสินค้า' },
      { id: 'tripSheet', label: 'ใบคุมรถ', isDisabled: true },
    ],
  },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /พิมพ์/ }));
    const item = await body.findByRole('menuitem', { name: 'ใบคุมรถ' });
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(item, { pointerEventsCheck: 0 });
    await expect(args.onAction).not.toHaveBeenCalled();
  },
};
