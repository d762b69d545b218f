import { ROLE_BOOKING_REPORT_READ } from '@lms/domain';
import {
  emptyPerformanceAnswer,
  performanceAnswer,
  performanceCalls,
  performanceHandlers,
} from '@lms/testing';
import { PageHarness } from '@lms/testing/stories';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PerformancePage } from './PerformancePage.tsx';
import { performanceText as text } from './performanceText.ts';

const months = ['2026-11', '2026-10', '2026-09'];

/** Reads shipments too, so the figures counted from trips open the shipment list. */
const ROLE_SHIPMENT_READ = 'ROLE_SHIPMENT_READ';

function Harness({
  width,
  onMonthChange,
  navigate,
  roles = [ROLE_BOOKING_REPORT_READ, ROLE_SHIPMENT_READ],
}: {
  readonly width?: number;
  readonly onMonthChange: (month: string) => void;
  readonly navigate: (href: string) => void;
  readonly roles?: readonly string[];
}) {
  return (
    <PageHarness roles={[...roles]} {...(width ? { width } : {})}>
      <PerformancePage month="2026-10" months={months} onMonthChange={onMonthChange} navigate={navigate} />
    </PageHarness>
  );
}

const meta = {
  title: 'Pages/Performance',
  component: Harness,
  args: { onMonthChange: fn(), navigate: fn() },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const tile = async (canvas: ReturnType<typeof within>, label: string) =>
  within(await canvas.findByLabelText(label, { selector: 'div' }));

export const Figures: Story = {
  beforeEach: ({ msw }) => msw.use(...performanceHandlers()),
  play: async ({ canvas }) => {
    // October: 2 of 4 settled stops on time and whole; September: 0 of 1.
    const otif = await tile(canvas, 'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง');
    await expect(otif.getByText('50.0 %')).toBeVisible();
    await expect(otif.getByText('จาก 4 รายการ')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^ดูผลของ / })).toBeNull();
    // Compared with the calendar month before, named (previousPeriod, periodWords).
    await expect(otif.getByText(/ก\.ย\. 2026: 0\.0 %/)).toBeVisible();
    await expect(canvas.getByText(/ตุลาคม 2026 \(เทียบกับ ก\.ย\. 2026\)/)).toBeVisible();
    await expect(otif.getByText(/เปลี่ยนแปลง \+50.0/)).toHaveAttribute('data-trend', 'up');
    // Km per drop (40 + 25) / 3: lower is better, September had none to compare.
    await expect((await tile(canvas, 'ระยะทางต่อจุดส่ง')).getByText('21.7 กม.')).toBeVisible();
    const failures = within(canvas.getByRole('region', { name: 'ส่งไม่สำเร็จตามสาเหตุ' }));
    // In the table (the chart's axis, once drawn, names it too).
    await expect(within(failures.getByRole('grid')).getByText('ไม่พบผู้รับ')).toBeVisible();
    const trucks = within(canvas.getByRole('region', { name: 'การใช้รถรายคัน' }));
    // In the grid (the print-only table beside it holds the same words, hidden on screen).
    await expect(within(trucks.getByRole('grid')).getByText('ใกล้เต็ม')).toBeVisible();
    const hours = within(canvas.getByRole('region', { name: 'ชั่วโมงที่ใช้ รายคัน' }));
    await expect(within(hours.getByRole('grid')).getByText('59.88')).toBeVisible();
    const days = within(canvas.getByRole('region', { name: 'วันรถว่างและเต็ม รายคัน' }));
    await expect(within(days.getByRole('grid')).getByText('4/10, 11/10, 18/10, 25/10')).toBeVisible();
    // The charts arrive lazily (recharts), each a picture named in Thai above its table.
    const pareto = await failures.findByRole('img', { name: 'แผนภูมิส่งไม่สำเร็จตามสาเหตุ' }, { timeout: 10_000 });
    await waitFor(() => expect(pareto.querySelectorAll('.recharts-bar-rectangle').length).toBe(1));
    await chartsDrawn(canvas);
    await expect(performanceCalls[0]?.query).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    await userEvent.click(canvas.getByRole('button', { name: text.excel }));
    await waitFor(() => expect(performanceCalls.map((c) => c.path)).toEqual(['branch', 'excel']));
  },
};

const october = 'shiftDateFrom=2026-10-01&shiftDateTo=2026-10-31';
const settled = 'statuses=DELIVERED&statuses=PARTIAL&statuses=FAILED';

