import type { TruckHoursRow } from '@lms/domain';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { swatchOf } from '../booking/shared/StatusBadge.tsx';
import { ChartFigure } from './ChartFigure.tsx';

/**
 * Hours used against hours available per vehicle type or truck (docs/performance-figures.md
 * "ชั่วโมงที่ใช้เทียบกับที่มี"): one bar of the hour %, in its status's colour (the calendar's), on
 * recharts as the screen's other charts, loaded lazily with them. A row with no shift open has no
 * percent, so no bar; the table below says "ไม่มีกะที่เปิด".
 */
export function HoursChart({
  rows,
  title,
}: {
  readonly rows: readonly TruckHoursRow[];
  readonly title: string;
}) {
  return (
    <ChartFigure title={title} height={260}>
      <BarChart data={[...rows]} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
        <YAxis unit="%" tick={{ fontSize: 12 }} />
        <Tooltip />
        <Legend />
        <Bar dataKey="percent" name="ชั่วโมง %" isAnimationActive={false}>
          {rows.map((row) => (
            <Cell key={row.id} fill={swatchOf(row.colour).text} />
          ))}
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}
