import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { segmentedFieldStories, segments } from '../DateField/segmentedFieldStories.tsx';
import { TimeField } from './TimeField.tsx';

const stories = segmentedFieldStories({
  Field: TimeField,
  label: 'เวลาเริ่มกะ',
  args: { value: '08:30' },
  shown: '08:30',
  typed: { keys: '1745', value: '17:45' },
  readOnly: { args: { value: '08:30:00' }, shown: '08:30' },
  longText: {
    label: 'เวลาสิ้นสุดการรับสินค้าที่คลังสำหรับรถที่เข้ารับสินค้าในกะกลางคืนของวันหยุดนักขัตฤกษ์',
    description: 'รถที่มาถึงหลังเวลานี้จะถูกจัดเข้ากะถัดไปโดยอัตโนมัติตามเงื่อนไขของสาขา',
  },
  hasCalendar: false,
});

const meta = {
  title: 'Design system/Form fields/TimeField',
  component: TimeField,
  tags: ['autodocs'],
  ...stories.meta,
} satisfies Meta<typeof TimeField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: type hours and minutes (24-hour); the value is `HH:mm`. */
export const Controlled: Story = stories.Controlled;
export const Default: Story = stories.Default;

/** Keyboard: tab into the hour, arrows step, tab moves to the minutes. */
export const Keyboard: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.tab();
    await expect(segments(canvasElement)[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith('09:30');
    await userEvent.tab();
    await expect(segments(canvasElement)[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(args.onChange).toHaveBeenLastCalledWith('08:29');
  },
};

export const Empty: Story = stories.Empty;
export const WithError: Story = stories.WithError;
export const Disabled: Story = stories.Disabled;
/** Read-only shows HH:mm as text. */
export const ReadOnly: Story = stories.ReadOnly;
export const LongThaiText: Story = stories.LongThaiText;
export const PhoneWidth: Story = stories.PhoneWidth;
