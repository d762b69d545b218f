import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  openCalendar,
  screen,
  segmentedFieldStories,
  segments,
} from '../DateField/segmentedFieldStories.tsx';
import { DateTimeField } from './DateTimeField.tsx';

// 2024-03-15T01:30:00Z is 15/03/2024 08:30 in Bangkok.
const stories = segmentedFieldStories({
  Field: DateTimeField,
  label: 'เวลานัดรับสินค้า',
  args: { value: '2024-03-15T01:30:00.000Z', placeholderValue: '2024-03-01' },
  // react-aria wraps the time in bidi isolation marks: match around them.
  shown: /15\/03\/2024 .?08:30/,
  typed: { keys: '050420241745', value: '2024-04-05T10:45:00.000Z' },
  readOnly: { shown: '15/03/2024 08:30' },
  longText: {
    label: 'วันและเวลาที่ผู้รับเหมาขนส่งยืนยันการเข้ารับสินค้าที่คลังสินค้าต้นทางของสาขา',
    description: 'เวลาตามเขตเวลากรุงเทพฯ ไม่ว่าผู้ใช้จะเปิดระบบจากเครื่องที่ตั้งเขตเวลาใดก็ตาม',
  },
  hasCalendar: true,
});

const meta = {
  title: 'Design system/Form fields/DateTimeField',
  component: DateTimeField,
  tags: ['autodocs'],
  ...stories.meta,
} satisfies Meta<typeof DateTimeField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: type dd/MM/yyyy HH:mm in Bangkok time; the value is the ISO instant. */
export const Controlled: Story = stories.Controlled;
export const Default: Story = stories.Default;

/** The calendar picks the day and keeps the time. */
export const Open: Story = {
  play: async ({ args, canvas }) => {
    const dialog = await openCalendar(canvas);
    await expect(within(dialog).getByRole('heading')).toHaveTextContent('มีนาคม');
    await userEvent.click(within(dialog).getByRole('button', { name: /ที่ 20 มีนาคม/ }));
    await expect(args.onChange).toHaveBeenCalledWith('2024-03-20T01:30:00.000Z');
  },
};

/** Keyboard: segments by Tab, arrows step; Enter on the button opens the calendar. */
export const Keyboard: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    await userEvent.tab();
    await expect(segments(canvasElement)[0]).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(segments(canvasElement)[3]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith('2024-03-15T02:30:00.000Z');
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /เปิดปฏิทิน/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen().findByRole('dialog', { name: 'ปฏิทิน' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /ที่ 15 มีนาคม/ })).toHaveFocus());
  },
};

export const Empty: Story = stories.Empty;
export const WithError: Story = stories.WithError;

/** A typed year outside 1900–2099 (spec §9) shows a Thai error, in the year style shown. */
export const OutOfRange: Story = {
  args: { value: '2100-01-01T03:00:00.000Z', buddhistEra: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('วันที่ต้องอยู่ระหว่าง 01/01/2443 ถึง 31/12/2642')).toBeVisible();
  },
};

/** Buddhist-era years (พ.ศ. = ค.ศ. + 543); the value stays ISO. */
export const BuddhistEra: Story = {
  args: { buddhistEra: true },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: /เวลานัดรับสินค้า/ });
    await expect(group).toHaveTextContent(/15\/03\/2567 .?08:30/);
  },
};

export const Disabled: Story = stories.Disabled;
/** Read-only shows dd/MM/yyyy HH:mm in Bangkok as text. */
export const ReadOnly: Story = stories.ReadOnly;
export const LongThaiText: Story = stories.LongThaiText;
export const PhoneWidth: Story = stories.PhoneWidth;
