import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { expectFieldError, phoneViewport, useControlled } from '../Field/storyHelpers.tsx';
import { DateTimeField } from './DateTimeField.tsx';

// 2024-03-15T01:30:00Z is 15/03/2024 08:30 in Bangkok. No story reads the clock.
const meta = {
  title: 'Design system/Form fields/DateTimeField',
  component: DateTimeField,
  tags: ['autodocs'],
  args: {
    label: 'เวลานัดรับสินค้า',
    value: '2024-03-15T01:30:00.000Z',
    placeholderValue: '2024-03-01',
    onChange: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof DateTimeField>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);
const segments = (canvas: HTMLElement) => within(canvas).getAllByRole('spinbutton');

/** Docs: type dd/MM/yyyy HH:mm in Bangkok time; the value is the ISO instant. */
export const Controlled: Story = {
  render: function Render(args) {
    const field = useControlled<string | null>(null);
    return (
      <>
        <DateTimeField {...args} {...field} isRequired />
        <output>{JSON.stringify(field.value)}</output>
      </>
    );
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(segments(canvasElement)[0] as HTMLElement);
    await userEvent.keyboard('050420241745');
    await expect(canvas.getByText('"2024-04-05T10:45:00.000Z"')).toBeInTheDocument();
  },
};

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: /เวลานัดรับสินค้า/ });
    // react-aria wraps the time in bidi isolation marks: match around them.
    await expect(group).toHaveTextContent(/15\/03\/2024 .?08:30/);
    await expect(group.getBoundingClientRect().height).toBe(44);
  },
};

/** The calendar picks the day and keeps the time. */
export const Open: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /เปิดปฏิทิน/ }));
    const dialog = await screen().findByRole('dialog', { name: 'ปฏิทิน' });
    await expect(within(dialog).getByRole('heading')).toHaveTextContent('มีนาคม');
    await userEvent.click(within(dialog).getByRole('button', { name: /ที่ 20 มีนาคม/ }));
    await expect(args.onChange).toHaveBeenCalledWith('2024-03-20T01:30:00.000Z');
  },
};

/** Keyboard: segments by Tab, arrows step; Enter on the button opens the calendar. */
export const Keyboard: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    await userEvent.tab();
    await expect(segments(canvasElement)[0]).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(segments(canvasElement)[3]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith('2024-03-15T02:30:00.000Z');
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /เปิดปฏิทิน/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen().findByRole('dialog', { name: 'ปฏิทิน' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /ที่ 15 มีนาคม/ })).toHaveFocus());
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
  args: { value: null, isRequired: true, error: 'กรุณาระบุ เวลานัดรับสินค้า' },
  play: async ({ canvasElement }) => {
    await expectFieldError(segments(canvasElement)[0] as HTMLElement, 'กรุณาระบุ เวลานัดรับสินค้า');
  },
};

/** A typed year outside 1900–2099 (spec §9) shows a Thai error, in the year style shown. */
export const OutOfRange: Story = {
  args: { value: '2100-01-01T03:00:00.000Z', buddhistEra: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('วันที่ต้องอยู่ระหว่าง 01/01/2443 ถึง 31/12/2642')).toBeVisible();
  },
};

/** Buddhist-era years (พ.ศ. = ค.ศ. + 543); the value stays ISO. */
export const BuddhistEra: Story = {
  args: { buddhistEra: true },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: /เวลานัดรับสินค้า/ });
    await expect(group).toHaveTextContent(/15\/03\/2567 .?08:30/);
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(segments(canvasElement)[0]).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('button', { name: /เปิดปฏิทิน/ })).toBeDisabled();
  },
};

/** Read-only shows dd/MM/yyyy HH:mm in Bangkok as text. */
export const ReadOnly: Story = {
  args: { isReadOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'เวลานัดรับสินค้า' })).toHaveTextContent('15/03/2024 08:30');
  },
};

export const LongThaiText: Story = {
  args: {
    label: 'วันและเวลาที่ผู้รับเหมาขนส่งยืนยันการเข้ารับสินค้าที่คลังสินค้าต้นทางของสาขา',
    description: 'เวลาตามเขตเวลากรุงเทพฯ ไม่ว่าผู้ใช้จะเปิดระบบจากเครื่องที่ตั้งเขตเวลาใดก็ตาม',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const PhoneWidth: Story = {
  ...phoneViewport,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /เปิดปฏิทิน/ }));
    const dialog = await screen().findByRole('dialog', { name: 'ปฏิทิน' });
    await expect(dialog.getBoundingClientRect().right).toBeLessThanOrEqual(360);
  },
};
