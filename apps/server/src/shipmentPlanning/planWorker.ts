import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import {
  fromPortable,
  PlanningInputError,
  type PlanSolution,
  type PortableProblem,
  solve,
} from '@lms/planning';

/**
 * One planner thread of the pool (planPool.ts): solves one problem per message, on its own clock,
 * and ends the search early once the pool raises the job's stop flag (a dispatcher who left).
 */
export interface PlanJob {
  readonly id: number;
  readonly problem: PortableProblem;
  readonly seed: number;
  readonly timeLimitMs: number;
  readonly iterations?: number;
  /** One Int32: 1 = stop now. Shared with the pool, which clears it before each job. */
  readonly stop: SharedArrayBuffer;
}

export type PlanAnswer =
  | { readonly id: number; readonly started: true }
  | { readonly id: number; readonly solution: PlanSolution }
  | { readonly id: number; readonly error: string; readonly input: boolean };

parentPort?.on('message', (job: PlanJob) => {
  const flag = new Int32Array(job.stop);
  // The time box runs from here: a thread's first job waits for its modules to load.
  parentPort!.postMessage({ id: job.id, started: true } satisfies PlanAnswer);
  try {
    const solution = solve(fromPortable(job.problem), {
      seed: job.seed,
      timeLimitMs: job.timeLimitMs,
      ...(job.iterations !== undefined ? { iterations: job.iterations } : {}),
      clock: () => performance.now(),
      stop: () => Atomics.load(flag, 0) === 1,
    });
    parentPort!.postMessage({ id: job.id, solution } satisfies PlanAnswer);
  } catch (error) {
    parentPort!.postMessage({
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
      input: error instanceof PlanningInputError,
    } satisfies PlanAnswer);
  }
});
