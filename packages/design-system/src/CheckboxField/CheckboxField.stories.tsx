import type { Meta, StoryObj } from '@storybook/react-vite';
import { toggleStories } from '../Field/toggleStories.tsx';
import { CheckboxField } from './CheckboxField.tsx';

const stories = toggleStories({
  Field: CheckboxField,
  role: 'checkbox',
  label: 'รับสินค้าที่คลัง',
  requiredError: 'กรุณายืนยันการรับสินค้า',
});

const meta = {
  title: 'Design system/Form fields/CheckboxField',
  component: CheckboxField,
  tags: ['autodocs'],
  ...stories.meta,
} satisfies Meta<typeof CheckboxField>;

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
