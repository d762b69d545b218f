import type { BranchFigures } from '@lms/domain';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from './ChartFigure.tsx';

/**
 * Branches side by side: OTIF, on time and in full per stop, one group of bars per branch. Loaded
 * lazily with recharts (as PerformanceCharts.tsx); a picture for the eye, the "เทียบสาขา" table
 * under it is the accessible and printed view. No animation, so prints show the final bars.
 * A long list of branches turns the chart on its side, one row per branch, so 50 names stay readable.
 */
export function BranchChart({
  branches,
  title,
}: {
  readonly branches: readonly BranchFigures[];
  readonly title: string;
}) {
  const data = branches.map((b) => ({
    label: b.label,
    otif: b.current.stops.otif.percent,
    onTime: b.current.stops.onTime.percent,
    inFull: b.current.stops.inFull.percent,
  }));
  const sideways = branches.length > 6;
  const height = sideways ? Math.max(260, branches.length * 36) : 260;
  return (
    <ChartFigure title={title} height={height}>
      <BarChart
        data={data}
        layout={sideways ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        {sideways ? (
          <>
            <XAxis type="number" domain={[0, 100]} unit="%" tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="label" width={160} tick={{ fontSize: 12 }} interval={0} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
            <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 12 }} />
          </>
        )}
        <Tooltip />
        <Legend />
        <Bar dataKey="otif" name="OTIF %" fill="#1f5fae" isAnimationActive={false} />
        <Bar dataKey="onTime" name="ตรงเวลา %" fill="#2e7d32" isAnimationActive={false} />
        <Bar dataKey="inFull" name="ครบ %" fill="#8fa3bf" isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
