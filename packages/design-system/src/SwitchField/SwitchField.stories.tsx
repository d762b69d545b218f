import type { Meta, StoryObj } from '@storybook/react-vite';
import { toggleStories } from '../Field/toggleStories.tsx';
import { SwitchField } from './SwitchField.tsx';

const stories = toggleStories({
  Field: SwitchField,
  role: 'switch',
  label: 'เปิดใช้งานกะ',
  requiredError: 'ไม่สามารถปิดกะที่มีใบจองอยู่',
});

const meta = {
  title: 'Design system/Form fields/SwitchField',
  component: SwitchField,
  tags: ['autodocs'],
  ...stories.meta,
} satisfies Meta<typeof SwitchField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: a boolean value; the whole label is the click target. */
export const Controlled: Story = stories.Controlled;
/** Keyboard: Space toggles. */
export const Keyboard: Story = stories.Keyboard;
export const Checked: Story = stories.Checked;
export const WithError: Story = stories.WithError;
export const Disabled: Story = stories.Disabled;
export const LongThaiText: Story = stories.LongThaiText;
export const PhoneWidth: Story = stories.PhoneWidth;
