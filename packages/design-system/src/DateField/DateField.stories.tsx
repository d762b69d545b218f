import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectFieldError, renderControlled } from '../Field/storyHelpers.tsx';
import { BuddhistEraProvider } from './buddhistEra.tsx';
import { DateField } from './DateField.tsx';
import { openCalendar, screen, segmentedFieldStories, segments } from './segmentedFieldStories.tsx';

const stories = segmentedFieldStories({
  Field: DateField,
  label: 'วันที่ส่งสินค้า',
  args: { value: '2024-03-15', placeholderValue: '2024-03-01' },
  shown: '15/03/2024',
  typed: { keys: '05042024', value: '2024-04-05' },
  readOnly: { args: { buddhistEra: true }, shown: '15/03/2567' },
  longText: {
    label: 'วันที่เริ่มใช้อัตราค่าขนส่งสำหรับลูกค้าที่อยู่นอกเขตพื้นที่บริการปกติตามเงื่อนไขการจัดส่ง',
    description: 'ระบุวันที่มีผลบังคับใช้ตามสัญญากับผู้รับเหมาขนส่งที่ได้รับอนุมัติแล้วเท่านั้น',
  },
  hasCalendar: true,
});

const meta = {
  title: 'Design system/Form fields/DateField',
  component: DateField,
  tags: ['autodocs'],
  ...stories.meta,
} satisfies Meta<typeof DateField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: type dd/MM/yyyy (or pick from the calendar); the value is the ISO day `yyyy-MM-dd`. */
export const Controlled: Story = stories.Controlled;
export const Default: Story = stories.Default;

/** The calendar: Thai month and weekday names, Sunday first, the chosen day marked. */
export const Open: Story = {
  play: async ({ canvas }) => {
    const dialog = await openCalendar(canvas);
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
    const dialog = await openCalendar(canvas);
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

export const Empty: Story = stories.Empty;
export const WithError: Story = stories.WithError;

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

/** Issue 22 item 8: the user's พ.ศ. setting (from the host) applies to a field that sets none: 2568 typed is 2025. */
export const TypedInUserBuddhistEra: Story = {
  args: { isRequired: true },
  decorators: [
    (Story) => (
      <BuddhistEraProvider value>
        <Story />
      </BuddhistEraProvider>
    ),
  ],
  render: renderControlled(DateField, null, JSON.stringify),
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(segments(canvasElement)[0] as HTMLElement);
    await userEvent.keyboard('25112568');
    await expect(await canvas.findByText(JSON.stringify('2025-11-25'))).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('group', { name: /วันที่ส่งสินค้า/ })).toHaveTextContent(
      '25/11/2568',
    );
  },
};

/**
 * A year typed digit by digit (2, 20, 202, 2027) is stored once, whole: the years on the way are
 * no value (null), so a screen that asks the server for its day asks once, not for 0002-11-30 too;
 * nor is a year on its way out of range.
 */
export const TypingAYearStoresItWhole: Story = {
  args: { value: '2026-11-30' },
  render: renderControlled(DateField, '2026-11-30', JSON.stringify),
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(segments(canvasElement)[2] as HTMLElement);
    await userEvent.keyboard('202');
    await expect(await canvas.findByText('null')).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('group', { name: /วันที่ส่งสินค้า/ })).toHaveTextContent(
      '30/11/202',
    );
    // No range error for a year still being typed (01/01/1900 to 31/12/2099).
    await expect(canvas.queryByText(/วันที่ต้องอยู่ระหว่าง/)).toBeNull();
    await userEvent.keyboard('7');
    await expect(await canvas.findByText(JSON.stringify('2027-11-30'))).toBeInTheDocument();
  },
};

/**
 * `holdWhileTyping` (a field whose value asks the server): typing 01/12 over 30/11 passes on the
 * 1st of December alone, not the 1st of November and of January it passes through; a year typed
 * whole passes on at once, and so does a day picked from the calendar or a typed one when focus
 * leaves the field.
 */
export const HeldWhileTyping: Story = {
  args: { value: '2026-11-30', holdWhileTyping: true },
  render: function Render(args) {
    const [value, setValue] = useState<string | null>('2026-11-30');
    const [passed, setPassed] = useState<readonly (string | null)[]>([]);
    const onChange = (next: string | null) => {
      setValue(next);
      setPassed((before) => [...before, next]);
    };
    return (
      <>
        <DateField {...args} value={value} onChange={onChange} />
        <output>{JSON.stringify(passed)}</output>
      </>
    );
  },
  play: async ({ canvas, canvasElement }) => {
    const passed = canvasElement.querySelector('output')!;
    const field = within(canvasElement).getByRole('group', { name: /วันที่ส่งสินค้า/ });
    await userEvent.click(segments(canvasElement)[0] as HTMLElement);
    await userEvent.keyboard('0112');
    await expect(field).toHaveTextContent('01/12/2026');
    await waitFor(() => expect(passed).toHaveTextContent(JSON.stringify(['2026-12-01'])), { timeout: 2000 });
    // The year is the last segment: whole, it is passed on with its last digit.
    await userEvent.keyboard('2027');
    await expect(passed).toHaveTextContent(JSON.stringify(['2026-12-01', '2027-12-01']));
    // A typed day is passed on when focus leaves the field, without waiting for the pause.
    await userEvent.click(segments(canvasElement)[0] as HTMLElement);
    await userEvent.keyboard('05');
    await userEvent.click(canvasElement);
    await expect(passed).toHaveTextContent(JSON.stringify(['2026-12-01', '2027-12-01', '2027-12-05']));
    const dialog = await openCalendar(canvas);
    await userEvent.click(within(dialog).getByRole('button', { name: /ที่ 20 ธันวาคม/ }));
    await expect(passed).toHaveTextContent(
      JSON.stringify(['2026-12-01', '2027-12-01', '2027-12-05', '2027-12-20']),
    );
  },
};

export const Disabled: Story = stories.Disabled;
/** Read-only shows dd/MM/yyyy as text. */
export const ReadOnly: Story = stories.ReadOnly;
export const LongThaiText: Story = stories.LongThaiText;
export const PhoneWidth: Story = stories.PhoneWidth;