/** Every figure opens the list behind it, filtered to the month (and the row's truck or vehicle type), by mouse and keyboard. */
export const OpensTheRecords: Story = {
  beforeEach: ({ msw }) => msw.use(...performanceHandlers()),
  play: async ({ canvas, args }) => {
    const otif = await tile(canvas, 'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง');
    const otifLink = otif.getByRole('link', { name: 'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง' });
    await expect(otifLink).toHaveAttribute('href', `/deliveryStopReport?${october}&${settled}`);
    await expect(
      (await tile(canvas, 'ลูกค้ายืนยันนัดทางลิงก์')).getByRole('link', { name: 'ลูกค้ายืนยันนัดทางลิงก์' }),
    ).toHaveAttribute(
      'href',
      '/bookingReport?deliveryDateFrom=2026-10-01&deliveryDateTo=2026-10-31&callStatuses=CONFIRMED_BY_CUSTOMER',
    );
    // Keyboard: the link takes focus and Enter opens it through the host's router.
    otifLink.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.navigate).toHaveBeenLastCalledWith(`/deliveryStopReport?${october}&${settled}`);
    const trucks = within(canvas.getByRole('region', { name: 'การใช้รถรายคัน' }));
    const truckLink = trucks.getByRole('link', { name: '70-1001' });
    await expect(truckLink).toHaveAttribute(
      'href',
      `/shipment?${october}&vehicleIds=7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c6d02`,
    );
    await userEvent.click(truckLink);
    await expect(args.navigate).toHaveBeenLastCalledWith(truckLink.getAttribute('href'));
    // Enter on another cell of the row (the grid's keyboard) opens the same list.
    const types = within(canvas.getByRole('region', { name: 'การใช้รถตามประเภทรถ' }));
    const tripsCell = types.getAllByRole('gridcell')[1]!;
    tripsCell.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.navigate).toHaveBeenLastCalledWith(
      `/shipment?${october}&vehicleTypeIds=7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c6d01`,
    );
    // An empty day of a truck opens that truck's shipments of that day, by keyboard.
    const days = within(canvas.getByRole('region', { name: 'วันรถว่างและเต็ม รายคัน' }));
    const sunday = days.getByRole('link', { name: '70-1001 4/10 รถว่าง' });
    sunday.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.navigate).toHaveBeenLastCalledWith(
      '/shipment?shiftDateFrom=2026-10-04&shiftDateTo=2026-10-04&vehicleIds=7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c6d02',
    );
    // A failure reason opens its failed stops: its link takes focus, Enter opens it through the router.
    const failures = within(canvas.getByRole('region', { name: 'ส่งไม่สำเร็จตามสาเหตุ' }));
    const reason = failures.getByRole('link', { name: 'ไม่พบผู้รับ' });
    const reasonStops = `/deliveryStopReport?${october}&statuses=FAILED&reasons=CUSTOMER_ABSENT`;
    await expect(reason).toHaveAttribute('href', reasonStops);
    reason.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.navigate).toHaveBeenLastCalledWith(reasonStops);
    await chartsDrawn(canvas);
  },
};

/** Without the shipment list's role, the figures counted from trips are plain text; the bookings' still open. */
export const WithoutShipmentList: Story = {
  args: { roles: [ROLE_BOOKING_REPORT_READ] },
  beforeEach: ({ msw }) => msw.use(...performanceHandlers()),
  play: async ({ canvas }) => {
    const otif = await tile(canvas, 'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง');
    await expect(otif.queryByRole('link')).toBeNull();
    await expect(
      (await tile(canvas, 'ยืนยันนัดทางโทรศัพท์')).getByRole('link', { name: 'ยืนยันนัดทางโทรศัพท์' }),
    ).toHaveAttribute('href', expect.stringContaining('callStatuses=CALLED'));
    await expect(within(canvas.getByRole('region', { name: 'การใช้รถรายคัน' })).queryByRole('link')).toBeNull();
    await chartsDrawn(canvas);
  },
};

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...performanceHandlers('loading')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(text.loading)).toBeVisible();
    await expect(canvas.getByRole('button', { name: text.excel })).toBeDisabled();
  },
};

export const Empty: Story = {
  beforeEach: ({ msw }) => msw.use(...performanceHandlers(emptyPerformanceAnswer())),
  play: async ({ canvas }) => {
    const otif = await tile(canvas, 'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง');
    await expect(otif.getByText(text.nothing)).toBeVisible();
    await expect(otif.getByText('จาก 0 รายการ')).toBeVisible();
    // A new branch: the month before has nothing either, so no month is offered.
    await expect(canvas.queryByRole('button', { name: /^ดูผลของ / })).toBeNull();
    await expect(
      within(canvas.getByRole('region', { name: 'การใช้รถรายคัน' })).getByText(text.empty),
    ).toBeVisible();
  },
};

