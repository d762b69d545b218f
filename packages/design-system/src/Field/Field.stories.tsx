import type { Meta, StoryObj } from '@storybook/react-vite';
import { Input, TextField } from 'react-aria-components';
import { expect } from 'storybook/test';
import styled from 'styled-components';
import { FieldLayout, type FieldLayoutProps } from './Field.tsx';
import { controlBox, fieldColumn } from './fieldStyles.ts';
import { expectNoSideScroll, phoneViewport } from './storyHelpers.tsx';

/**
 * The layout every form field draws around its control: label and required mark, description,
 * error. Shown here around a bare react-aria text field, the way TextField, NumberField, DateField
 * and the others use it; each of those has its own stories.
 */
function LaidOut({ isInvalid, ...layout }: FieldLayoutProps & { readonly isInvalid?: boolean }) {
  return (
    <Column isRequired={layout.isRequired} isReadOnly={layout.isReadOnly} isInvalid={isInvalid}>
      <FieldLayout {...layout}>
        <Box defaultValue={layout.isReadOnly ? 'กท 1234' : ''} />
      </FieldLayout>
    </Column>
  );
}

const Column = styled(TextField)`
  ${fieldColumn}
`;

const Box = styled(Input)`
  ${controlBox}
`;

const meta = {
  title: 'Design system/Form fields/FieldLayout',
  component: LaidOut,
  tags: ['autodocs'],
  args: { label: 'ทะเบียนรถ' },
} satisfies Meta<typeof LaidOut>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'ทะเบียนรถ' })).toBeVisible();
  },
};

/** A required field: a red '*' for the eye, "(จำเป็น)" for a screen reader (spec §5). */
export const Required: Story = {
  args: { isRequired: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    await expect(canvas.getByRole('textbox', { name: 'ทะเบียนรถ (จำเป็น)' })).toBeRequired();
  },
};

/** Read-only fields carry no required mark, even when the value is required (spec §5). */
export const ReadOnly: Story = {
  args: { isRequired: true, isReadOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('*')).toBeNull();
    await expect(canvas.getByRole('textbox', { name: 'ทะเบียนรถ' })).toHaveAttribute('readonly');
  },
};

export const WithDescription: Story = {
  args: { description: 'ตัวอักษรไทยและตัวเลข ไม่มีชื่อจังหวัด' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveAccessibleDescription('ตัวอักษรไทยและตัวเลข ไม่มีชื่อจังหวัด');
  },
};

/** The error is the control's description and marks it invalid: the two never disagree. */
export const WithError: Story = {
  args: { isRequired: true, isInvalid: true, error: 'กรุณาระบุ ทะเบียนรถ' },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('textbox');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription(expect.stringContaining('กรุณาระบุ ทะเบียนรถ'));
  },
};

/** In a table row whose column names the field: the label stays its accessible name, undrawn. */
export const LabelHidden: Story = {
  args: { isLabelHidden: true },
  play: async ({ canvas }) => {
    const label = canvas.getByText('ทะเบียนรถ');
    await expect(label.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await expect(canvas.getByRole('textbox', { name: 'ทะเบียนรถ' })).toBeVisible();
  },
};

export const LongThaiText: Story = {
  args: {
    label: 'สถานที่ส่งสินค้าตามใบสั่งขายของลูกค้ารายใหญ่ในเขตอุตสาหกรรมภาคตะวันออก',
    isRequired: true,
    description: 'ระบุชื่ออาคาร ชั้น และจุดรับสินค้าให้ครบ เพื่อให้คนขับหาทางเข้าได้โดยไม่ต้องโทรถาม',
    isInvalid: true,
    error: 'กรุณาระบุ สถานที่ส่งสินค้าตามใบสั่งขายของลูกค้ารายใหญ่ในเขตอุตสาหกรรมภาคตะวันออก',
  },
  render: (args) => (
    <div style={{ maxWidth: 280 }}>
      <LaidOut {...args} />
    </div>
  ),
  play: expectNoSideScroll,
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  args: { isRequired: true, description: 'ตัวอักษรไทยและตัวเลข' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox').getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};
