import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { phoneViewport, useControlled } from '../Field/storyHelpers.tsx';
import { CheckboxField } from './CheckboxField.tsx';

const meta = {
  title: 'Design system/Form fields/CheckboxField',
  component: CheckboxField,
  tags: ['autodocs'],
  args: { label: 'รับสินค้าที่คลัง', value: false, onChange: fn() },
} satisfies Meta<typeof CheckboxField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: a boolean value; the whole label is the click target. */
export const Controlled: Story = {
  render: function Render(args) {
    const field = useControlled(false);
    return <CheckboxField {...args} {...field} />;
  },
  play: async ({ canvas }) => {
    const control = canvas.getByRole('checkbox', { name: 'รับสินค้าที่คลัง' });
    await userEvent.click(canvas.getByText('รับสินค้าที่คลัง'));
    await expect(control).toBeChecked();
  },
};

/** Keyboard: Space toggles. */
export const Keyboard: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('checkbox')).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenCalledWith(true);
  },
};

export const Checked: Story = {
  args: { value: true, description: 'ใช้กับทุกสาขา' },
  play: async ({ canvas }) => {
    const control = canvas.getByRole('checkbox');
    await expect(control).toBeChecked();
    await expect(control).toHaveAccessibleDescription('ใช้กับทุกสาขา');
  },
};

export const WithError: Story = {
  args: { isRequired: true, error: 'กรุณายืนยันการรับสินค้า' },
  play: async ({ canvas }) => {
    const control = canvas.getByRole('checkbox', { name: 'รับสินค้าที่คลัง (จำเป็น)' });
    await expect(control).toHaveAccessibleDescription('กรุณายืนยันการรับสินค้า');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, value: true },
  play: async ({ args, canvas }) => {
    const control = canvas.getByRole('checkbox');
    await expect(control).toBeDisabled();
    await userEvent.click(canvas.getByText('รับสินค้าที่คลัง'), { pointerEventsCheck: 0 });
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const LongThaiText: Story = {
  args: {
    label: 'อนุญาตให้จองรถเกินจำนวนที่กำหนดในช่วงเทศกาลและวันหยุดยาวต่อเนื่องโดยไม่ต้องขออนุมัติจากผู้จัดการสาขา',
    value: true,
  },
  render: (args) => (
    <div style={{ maxWidth: 300 }}>
      <CheckboxField {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).not.toBeChecked();
  },
};
