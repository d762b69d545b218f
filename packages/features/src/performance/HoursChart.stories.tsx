import { octoberTruckHours } from '@lms/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { swatchOf } from '../booking/shared/StatusBadge.tsx';
import { HoursChart } from './HoursChart.tsx';

const longLabel = '70-1001 รถหกล้อบรรทุกตู้ทึบของห้างหุ้นส่วนจำกัดขนส่งเจริญรุ่งเรืองพัฒนาทรานสปอร์ต';

/** The hours chart alone (the page's stories show it loading lazily with its table, loading and error). */
function Chart({
  width,
  long,
  empty,
}: {
  readonly width?: number;
  readonly long?: boolean;
  readonly empty?: boolean;
}) {
  const noShift = {
    ...octoberTruckHours.byTruck[1]!,
    label: '70-3003',
    id: '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c6d04',
    percent: null,
    status: null,
    statusLabel: 'ไม่มีกะที่เปิด',
    colour: '',
  };
  const rows = empty
    ? []
    : [...octoberTruckHours.byTruck, noShift].map((row, i) =>
        long && i === 0 ? { ...row, label: longLabel } : row,
      );
  return (
    <div style={{ width: width ?? 720 }}>
      <HoursChart rows={rows} title="แผนภูมิชั่วโมงที่ใช้ รายคัน" />
    </div>
  );
}

const meta = { title: 'Components/Performance/HoursChart', component: Chart } satisfies Meta<typeof Chart>;
export default meta;
type Story = StoryObj<typeof meta>;

const bars = (canvas: { getByRole: (role: string, options: { name: string }) => HTMLElement }) =>
  canvas.getByRole('img', { name: 'แผนภูมิชั่วโมงที่ใช้ รายคัน' }).querySelectorAll('.recharts-bar-rectangle');

export const Drawn: Story = {
  play: async ({ canvas }) => {
    // Three trucks: 59.88 % (NORMAL, the calendar's blue) is a bar; 0 % and no shift open draw none.
    await waitFor(() => expect(bars(canvas).length).toBe(1));
    await expect(bars(canvas)[0]!.querySelector('path')?.getAttribute('fill')).toBe(swatchOf('blue').text);
    await expect(canvas.getByText('ชั่วโมง %')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { empty: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'แผนภูมิชั่วโมงที่ใช้ รายคัน' })).toBeVisible();
    await expect(bars(canvas).length).toBe(0);
  },
};

export const LongThaiText: Story = {
  args: { long: true },
  play: async ({ canvas }) => {
    await waitFor(() => expect(bars(canvas).length).toBe(1));
    const figure = canvas.getByRole('img', { name: 'แผนภูมิชั่วโมงที่ใช้ รายคัน' });
    await expect(figure.getBoundingClientRect().width).toBeLessThanOrEqual(721);
  },
};

export const Phone: Story = {
  args: { width: 390 },
  play: async ({ canvas }) => {
    await waitFor(() => expect(bars(canvas).length).toBe(1));
    await expect(
      canvas.getByRole('img', { name: 'แผนภูมิชั่วโมงที่ใช้ รายคัน' }).getBoundingClientRect().width,
    ).toBeLessThanOrEqual(390);
  },
};

/** The chart mounted on a press, 1,020 px wide: what a print sees from its first drawing. */
function MountedOnPress() {
  const [shown, setShown] = useState(false);
  return (
    <div style={{ width: 1020 }}>
      <button type="button" onClick={() => setShown(true)}>
        แสดงแผนภูมิ
      </button>
      {shown && <HoursChart rows={octoberTruckHours.byTruck} title="แผนภูมิชั่วโมงที่ใช้ รายคัน" />}
    </div>
  );
}

/**
 * On paper a chart is zoomed to the page's width (ChartFigure.tsx), from the moment it is on the
 * page: a print taken at its first drawing must not get it at its screen width, cut off at the
 * page's edge. The zoom is read in the same task as the figure is added (a MutationObserver's
 * callback), before any ResizeObserver can have answered: before, it came from one, a frame later,
 * and the chart could be drawn first.
 */
export const ZoomedForPaperFromItsFirstDrawing: Story = {
  render: () => <MountedOnPress />,
  play: async ({ canvas, canvasElement }) => {
    const zooms: string[] = [];
    const watcher = new MutationObserver(() => {
      const figure = canvasElement.querySelector<HTMLElement>('figure[role="img"]');
      if (zooms.length === 0 && figure) zooms.push(figure.style.getPropertyValue('--print-zoom'));
    });
    watcher.observe(canvasElement, { childList: true, subtree: true });
    await userEvent.click(canvas.getByRole('button', { name: 'แสดงแผนภูมิ' }));
    await waitFor(() => expect(zooms).toHaveLength(1));
    watcher.disconnect();
    // 680 px of paper over the chart's 1,020.
    await expect(Number(zooms[0])).toBeCloseTo(680 / 1020, 3);
    await waitFor(() => expect(canvasElement.querySelector('.recharts-bar-rectangle')).not.toBeNull());
  },
};
