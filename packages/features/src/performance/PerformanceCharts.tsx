import type { FailureBar, TruckUseRow } from '@lms/domain';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { swatchOf } from '../booking/shared/StatusBadge.tsx';
import { ChartFigure } from './ChartFigure.tsx';

/**
 * The performance screen's charts, on recharts (SVG, maintained), in a module of their own that
 * the page loads lazily: recharts is fetched only when this screen draws, never by the shell.
 * Each chart is a picture for the eye (`role="img"` with its Thai name); the table beside it,
 * the same numbers (`performanceTables`), is what assistive technology and print read.
 * No animation, so a screenshot and a printout show the final bars.
 */

const HEIGHT = 260;
const AXIS = { fontSize: 12 };

/** Failed stops per reason (bars) and the running share of all failures (line): a Pareto. */
export function FailureChart({
  bars,
  title,
}: {
  readonly bars: readonly FailureBar[];
  readonly title: string;
}) {
  return (
    <ChartFigure title={title} height={HEIGHT}>
      <ComposedChart data={[...bars]} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" />
        <YAxis yAxisId="stops" allowDecimals={false} tick={AXIS} />
        <YAxis yAxisId="share" orientation="right" domain={[0, 100]} unit="%" tick={AXIS} />
        <Tooltip />
        <Legend />
        <Bar yAxisId="stops" dataKey="stops" name="จุดส่ง" fill="#b3261e" isAnimationActive={false} />
        <Line
          yAxisId="share"
          dataKey="cumulativePercent"
          name="สะสม %"
          stroke="#1f5fae"
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartFigure>
  );
}

/** Weight and volume used per vehicle type or truck; the weight bar takes the status's colour (the calendar's). */
export function TruckUseChart({
  rows,
  title,
}: {
  readonly rows: readonly TruckUseRow[];
  readonly title: string;
}) {
  return (
    <ChartFigure title={title} height={HEIGHT}>
      <BarChart data={[...rows]} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" />
        <YAxis unit="%" tick={AXIS} />
        <Tooltip />
        <Legend />
        <Bar dataKey="weightPercent" name="น้ำหนัก %" isAnimationActive={false}>
          {rows.map((row) => (
            <Cell key={row.id} fill={swatchOf(row.colour).text} />
          ))}
        </Bar>
        <Bar dataKey="volumePercent" name="ปริมาตร %" fill="#8fa3bf" isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
