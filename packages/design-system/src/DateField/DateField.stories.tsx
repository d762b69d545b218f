import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { expectFieldError, phoneViewport, useControlled } from '../Field/storyHelpers.tsx';
import { DateField } from './DateField.tsx';

// Stories never read the clock: the value or `placeholderValue` fixes the month shown.
const meta = {
  title: 'Design system/Form fields/DateField',
  component: DateField,
  tags: ['autodocs'],
  args: { label: 'วันที่ส่งสินค้า', value: '2024-03-15', placeholderValue: '2024-03-01', onChange: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
} satisfies Meta<typeof DateField>;

export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);
const segments = (canvas: HTMLElement) => within(canvas).getAllByRole('spinbutton');

/** Docs: type dd/MM/yyyy (or pick from the calendar); the value is the ISO day `yyyy-MM-dd`. */
export const Controlled: Story = {
  render: function Render(args) {
    const field = useControlled<string | null>(null);
    return (
      <>
        <DateField {...args} {...field} isRequired />
        <output>{JSON.stringify(field.value)}</output>
      </>
    );
  },
  play: async ({ canvasElement, canvas }) => {
    const [day] = segments(canvasElement);
    await userEvent.click(day as HTMLElement);
    await userEvent.keyboard('05042024');
    await expect(canvas.getByText('"2024-04-05"')).toBeInTheDocument();
  },
};

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: /วันที่ส่งสินค้า/ });
    await expect(group).toHaveTextContent('15/03/2024');
    await expect(group.getBoundingClientRect().height).toBe(44);
  },
};

/** The calendar: Thai month and weekday names, Sunday first, the chosen day marked. */
export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /เปิดปฏิทิน/ }));
    const dialog = await screen().findByRole('dialog', { name: 'ปฏิทิน' });
    await expect(within(dialog).getByRole('heading')).toHaveTextContent('มีนาคม');
    // The weekday row is hidden from screen readers (each day's name says its weekday).
    await expect(dialog.querySelector('thead th')).toHaveTextContent('อา');
    await expect(within(dialog).getByRole('button', { name: 'เดือนก่อนหน้า' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'เดือนถัดไป' })).toBeVisible();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /ที่ 15 มีนาคม/ })).toHaveFocus());
  },
};

/** Picking from the calendar sets the ISO day. */
export const PickFromCalendar: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /เปิดปฏิทิน/ }));
    const dialog = await screen().findByRole('dialog', { name: 'ปฏิทิน' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'เดือนถัดไป' }));
    await expect(within(dialog).getByRole('heading')).toHaveTextContent('เมษายน');
    await userEvent.click(within(dialog).getByRole('button', { name: /ที่ 20 เมษายน/ }));
    await expect(args.onChange).toHaveBeenCalledWith('2024-04-20');
  },
};

/** Keyboard: tab into the day, type digits, arrows step; the button opens the calendar with Enter. */
export const Keyboard: Story = {
  play: async ({ args, canvas, canvasElement }) => {
    await userEvent.tab();
    await expect(segments(canvasElement)[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith('2024-03-16');
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /เปิดปฏิทิน/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen().findByRole('dialog', { name: 'ปฏิทิน' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /ที่ 15 มีนาคม/ })).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('2024-03-16');
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
  args: { value: null, isRequired: true, error: 'กรุณาระบุ วันที่ส่งสินค้า' },
  play: async ({ canvasElement }) => {
    await expectFieldError(segments(canvasElement)[0] as HTMLElement, 'กรุณาระบุ วันที่ส่งสินค้า');
  },
};

/** A typed year outside 1900–2099 (spec §9) shows a Thai error. */
export const OutOfRange: Story = {
  args: { value: '1899-12-31' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('วันที่ต้องอยู่ระหว่าง 01/01/1900 ถึง 31/12/2099')).toBeVisible();
    await expectFieldError(segments(canvasElement)[0] as HTMLElement, 'วันที่ต้องอยู่ระหว่าง');
  },
};

/** Buddhist-era years (พ.ศ. = ค.ศ. + 543); the value stays the ISO day. */
export const BuddhistEra: Story = {
  args: { buddhistEra: true },
  play: async ({ args, canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: /วันที่ส่งสินค้า/ });
    await expect(group).toHaveTextContent('15/03/2567');
    await userEvent.click(segments(canvasElement)[0] as HTMLElement);
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith('2024-03-16');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(segments(canvasElement)[0]).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('button', { name: /เปิดปฏิทิน/ })).toBeDisabled();
  },
};

/** Read-only shows dd/MM/yyyy as text. */
export const ReadOnly: Story = {
  args: { isReadOnly: true, buddhistEra: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'วันที่ส่งสินค้า' })).toHaveTextContent('15/03/2567');
  },
};

export const LongThaiText: Story = {
  args: {
    label: 'วันที่เริ่มใช้อัตราค่าขนส่งสำหรับลูกค้าที่อยู่นอกเขตพื้นที่บริการปกติตามเงื่อนไขการจัดส่ง',
    description: 'ระบุวันที่มีผลบังคับใช้ตามสัญญากับผู้รับเหมาขนส่งที่ได้รับอนุมัติแล้วเท่านั้น',
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
