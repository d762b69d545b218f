import { ROLE_BOOKING_REPORT_READ, type TruckDaysRow } from '@lms/domain';
import { octoberTruckDays } from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TruckDayStrip, truckDayText } from './TruckDayStrip.tsx';

const october = { from: '2026-10-01', to: '2026-10-31' };
const longLabel = '70-1001 รถหกล้อบรรทุกตู้ทึบของห้างหุ้นส่วนจำกัดขนส่งเจริญรุ่งเรืองพัฒนาทรานสปอร์ตแอนด์โลจิสติกส์';

/** The strip alone (the page's stories show it with its table, loading and error). */
function Strip({
  width,
  trucks = octoberTruckDays.byTruck,
  roles = [ROLE_BOOKING_REPORT_READ, 'ROLE_SHIPMENT_READ'],
  navigate,
  until,
}: {
  readonly until?: string | null;
  readonly width?: number;
  readonly trucks?: readonly TruckDaysRow[];
  readonly roles?: readonly string[];
  readonly navigate: (href: string) => void;
}) {
  return (
    <PageHarness roles={[...roles]} width={width ?? 900}>
      <TruckDayStrip trucks={trucks} period={october} until={until} navigate={navigate} />
    </PageHarness>
  );
}

const meta = {
  title: 'Components/Performance/TruckDayStrip',
  component: Strip,
  args: { navigate: fn() },
} satisfies Meta<typeof Strip>;
export default meta;
type Story = StoryObj<typeof meta>;

const truckDays = (canvas: ReturnType<typeof within>, label: string) =>
  within(canvas.getByRole('list', { name: label }));

/** 70-1001: empty on the four Sundays, full on the 5th and 12th; a day it simply ran is not a link. */
export const Days: Story = {
  play: async ({ canvas, args }) => {
    const days = truckDays(canvas, '70-1001');
    await expect(days.getAllByRole('listitem')).toHaveLength(31);
    await expect(days.getAllByRole('link')).toHaveLength(6);
    const sunday = days.getByRole('link', { name: '70-1001 4/10 รถว่าง' });
    await expect(sunday).toHaveAttribute(
      'href',
      '/shipment?shiftDateFrom=2026-10-04&shiftDateTo=2026-10-04&vehicleIds=7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c6d02',
    );
    await expect(days.getByRole('link', { name: '70-1001 5/10 บรรทุกเต็ม' })).toHaveAttribute(
      'data-kind',
      'full',
    );
    // Keyboard: Tab reaches the first flagged day (the 4th), Enter opens it through the router.
    await userEvent.tab();
    await expect(sunday).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.navigate).toHaveBeenLastCalledWith(sunday.getAttribute('href'));
    await userEvent.tab();
    await expect(days.getByRole('link', { name: '70-1001 5/10 บรรทุกเต็ม' })).toHaveFocus();
    // 70-2002 ran no trip in October: 31 empty days.
    await expect(truckDays(canvas, '70-2002').getAllByRole('link')).toHaveLength(31);
    await expect(canvas.getByRole('list', { name: truckDayText.legend })).toHaveTextContent('บรรทุกเต็ม');
  },
};

/** Without the shipment list's role the days are shown but open nothing. */
export const WithoutShipmentList: Story = {
  args: { roles: [ROLE_BOOKING_REPORT_READ] },
  play: async ({ canvas }) => {
    await expect(truckDays(canvas, '70-1001').getAllByRole('listitem')).toHaveLength(31);
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

export const Empty: Story = {
  args: { trucks: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: truckDayText.legend })).toBeVisible();
    await expect(canvas.queryAllByRole('link')).toHaveLength(0);
  },
};

export const LongThaiText: Story = {
  args: { trucks: [{ ...octoberTruckDays.byTruck[0]!, label: longLabel }] },
  play: async ({ canvas }) => {
    const days = canvas.getByRole('list', { name: longLabel });
    await expect(days.getBoundingClientRect().right).toBeLessThanOrEqual(901);
    await expect(canvas.getByText(longLabel).getBoundingClientRect().right).toBeLessThanOrEqual(901);
  },
};

export const Phone: Story = {
  args: { width: 390 },
  play: async ({ canvas }) => {
    const days = canvas.getByRole('list', { name: '70-1001' });
    await expect(days.getBoundingClientRect().right).toBeLessThanOrEqual(390);
    // Wrapped, not shrunk: a day stays a 24 px target.
    await expect(
      within(days).getByRole('link', { name: '70-1001 4/10 รถว่าง' }).getBoundingClientRect().width,
    ).toBe(24);
  },
};

/**
 * A month still running (today the 15th): the days after today are not judged, drawn plain as
 * "ยังไม่ถึง", never links, whatever is planned for them.
 */
export const MonthRunning: Story = {
  args: { until: '2026-10-15' },
  play: async ({ canvas }) => {
    const days = truckDays(canvas, '70-1001');
    await expect(days.getAllByRole('listitem')).toHaveLength(31);
    // The Sundays 4th and 11th and the full 5th and 12th: the 18th and 25th are ahead.
    await expect(days.getAllByRole('link')).toHaveLength(4);
    await expect(days.getByTitle('70-1001 25/10 ยังไม่ถึง')).toBeVisible();
    await expect(canvas.getByRole('list', { name: truckDayText.legend })).toHaveTextContent(
      truckDayText.ahead,
    );
  },
};
