import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import {
  expectFieldError,
  expectNoSideScroll,
  phoneViewport,
  textbox,
  useControlled,
} from '../Field/storyHelpers.tsx';
import { TextField } from './TextField.tsx';

const meta = {
  title: 'Design system/Form fields/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'ชื่อจังหวัด', value: 'เชียงใหม่', onChange: fn(), onBlur: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: controlled like a react-final-form field; the error shows once the field was left. */
export const Controlled: Story = {
  render: function Render(args) {
    const field = useControlled('');
    const error = field.value.trim() === '' ? 'กรุณาระบุ ชื่อจังหวัด' : undefined;
    return <TextField {...args} {...field} isRequired error={error} />;
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: /ชื่อจังหวัด/ });
    await expect(input).toHaveAttribute('aria-required', 'true');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(input);
    await userEvent.tab();
    await expectFieldError(input, 'กรุณาระบุ ชื่อจังหวัด');
    await userEvent.type(input, 'ลำปาง');
    await expect(input).toHaveValue('ลำปาง');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const Default: Story = {
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'ชื่อจังหวัด' });
    await expect(input.getBoundingClientRect().height).toBe(44);
    await userEvent.type(input, 'x');
    await expect(args.onChange).toHaveBeenLastCalledWith('เชียงใหม่x');
    await userEvent.tab();
    await expect(args.onBlur).toHaveBeenCalled();
  },
};

/** The required mark is '*' for the eye and 'จำเป็น' for screen readers. */
export const Required: Story = {
  args: { isRequired: true, value: '' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'ชื่อจังหวัด (จำเป็น)' })).toBeInTheDocument();
  },
};

export const WithError: Story = {
  args: { isRequired: true, value: '', error: 'กรุณาระบุ ชื่อจังหวัด', description: 'ใช้ชื่อภาษาไทย' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox');
    await expectFieldError(input, 'กรุณาระบุ ชื่อจังหวัด');
    await expect(input).toHaveAccessibleDescription(expect.stringContaining('ใช้ชื่อภาษาไทย'));
  },
};

/** An error of an untouched field waits until the user has been there. */
export const UntouchedError: Story = {
  args: { value: '', error: 'กรุณาระบุ ชื่อจังหวัด', touched: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByText('กรุณาระบุ ชื่อจังหวัด')).not.toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, isRequired: true },
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox');
    await expect(input).toBeDisabled();
    await userEvent.type(input, 'x');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const ReadOnly: Story = {
  args: { isReadOnly: true, isRequired: true },
  play: async ({ args, canvas }) => {
    // Read-only fields carry no required mark.
    const input = canvas.getByRole('textbox', { name: 'ชื่อจังหวัด' });
    await userEvent.type(input, 'x');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const LongThaiText: Story = {
  args: {
    label: 'ชื่อผู้ติดต่อสำหรับการรับสินค้าที่ปลายทางในกรณีที่ผู้รับหลักไม่อยู่',
    value: 'บริษัท ขนส่งสินค้าและโลจิสติกส์ภาคเหนือ จำกัด (มหาชน) สาขาเชียงใหม่',
    isRequired: true,
    error: 'ชื่อผู้ติดต่อต้องไม่เกิน 50 ตัวอักษร กรุณาตรวจสอบและแก้ไขข้อมูลให้ถูกต้องก่อนบันทึก',
  },
  play: expectNoSideScroll,
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  args: { type: 'tel', label: 'เบอร์โทรศัพท์', value: '081-234-5678' },
  play: textbox.fitsPhone,
};
