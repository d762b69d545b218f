import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { phoneViewport } from '../Field/storyHelpers.tsx';
import { useShortcut } from '../Shortcuts/useShortcut.ts';
import {
  CommandPalette,
  type CommandPaletteProps,
  type PaletteItem,
  type PaletteRecordsStatus,
} from './CommandPalette.tsx';

const screens: readonly PaletteItem[] = [
  { id: '/', label: 'หน้าแรก', description: 'ปักหมุด', icon: 'home' },
  { id: '/doBooking', label: 'DO Booking', description: 'DO Booking', icon: 'calendar' },
  { id: '/bookingCalendar', label: 'ปฏิทินการจอง', description: 'การจอง', icon: 'calendar' },
  { id: '/deliveryOrder', label: 'ใบส่งสินค้า (DO)', description: 'ใบส่งสินค้า (DO)', icon: 'receipt' },
  { id: '/province', label: 'จังหวัด', description: 'ข้อมูลหลัก', icon: 'map' },
  { id: '/vehicle', label: 'รถ', description: 'ข้อมูลหลัก', icon: 'truck' },
];

const doRecords: readonly PaletteItem[] = [
  { id: 'do-1', label: 'DO6800123', description: 'ใบส่งสินค้า (DO)' },
  { id: 'do-2', label: 'DO6800123-1', description: 'ใบส่งสินค้า (DO)' },
];

const meta = {
  title: 'Design system/CommandPalette',
  component: CommandPalette,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    isOpen: true,
    onClose: fn(),
    query: '',
    onQueryChange: fn(),
    screens,
    records: [],
    recordsStatus: 'idle',
    onSelect: fn(),
  },
} satisfies Meta<typeof CommandPalette>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

/** The query in state, as the host keeps it; records "found" for any query of 2+ characters. */
function Controlled(
  args: CommandPaletteProps & { found?: readonly PaletteItem[]; status?: PaletteRecordsStatus },
) {
  const [query, setQuery] = useState(args.query);
  const asked = query.trim().length >= 2;
  return (
    <CommandPalette
      {...args}
      query={query}
      onQueryChange={(next) => {
        setQuery(next);
        args.onQueryChange(next);
      }}
      records={asked ? (args.found ?? args.records) : []}
      recordsStatus={asked ? (args.status ?? 'done') : 'idle'}
    />
  );
}

/** Docs: Ctrl/⌘-K opens it over the page; Escape closes it and focus returns to the page. */
export const OpenWithKeyboard: Story = {
  args: { isOpen: false },
  render: function Render(args) {
    const [isOpen, setOpen] = useState(false);
    useShortcut('palette', () => setOpen(true));
    return (
      <div style={{ padding: 16 }}>
        <button type="button">ปุ่มบนหน้า</button>
        <CommandPalette {...args} isOpen={isOpen} onClose={() => setOpen(false)} />
      </div>
    );
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'ปุ่มบนหน้า' });
    button.focus();
    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await screen().findByRole('dialog', { name: 'ไปยังหน้าจอหรือค้นหาเอกสาร' });
    await waitFor(() => expect(within(dialog).getByRole('searchbox')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  },
};

/** Typing filters the screens; arrows and Enter open one without leaving the search box. */
export const Screens: Story = {
  render: (args) => <Controlled {...args} found={[]} />,
  play: async ({ args }) => {
    const search = await screen().findByRole('searchbox');
    await waitFor(() => expect(search).toHaveFocus());
    // The search box sits inside the dialog, its border in view on both sides.
    const box = search.parentElement!.getBoundingClientRect();
    const dialog = screen().getByRole('dialog').getBoundingClientRect();
    await expect(
      box.right,
      `box ${box.left}-${box.right} in dialog ${dialog.left}-${dialog.right}`,
    ).toBeLessThan(dialog.right);
    await expect(screen().getAllByRole('option')).toHaveLength(screens.length);
    await userEvent.keyboard('ปฏิทิน');
    await waitFor(() => expect(screen().getAllByRole('option')).toHaveLength(1));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(screens[2], 'screen');
    await expect(search).toHaveFocus();
  },
};

/** A document number: the records the host found come first, then matching screens. */
export const Results: Story = {
  render: (args) => <Controlled {...args} found={doRecords} />,
  play: async ({ args }) => {
    await waitFor(() => expect(screen().getByRole('searchbox')).toHaveFocus());
    await userEvent.keyboard('DO68');
    const records = await screen().findByRole('group', { name: 'เอกสารและข้อมูล' });
    await expect(within(records).getAllByRole('option')).toHaveLength(2);
    // The first match takes the focus as the user types: Enter opens it, ArrowDown moves on.
    await waitFor(() => expect(within(records).getAllByRole('option')[0]).toHaveAttribute('data-focused'));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledWith(doRecords[1], 'record'));
  },
};