/**
 * October's first morning: nothing of it counted yet, September counted. The page says so and
 * offers September, the month its user most likely came for.
 */
export const MonthJustBegun: Story = {
  beforeEach: ({ msw }) => {
    const answer = performanceAnswer();
    msw.use(
      ...performanceHandlers({
        ...answer,
        current: emptyPerformanceAnswer().current,
        previous: answer.current,
      }),
    );
  },
  play: async ({ canvas, args }) => {
    const offer = await canvas.findByRole('button', { name: 'ดูผลของ กันยายน 2026' });
    await expect(canvas.getByText(/ตุลาคม 2026 ยังไม่มีจุดส่งที่นับได้/)).toBeVisible();
    const otif = await tile(canvas, 'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง');
    await expect(otif.getByText(text.nothing)).toBeVisible();
    await userEvent.click(offer);
    await expect(args.onMonthChange).toHaveBeenCalledWith('2026-09');
  },
};

export const LoadError: Story = {
  beforeEach: ({ msw }) => msw.use(...performanceHandlers('error')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'ระบบขัดข้อง กรุณาลองใหม่',
    );
    await expect(canvas.getByRole('button', { name: 'ลองใหม่' })).toBeVisible();
  },
};

/** Every chart drawn (they load lazily), so the screenshot holds the whole page. */
const chartsDrawn = async (canvas: ReturnType<typeof within>) => {
  const charts = await canvas.findAllByRole('img', { name: /แผนภูมิ/ }, { timeout: 10_000 });
  // Failures, truck use by type and by truck, hours by type and by truck.
  await expect(charts).toHaveLength(5);
  await waitFor(() => {
    for (const chart of charts)
      expect(chart.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0);
  });
};

const longLabel = '70-1001 รถหกล้อบรรทุกตู้ทึบของห้างหุ้นส่วนจำกัดขนส่งเจริญรุ่งเรืองพัฒนาทรานสปอร์ตแอนด์โลจิสติกส์';

export const LongThaiText: Story = {
  beforeEach: ({ msw }) => {
    const answer = performanceAnswer();
    msw.use(
      ...performanceHandlers({
        ...answer,
        truckUse: { ...answer.truckUse, byTruck: [{ ...answer.truckUse.byTruck[0]!, label: longLabel }] },
      }),
    );
  },
  play: async ({ canvas }) => {
    const trucks = await canvas.findByRole('region', { name: 'การใช้รถรายคัน' });
    await chartsDrawn(canvas);
    // In the table's row (and on the chart's axis).
    await expect(within(within(trucks).getByRole('grid')).getByText(longLabel)).toBeInTheDocument();
    const page = canvas.getByRole('heading', { name: text.title }).closest('main, div') as HTMLElement;
    await expect(trucks.getBoundingClientRect().right).toBeLessThanOrEqual(
      page.getBoundingClientRect().right + 1,
    );
  },
};

export const Phone: Story = {
  args: { width: 390 },
  beforeEach: ({ msw }) => msw.use(...performanceHandlers()),
  play: async ({ canvas, args }) => {
    const otif = await tile(canvas, 'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง');
    await expect(otif.getByText('50.0 %')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: text.excel }).getBoundingClientRect().right,
    ).toBeLessThanOrEqual(390);
    await userEvent.click(canvas.getByRole('button', { name: /เดือน/ }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'กันยายน 2026' }));
    await expect(args.onMonthChange).toHaveBeenCalledWith('2026-09');
  },
};

/** October seen on the 15th: truck days and hours say the last day they count, above their tables. */
export const MonthRunning: Story = {
  beforeEach: ({ msw }) => {
    const answer = performanceAnswer();
    const until = '2026-10-15';
    msw.use(
      ...performanceHandlers({
        ...answer,
        truckDays: { ...answer.truckDays, until },
        truckHours: { ...answer.truckHours, until },
      }),
    );
  },
  play: async ({ canvas }) => {
    const note = 'นับถึงวันที่ 15/10 วันที่ยังไม่ถึงยังไม่นับ';
    for (const name of ['ชั่วโมงที่ใช้ รายคัน', 'ชั่วโมงที่ใช้ ตามประเภทรถ', 'วันรถว่างและเต็ม รายคัน']) {
      const region = within(await canvas.findByRole('region', { name }));
      await expect(region.getByText(note)).toBeVisible();
    }
    // The tables whose figures every day counts alike have no such note.
    const failures = within(canvas.getByRole('region', { name: 'ส่งไม่สำเร็จตามสาเหตุ' }));
    await expect(failures.queryByText(note)).toBeNull();
    await chartsDrawn(canvas);
  },
};
