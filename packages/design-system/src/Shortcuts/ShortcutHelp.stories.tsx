import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { phoneViewport } from '../Field/storyHelpers.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { ShortcutHelp } from './ShortcutHelp.tsx';
import { useShortcut } from './useShortcut.ts';

const meta = {
  title: 'Design system/ShortcutHelp',
  component: ShortcutHelp,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { isOpen: true, onClose: fn(), mac: false },
} satisfies Meta<typeof ShortcutHelp>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

/** A page with a search box and a "new" action, wired the way the host wires them. */
function Page(args: Parameters<typeof ShortcutHelp>[0]) {
  const [help, setHelp] = useState(false);
  const [created, setCreated] = useState(0);
  const [text, setText] = useState('');
  useShortcut('help', () => setHelp(true));
  useShortcut('new', () => setCreated((n) => n + 1));
  return (
    <div style={{ padding: 16, maxWidth: 400 }}>
      <button type="button">ปุ่มบนหน้า</button>
      <TextField label="หมายเหตุ" value={text} onChange={setText} />
      <output>เพิ่มแล้ว {created} ครั้ง</output>
      <ShortcutHelp {...args} isOpen={help} onClose={() => setHelp(false)} />
    </div>
  );
}

/** Docs: `?` opens the list; Escape or the close button closes it. */
export const OpenWithQuestionMark: Story = {
  args: { isOpen: false },
  render: (args) => <Page {...args} />,
  play: async ({ canvas }) => {
    canvas.getByRole('button', { name: 'ปุ่มบนหน้า' }).focus();
    await userEvent.keyboard('{Shift>}[Slash]{/Shift}');
    const dialog = await screen().findByRole('dialog', { name: 'คีย์ลัด' });
    await expect(within(dialog).getByText('เพิ่มรายการใหม่')).toBeVisible();
    await expect(within(dialog).getAllByText('Ctrl')).toHaveLength(2);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Typing in a text field types: `n` and `?` are letters there, not shortcuts. */
export const QuietInTextFields: Story = {
  args: { isOpen: false },
  render: (args) => <Page {...args} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('textbox', { name: 'หมายเหตุ' }));
    await userEvent.keyboard('n?');
    await expect(canvas.getByRole('textbox', { name: 'หมายเหตุ' })).toHaveValue('n?');
    await expect(canvas.getByText('เพิ่มแล้ว 0 ครั้ง')).toBeVisible();
    await expect(screen().queryByRole('dialog')).not.toBeInTheDocument();
    // Out of the field the same key is the shortcut.
    canvas.getByRole('button', { name: 'ปุ่มบนหน้า' }).focus();
    await userEvent.keyboard('n');
    await expect(canvas.getByText('เพิ่มแล้ว 1 ครั้ง')).toBeVisible();
  },
};

/** On a Mac the modifier reads ⌘. */
export const Mac: Story = {
  args: { mac: true },
  play: async () => {
    const dialog = await screen().findByRole('dialog', { name: 'คีย์ลัด' });
    await expect(within(dialog).getAllByText('⌘')).toHaveLength(2);
    await expect(within(dialog).queryByText('Ctrl')).not.toBeInTheDocument();
  },
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog', { name: 'คีย์ลัด' });
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(360);
    await userEvent.click(within(dialog).getByRole('button', { name: 'ปิด' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};
