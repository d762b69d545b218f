import { type Utilization as ApiUtilization, optionLabel, utilizationStatusOptions } from '@lms/domain';
import type { Amounts } from './capacity.ts';
import {
  DEFAULT_UTILIZATION_BANDS,
  percentOf,
  UTILIZATION_COLOURS,
  UTILIZATION_SEVERITY,
} from './decisions.ts';
import type { UtilizationStatus, UtilizationThreshold } from './world.ts';

/** A slot's fullness and its status band (booking.md Utilization status). */

export type Utilization = ApiUtilization;

type Band = Omit<UtilizationThreshold, 'vehicleTypeId'>;
type Dimension = 'Weight' | 'Volume' | 'Hour';

export function statusLabel(status: UtilizationStatus): string {
  return optionLabel(utilizationStatusOptions, status) ?? status;
}

/** The band whose [min, max) range holds `percent` on one dimension; the top band also takes its max and above. */
function bandOf(bands: readonly Band[], dimension: Dimension, percent: number): Band | undefined {
  const min = (band: Band): number => band[`min${dimension}Percent`];
  const max = (band: Band): number => band[`max${dimension}Percent`];
  const sorted = [...bands].sort((a, b) => min(a) - min(b) || max(a) - max(b));
  const top = sorted[sorted.length - 1];
  if (top && percent >= max(top)) return top;
  return (
    sorted.find((band) => percent >= min(band) && percent < max(band)) ??
    [...sorted].reverse().find((band) => percent >= min(band))
  );
}

/** Status of the highest of weight %, volume % and hour %; ties go to the more severe band. */
export function utilizationOf(
  thresholds: readonly UtilizationThreshold[] | undefined,
  used: Amounts,
  capacity: Amounts,
): Utilization {
  const bands: readonly Band[] = thresholds && thresholds.length > 0 ? thresholds : DEFAULT_UTILIZATION_BANDS;
  const percents: [Dimension, number][] = [
    ['Weight', percentOf(used.weight, capacity.weight)],
    ['Volume', percentOf(used.volume, capacity.volume)],
    ['Hour', percentOf(used.minute, capacity.minute)],
  ];
  const percent = Math.max(...percents.map(([, value]) => value));
  let status: UtilizationStatus = 'FULL';
  let severity = -1;
  for (const [dimension, value] of percents) {
    if (value !== percent) continue;
    const found = bandOf(bands, dimension, value)?.status ?? 'FULL';
    if (UTILIZATION_SEVERITY[found] > severity) {
      status = found;
      severity = UTILIZATION_SEVERITY[found];
    }
  }
  return {
    weightPercent: percents[0]?.[1] ?? 0,
    volumePercent: percents[1]?.[1] ?? 0,
    hourPercent: percents[2]?.[1] ?? 0,
    percent,
    status,
    statusLabel: statusLabel(status),
    colour: UTILIZATION_COLOURS[status],
  };
}
