import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { CapacityCalendar } from './CapacityCalendar.tsx';
import type { CalendarView } from './calendarDates.ts';

const today = new Date(2026, 0, 15);
// Story capacity: deterministic from the date, formatted by the caller.
const remaining = (date: Date) => ((date.getDate() * 7) % 12) + 1;

const meta = {
  title: 'Design system/CapacityCalendar',
  component: CapacityCalendar,
  tags: ['autodocs'],
  args: {
    today,
    onSelectDay: fn(),
    renderDay: (date: Date) => <small>ว่าง {remaining(date)} คัน</small>,
  },
} satisfies Meta<typeof CapacityCalendar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Docs: a month, Sunday first; each cell shows what `renderDay` returns. */
export const Month: Story = {
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid', { name: 'มกราคม 2026' });
    const headers = canvas.getAllByRole('columnheader');
    await expect(headers[0]).toHaveAccessibleName('อาทิตย์');
    await expect(canvas.getAllByRole('row')).toHaveLength(6);
    const todayCell = canvas.getByRole('gridcell', { name: /พฤหัสบดี 15 มกราคม 2026/ });
    await expect(todayCell).toHaveAttribute('aria-current', 'date');
    await expect(todayCell).toHaveAttribute('tabindex', '0');
    await expect(grid).toHaveTextContent('ว่าง 10 คัน');
  },
};

/** Arrows move a day or a week (across months); Enter selects. */
export const Keyboard: Story = {
  render: function Render(args) {
    const [selected, setSelected] = useState<Date | null>(null);
    return (
      <CapacityCalendar
        {...args}
        selectedDate={selected}
        onSelectDay={(date) => {
          setSelected(date);
          args.onSelectDay?.(date);
        }}
      />
    );
  },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('gridcell', { name: /29 มกราคม/ }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('gridcell', { name: / 5 กุมภาพันธ์ 2026/ })).toHaveFocus();
    await expect(canvas.getByRole('grid', { name: 'กุมภาพันธ์ 2026' })).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}{ArrowUp}');
    await expect(canvas.getByRole('gridcell', { name: /28 มกราคม 2026/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelectDay).toHaveBeenLastCalledWith(new Date(2026, 0, 28));
    await expect(canvas.getByRole('gridcell', { name: /28 มกราคม 2026/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const Navigation: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'เดือนถัดไป' }));
    await expect(canvas.getByRole('grid', { name: 'กุมภาพันธ์ 2026' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'เดือนก่อนหน้า' }));
    await userEvent.click(canvas.getByRole('button', { name: 'เดือนก่อนหน้า' }));
    await expect(canvas.getByRole('grid', { name: 'ธันวาคม 2025' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'วันนี้' }));
    await expect(canvas.getByRole('grid', { name: 'มกราคม 2026' })).toBeVisible();
  },
};

export const Week: Story = {
  args: { view: 'week' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('gridcell')).toHaveLength(7);
    await expect(canvas.getAllByRole('gridcell')[0]).toHaveAccessibleName(/อาทิตย์ 11 มกราคม 2026/);
    await userEvent.click(canvas.getByRole('button', { name: 'สัปดาห์ถัดไป' }));
    await expect(canvas.getAllByRole('gridcell')[0]).toHaveAccessibleName(/อาทิตย์ 18 มกราคม 2026/);
  },
};

/** The caller learns which days are shown, to fetch exactly those: at first, on paging, on a view change. */
export const VisibleRangeReported: Story = {
  name: 'Visible range reported',
  args: { onVisibleRangeChange: fn() },
  render: function Render(args) {
    const [view, setView] = useState<CalendarView>('month');
    return (
      <div>
        <Button variant="secondary" size="sm" onPress={() => setView('week')}>
          รายสัปดาห์
        </Button>
        <CapacityCalendar {...args} view={view} />
      </div>
    );
  },
  play: async ({ args, canvas }) => {
    const reported = args.onVisibleRangeChange;
    // Reported from an effect, which runs after the render has painted: wait for each report.
    const reports = (range: { first: Date; last: Date }) =>
      waitFor(() => expect(reported).toHaveBeenLastCalledWith(range));
    // January 2026 starts on a Thursday: its grid runs from Sunday 28 Dec to Saturday 31 Jan.
    await waitFor(() => expect(reported).toHaveBeenCalledTimes(1));
    await reports({
      first: new Date(2025, 11, 28),
      last: new Date(2026, 0, 31),
    });
    // February 2026 fills exactly four weeks.
    await userEvent.click(canvas.getByRole('button', { name: 'เดือนถัดไป' }));
    await reports({
      first: new Date(2026, 1, 1),
      last: new Date(2026, 1, 28),
    });
    await userEvent.click(canvas.getByRole('button', { name: 'เดือนถัดไป' }));
    await reports({
      first: new Date(2026, 2, 1),
      last: new Date(2026, 3, 4),
    });
    await userEvent.click(canvas.getByRole('button', { name: 'เดือนก่อนหน้า' }));
    await waitFor(() => expect(reported).toHaveBeenCalledTimes(4));
    // Moving within the days shown is no change of range.
    await userEvent.click(canvas.getByRole('gridcell', { name: /11 กุมภาพันธ์ 2026/ }));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/12 กุมภาพันธ์ 2026/));
    // A report would be a fifth call; the count at the end (7) would catch one made late.
    await expect(reported).toHaveBeenCalledTimes(4);
    await userEvent.click(canvas.getByRole('button', { name: 'รายสัปดาห์' }));
    await reports({
      first: new Date(2026, 1, 8),
      last: new Date(2026, 1, 14),
    });
    await userEvent.click(canvas.getByRole('button', { name: 'สัปดาห์ถัดไป' }));
    await reports({
      first: new Date(2026, 1, 15),
      last: new Date(2026, 1, 21),
    });
    // "Today" goes back to the week of 15 January.
    await userEvent.click(canvas.getByRole('button', { name: 'วันนี้' }));
    await reports({
      first: new Date(2026, 0, 11),
      last: new Date(2026, 0, 17),
    });
    await expect(reported).toHaveBeenCalledTimes(7);
  },
};

/** Opens on the month of `defaultFocusedDate` (e.g. from a link) while its days load. */
export const LoadingOtherMonth: Story = {
  name: 'Loading another month',
  args: { defaultFocusedDate: new Date(2026, 2, 10), isLoading: true },
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('grid', { name: 'มีนาคม 2026' });
    await expect(grid).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('กำลังโหลด...');
    await expect(canvas.getByRole('gridcell', { name: /10 มีนาคม 2026/ })).toHaveAttribute('tabindex', '0');
  },
};

export const BuddhistEra: Story = {
  args: { buddhistEra: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('grid', { name: 'มกราคม 2569' })).toBeVisible();
  },
};

export const LongThaiText: Story = {
  args: {
    view: 'week',
    renderDay: () => <small>รถบรรทุกหกล้อว่างสำหรับการจองรอบเช้าและรอบบ่ายทั้งหมดสามคัน</small>,
  },
  play: async ({ canvasElement }) => {
    const grid = canvasElement.querySelector('[role="grid"]') as HTMLElement;
    await expect(grid.scrollWidth).toBeLessThanOrEqual(grid.clientWidth + 1);
  },
};

export const PhoneWidth: Story = {
  render: (args) => (
    <div style={{ width: 343 }}>
      <CapacityCalendar {...args} renderDay={(date) => <small>{remaining(date)}</small>} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const grid = canvasElement.querySelector('[role="grid"]') as HTMLElement;
    await expect(grid.getBoundingClientRect().width).toBeLessThanOrEqual(343);
  },
};
