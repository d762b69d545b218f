import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { phoneViewport, renderControlled } from '../Field/storyHelpers.tsx';
import { MultiSelectField } from './MultiSelectField.tsx';

const days = [
  { id: 'MON', label: 'จันทร์' },
  { id: 'TUE', label: 'อังคาร' },
  { id: 'WED', label: 'พุธ' },
  { id: 'THU', label: 'พฤหัสบดี' },
  { id: 'FRI', label: 'ศุกร์' },
];

const meta = {
  title: 'Design system/Form fields/MultiSelectField',
  component: MultiSelectField,
  tags: ['autodocs'],
  args: { label: 'วันที่ห้ามเดินรถ', value: ['MON', 'WED'], options: days, onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof MultiSelectField>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

/** Docs: the value is the list of chosen ids; the list stays open to pick several. */
export const Controlled: Story = {
  render: renderControlled(MultiSelectField, [], (ids) => ids.join(',')),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /วันที่ห้ามเดินรถ/ }));
    await userEvent.click(await screen().findByRole('option', { name: 'อังคาร' }));
    await userEvent.click(screen().getByRole('option', { name: 'ศุกร์' }));
    await expect(canvas.getByText('TUE,FRI')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen().queryByRole('listbox')).not.toBeInTheDocument());
    // The picked ones joined in Thai whatever the browser's language (ThemeProvider's locale), never "and".
    await expect(canvas.getByRole('button', { name: /วันที่ห้ามเดินรถ/ })).toHaveTextContent(/^อังคารและศุกร์$/);
  },
};

export const Keyboard: Story = {
  play: async ({ args }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen().findByRole('listbox');
    await expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    await waitFor(() => expect(listbox.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /วันที่ห้ามเดินรถ/ }));
    await expect(await screen().findByRole('option', { name: 'พุธ' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const Empty: Story = {
  args: { value: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /วันที่ห้ามเดินรถ/ })).toHaveTextContent('เลือก...');
  },
};

export const WithError: Story = {
  args: { value: [], isRequired: true, error: 'กรุณาเลือกอย่างน้อย 1 วัน' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /วันที่ห้ามเดินรถ/ })).toHaveAccessibleDescription(
      expect.stringContaining('กรุณาเลือกอย่างน้อย 1 วัน'),
    );
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /วันที่ห้ามเดินรถ/ })).toBeDisabled();
  },
};

export const ReadOnly: Story = {
  args: { isReadOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'วันที่ห้ามเดินรถ' })).toHaveTextContent('จันทร์, พุธ');
  },
};

export const LongThaiText: Story = {
  args: { value: ['MON', 'TUE', 'WED', 'THU', 'FRI'] },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /วันที่ห้ามเดินรถ/ });
    await expect(trigger.getBoundingClientRect().height).toBe(44);
  },
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: /วันที่ห้ามเดินรถ/ }).getBoundingClientRect().width,
    ).toBeLessThanOrEqual(360);
  },
};
