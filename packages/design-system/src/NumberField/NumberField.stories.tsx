import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { phoneViewport, renderControlled, textbox } from '../Field/storyHelpers.tsx';
import { NumberField } from './NumberField.tsx';

const meta = {
  title: 'Design system/Form fields/NumberField',
  component: NumberField,
  tags: ['autodocs'],
  args: { label: 'ค่าขนส่งขั้นต่ำ (บาท)', value: 1234.5, onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof NumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: typed freely, shown with English grouping and fixed decimals once the field is left. */
export const Controlled: Story = {
  render: renderControlled(NumberField, null, JSON.stringify),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'ค่าขนส่งขั้นต่ำ (บาท)' });
    await userEvent.type(input, '2500.5');
    await userEvent.tab();
    await expect(input).toHaveValue('2,500.50');
    await expect(canvas.getByText('2500.5')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.tab();
    await expect(canvas.getByText('null')).toBeInTheDocument();
  },
};

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox');
    await expect(input).toHaveValue('1,234.50');
    await expect(input.getBoundingClientRect().height).toBe(44);
  },
};

/** `scale` sets the decimals: 0 for counts of vehicles. */
export const ScaleZero: Story = {
  args: { label: 'จำนวนรถ (คัน)', value: 12, scale: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveValue('12');
  },
};

/** Keyboard: arrow keys step the value. */
export const Keyboard: Story = {
  args: { label: 'จำนวนรถ (คัน)', value: 12, scale: 0 },
  play: async ({ args, canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('textbox')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith(13);
  },
};

/** In a table row the column already names the field: the label stays its accessible name, not drawn. */
export const LabelHidden: Story = {
  args: { label: 'จำนวนของ DO68010002', value: 20, scale: 3, isLabelHidden: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'จำนวนของ DO68010002' })).toHaveValue('20.000');
    await expect(canvas.getByText('จำนวนของ DO68010002').getBoundingClientRect().width).toBeLessThanOrEqual(
      1,
    );
  },
};

export const Empty: Story = {
  args: { value: null, placeholder: '0.00' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveValue('');
  },
};

export const WithError: Story = {
  args: { value: -5, isRequired: true, error: 'ค่าขนส่งต้องไม่ติดลบ' },
  play: textbox.showsError('ค่าขนส่งต้องไม่ติดลบ'),
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: textbox.isDisabled,
};

export const LongThaiText: Story = {
  args: {
    label: 'เปอร์เซ็นต์การปรับการใช้งานรถตามประเภทรถสำหรับเส้นทางที่มีข้อจำกัดการเดินรถในเขตเมือง',
    value: 12345678.9,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveValue('12,345,678.90');
  },
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  play: textbox.fitsPhone,
};
