import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { expectNoSideScroll, phoneViewport } from '../Field/storyHelpers.tsx';
import { NativeSelectField, type NativeSelectFieldProps } from './NativeSelectField.tsx';

const trucks = [
  { id: 't1', label: '70-1234 (รถบรรทุก 6 ล้อ)' },
  { id: 't2', label: '70-5678 (รถบรรทุก 6 ล้อ)' },
  { id: 't3', label: '70-9012 (รถกระบะ 4 ล้อ)' },
];

/** Holds the picked value as a page would, and shows it. */
function Controlled(props: NativeSelectFieldProps) {
  const [value, setValue] = useState(props.value);
  return (
    <>
      <NativeSelectField
        {...props}
        value={value}
        onChange={(id) => {
          setValue(id);
          props.onChange(id);
        }}
      />
      <output>{value ?? '-'}</output>
    </>
  );
}

const meta = {
  title: 'Design system/Form fields/NativeSelectField',
  component: NativeSelectField,
  tags: ['autodocs'],
  args: { label: 'ย้าย BK20250106000001 ไปรถ', value: null, options: trucks, onChange: fn() },
  render: (args) => <Controlled {...args} />,
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof NativeSelectField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing picked: the placeholder shows and cannot be picked back. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'ย้าย BK20250106000001 ไปรถ' });
    await expect(select).toHaveDisplayValue('เลือก...');
    await expect(canvas.getByRole('option', { name: 'เลือก...' })).toBeDisabled();
  },
};

/** Picking an option answers its id. */
export const Picks: Story = {
  play: async ({ args, canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'ย้าย BK20250106000001 ไปรถ' });
    await userEvent.selectOptions(select, '70-5678 (รถบรรทุก 6 ล้อ)');
    await expect(args.onChange).toHaveBeenCalledWith('t2');
    await expect(canvas.getByRole('status')).toHaveTextContent('t2');
  },
};

/**
 * Keyboard: Tab reaches it and it is the focused control; its arrows and Alt+ArrowDown are the
 * browser's own (a story's scripted keys are not trusted events, so the pick is made as a
 * person's would land: the option chosen answers its id).
 */
export const Keyboard: Story = {
  args: { value: 't1' },
  play: async ({ args, canvas }) => {
    await userEvent.tab();
    const select = canvas.getByRole('combobox', { name: 'ย้าย BK20250106000001 ไปรถ' });
    await expect(select).toHaveFocus();
    await userEvent.selectOptions(select, 't3');
    await expect(args.onChange).toHaveBeenLastCalledWith('t3');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, value: 't1' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox')).toBeDisabled();
  },
};

/** The label for screen readers only, where the row around it already says it. */
export const HiddenLabel: Story = {
  args: { labelHidden: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'ย้าย BK20250106000001 ไปรถ' })).toBeVisible();
  },
};

export const LongThaiText: Story = {
  args: {
    label: 'ย้ายการจองของลูกค้ารายใหญ่ประจำภาคตะวันออกเฉียงเหนือไปยังรถบรรทุกคันอื่นของสาขา',
    options: [{ id: 'long', label: 'รถบรรทุกพ่วงสิบแปดล้อของผู้รับเหมาขนส่งภายนอกประจำสาขาภาคตะวันออกเฉียงเหนือ' }],
    value: 'long',
  },
  play: expectNoSideScroll,
};

export const Phone: Story = {
  ...phoneViewport,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox').getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};
