import { performanceAnswer } from '@lms/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FailureChart, TruckUseChart } from './PerformanceCharts.tsx';

/** The charts alone (the page's stories show them loading lazily, with their tables, loading and error). */
function Charts({ width, long }: { readonly width?: number; readonly long?: boolean }) {
  const answer = performanceAnswer();
  const label = long ? 'รถหกล้อบรรทุกตู้ทึบของห้างหุ้นส่วนจำกัดขนส่งเจริญรุ่งเรืองพัฒนาทรานสปอร์ต' : undefined;
  const trucks = answer.truckUse.byTruck.map((row) => (label ? { ...row, label } : row));
  // October's one reason, then a second: 1 + 1 failed stops, 50 % then 100 %.
  const bars = [
    { ...answer.current.failures[0]!, cumulativePercent: 50 },
    {
      reason: 'OTHER' as const,
      label: long ? 'อื่น ๆ ลูกค้าขอเลื่อนเพราะร้านปิดปรับปรุงทั้งสัปดาห์' : 'อื่น ๆ',
      stops: 1,
      cumulativePercent: 100,
    },
  ];
  return (
    <div style={{ width: width ?? 720 }}>
      <FailureChart bars={bars} title="แผนภูมิส่งไม่สำเร็จตามสาเหตุ" />
      <TruckUseChart rows={trucks} title="แผนภูมิการใช้รถรายคัน" />
      <TruckUseChart rows={[]} title="แผนภูมิว่าง" />
    </div>
  );
}

const meta = { title: 'Components/Performance/Charts', component: Charts } satisfies Meta<typeof Charts>;
export default meta;
type Story = StoryObj<typeof meta>;

const barsOf = (
  canvas: { getByRole: (role: string, options: { name: string }) => HTMLElement },
  name: string,
) => canvas.getByRole('img', { name }).querySelectorAll('.recharts-bar-rectangle').length;

export const Drawn: Story = {
  play: async ({ canvas }) => {
    // Two reasons → two bars; one truck → a weight and a volume bar; no rows → no bar.
    await waitFor(() => expect(barsOf(canvas, 'แผนภูมิส่งไม่สำเร็จตามสาเหตุ')).toBe(2));
    await waitFor(() => expect(barsOf(canvas, 'แผนภูมิการใช้รถรายคัน')).toBe(2));
    await expect(barsOf(canvas, 'แผนภูมิว่าง')).toBe(0);
    await expect(canvas.getAllByText('น้ำหนัก %')[0]).toBeVisible();
  },
};

export const LongThaiText: Story = {
  args: { long: true },
  play: async ({ canvas }) => {
    await waitFor(() => expect(barsOf(canvas, 'แผนภูมิส่งไม่สำเร็จตามสาเหตุ')).toBe(2));
    const figure = canvas.getByRole('img', { name: 'แผนภูมิการใช้รถรายคัน' });
    await expect(figure.getBoundingClientRect().width).toBeLessThanOrEqual(721);
  },
};

export const Phone: Story = {
  args: { width: 390 },
  play: async ({ canvas }) => {
    await waitFor(() => expect(barsOf(canvas, 'แผนภูมิการใช้รถรายคัน')).toBe(2));
    await expect(
      canvas.getByRole('img', { name: 'แผนภูมิการใช้รถรายคัน' }).getBoundingClientRect().width,
    ).toBeLessThanOrEqual(390);
  },
};
