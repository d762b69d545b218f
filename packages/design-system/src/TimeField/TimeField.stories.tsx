import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { expectFieldError, phoneViewport, useControlled } from '../Field/storyHelpers.tsx';
import { TimeField } from './TimeField.tsx';

const meta = {
  title: 'Design system/Form fields/TimeField',
  component: TimeField,
  tags: ['autodocs'],
  args: { label: 'เวลาเริ่มกะ', value: '08:30', onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof TimeField>;

export default meta;
type Story = StoryObj<typeof meta>;

const segments = (canvas: HTMLElement) => within(canvas).getAllByRole('spinbutton');

/** Docs: type hours and minutes (24-hour); the value is `HH:mm`. */
export const Controlled: Story = {
  render: function Render(args) {
    const field = useControlled<string | null>(null);
    return (
      <>
        <TimeField {...args} {...field} isRequired />
        <output>{JSON.stringify(field.value)}</output>
      </>
    );
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(segments(canvasElement)[0] as HTMLElement);
    await userEvent.keyboard('1745');
    await expect(canvas.getByText('"17:45"')).toBeInTheDocument();
  },
};

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: /เวลาเริ่มกะ/ });
    await expect(group).toHaveTextContent('08:30');
    await expect(group.getBoundingClientRect().height).toBe(44);
  },
};

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

export const Empty: Story = {
  args: { value: null },
  play: async ({ canvasElement }) => {
    for (const segment of segments(canvasElement)) {
      await expect(segment).toHaveAttribute('aria-valuetext', 'Empty');
    }
  },
};

export const WithError: Story = {
  args: { value: null, isRequired: true, error: 'กรุณาระบุ เวลาเริ่มกะ' },
  play: async ({ canvasElement }) => {
    await expectFieldError(segments(canvasElement)[0] as HTMLElement, 'กรุณาระบุ เวลาเริ่มกะ');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(segments(canvasElement)[0]).toHaveAttribute('aria-disabled', 'true');
  },
};

/** Read-only shows HH:mm as text. */
export const ReadOnly: Story = {
  args: { isReadOnly: true, value: '08:30:00' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'เวลาเริ่มกะ' })).toHaveTextContent('08:30');
  },
};

export const LongThaiText: Story = {
  args: {
    label: 'เวลาสิ้นสุดการรับสินค้าที่คลังสำหรับรถที่เข้ารับสินค้าในกะกลางคืนของวันหยุดนักขัตฤกษ์',
    description: 'รถที่มาถึงหลังเวลานี้จะถูกจัดเข้ากะถัดไปโดยอัตโนมัติตามเงื่อนไขของสาขา',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: /เวลาเริ่มกะ/ });
    await expect(group.getBoundingClientRect().width).toBeLessThanOrEqual(360);
  },
};
