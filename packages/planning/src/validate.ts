import { MAX_TRIPS_PER_TRUCK } from '@lms/domain';
import type { PlanId, PlanningProblem } from './problem.ts';

/** A problem the solver cannot read (not a job it cannot plan: those come back unassigned). */
export class PlanningInputError extends Error {
  override name = 'PlanningInputError';
}

function unique(kind: string, ids: readonly PlanId[]): void {
  const seen = new Set<PlanId>();
  for (const id of ids) {
    if (seen.has(id)) throw new PlanningInputError(`duplicate ${kind} id ${String(id)}`);
    seen.add(id);
  }
}

const finite = (value: number | undefined) => value === undefined || Number.isFinite(value);

export function validate(problem: PlanningProblem): void {
  unique(
    'job',
    problem.jobs.map((j) => j.id),
  );
  unique(
    'vehicle',
    problem.vehicles.map((v) => v.id),
  );
  const sizes = Object.values(problem.matrices).map((m) => m.size);
  const size = sizes.length > 0 ? Math.min(...sizes) : 0;
  const inMatrix = (at: number | undefined) =>
    at === undefined || (Number.isInteger(at) && at >= 0 && at < size);
  for (const vehicle of problem.vehicles) {
    const profile = vehicle.profile ?? 'car';
    if (!problem.matrices[profile])
      throw new PlanningInputError(`vehicle ${vehicle.id}: no matrix for profile "${profile}"`);
    if (!inMatrix(vehicle.start) || !inMatrix(vehicle.end))
      throw new PlanningInputError(`vehicle ${vehicle.id}: start or end outside the matrix`);
    if (vehicle.capacity.some((c) => !Number.isFinite(c) || c < 0))
      throw new PlanningInputError(`vehicle ${vehicle.id}: capacity must be non-negative numbers`);
    const trips = vehicle.trips ?? 1;
    if (!Number.isInteger(trips) || trips < 1 || trips > MAX_TRIPS_PER_TRUCK)
      throw new PlanningInputError(
        `vehicle ${vehicle.id}: trips must be a whole number from 1 to ${MAX_TRIPS_PER_TRUCK}`,
      );
    if (trips > 1 && (vehicle.start === undefined || vehicle.end === undefined || !vehicle.timeWindow))
      throw new PlanningInputError(
        `vehicle ${vehicle.id}: several trips need a start, an end and a time window`,
      );
    if (!finite(vehicle.reload) || (vehicle.reload ?? 0) < 0)
      throw new PlanningInputError(`vehicle ${vehicle.id}: reload must be a non-negative number`);
    const [open, close] = vehicle.timeWindow ?? [0, 0];
    if (!finite(open) || !finite(close) || open > close || !finite(vehicle.startService))
      throw new PlanningInputError(
        `vehicle ${vehicle.id}: time window must be [start, end] with start ≤ end`,
      );
  }
  for (const job of problem.jobs) {
    if (!inMatrix(job.location)) throw new PlanningInputError(`job ${job.id}: location outside the matrix`);
    if (job.delivery.some((a) => !Number.isFinite(a) || a < 0))
      throw new PlanningInputError(`job ${job.id}: delivery must be non-negative numbers`);
    if (!finite(job.service) || (job.service ?? 0) < 0)
      throw new PlanningInputError(`job ${job.id}: service must be a non-negative number`);
    for (const [open, close] of job.timeWindows ?? [])
      if (!Number.isFinite(open) || !Number.isFinite(close) || open > close)
        throw new PlanningInputError(`job ${job.id}: time window must be [start, end] with start ≤ end`);
  }
}