/**
 * Opened on a query already typed (nothing focused yet, as when react-aria loses its focused match):
 * Enter opens the first match, as it does once typing has focused it.
 */
export const EnterOpensTheFirstMatch: Story = {
  args: { query: 'ปฏิทิน' },
  render: (args) => <Controlled {...args} found={[]} />,
  play: async ({ args }) => {
    const search = await screen().findByRole('searchbox');
    await waitFor(() => expect(search).toHaveFocus());
    const option = screen().getByRole('option', { name: /ปฏิทินการจอง/ });
    await expect(option).not.toHaveAttribute('data-focused');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(screens[2], 'screen');
    await expect(args.onSelect).toHaveBeenCalledTimes(1);
  },
};

/** Nothing matches: the Thai empty message, nothing to pick. */
export const Empty: Story = {
  render: (args) => <Controlled {...args} found={[]} />,
  play: async ({ args }) => {
    await waitFor(() => expect(screen().getByRole('searchbox')).toHaveFocus());
    await userEvent.keyboard('ไม่มีแน่นอน');
    await expect(await screen().findByText('ไม่พบหน้าจอหรือเอกสารที่ตรงกับคำค้น')).toBeVisible();
    // react-aria wraps the empty state in one option-role element; it holds only the message.
    await expect(screen().getByRole('option')).toHaveTextContent('ไม่พบหน้าจอหรือเอกสารที่ตรงกับคำค้น');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

/** One character searches screens only and says how much to type for documents. */
export const TypeMore: Story = {
  render: (args) => <Controlled {...args} />,
  play: async () => {
    await waitFor(() => expect(screen().getByRole('searchbox')).toHaveFocus());
    await userEvent.keyboard('ร');
    await expect(screen().getByRole('status')).toHaveTextContent('พิมพ์อย่างน้อย 2 ตัวอักษรเพื่อค้นหาเอกสาร');
  },
};

/** The record search is running: a loading bar and status; the screens stay pickable. */
export const Loading: Story = {
  args: { query: 'DO', recordsStatus: 'loading' },
  play: async () => {
    await expect(await screen().findByRole('progressbar', { name: 'กำลังค้นหาเอกสาร...' })).toBeVisible();
    await expect(screen().getByRole('status')).toHaveTextContent('กำลังค้นหาเอกสาร...');
    await expect(screen().getByRole('option', { name: /DO Booking/ })).toBeVisible();
  },
};

/** The search failed: the server's Thai message in the status line; screens still work. */
export const SearchError: Story = {
  args: { query: 'DO', recordsStatus: 'error', recordsError: 'คุณไม่มีสิทธิ์ใช้งานข้อมูลของสาขานี้' },
  play: async ({ args }) => {
    await expect(await screen().findByRole('status')).toHaveTextContent('คุณไม่มีสิทธิ์ใช้งานข้อมูลของสาขานี้');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledWith(screens[1], 'screen'));
  },
};

const longThai = 'ลูกค้าบริษัทวัสดุก่อสร้างและเหล็กเส้นภาคตะวันออกเฉียงเหนือจำกัดมหาชนสาขานครราชสีมาถนนมิตรภาพ';

/** Long Thai labels wrap inside the box; nothing scrolls sideways. */
export const LongThaiText: Story = {
  args: {
    query: 'CU',
    recordsStatus: 'done',
    records: [
      { id: 'c1', label: `CU000123: ${longThai}`, description: 'ลูกค้า' },
      { id: 'c2', label: `CU000124: ${longThai}${longThai}`, description: 'ลูกค้า' },
    ],
  },
  play: async () => {
    const dialog = await screen().findByRole('dialog');
    const option = within(dialog).getAllByRole('option')[1]!;
    await expect(option.scrollWidth).toBeLessThanOrEqual(option.clientWidth + 1);
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(600);
  },
};

/** Phone width: the box takes the width of the screen and the key hint is left out. */
export const PhoneWidth: Story = {
  ...phoneViewport,
  render: (args) => <Controlled {...args} found={doRecords} />,
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog');
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(360);
    await waitFor(() => expect(screen().getByRole('searchbox')).toHaveFocus());
    await userEvent.keyboard('DO6800123');
    await within(dialog).findAllByRole('option', { name: /DO6800123/ });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledWith(doRecords[0], 'record'));
  },
};
