import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type PlanningProblem, solve, tableMatrix } from '@lms/planning';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/httpError.ts';
import { planningMessages } from '../src/shipmentPlanning/messages.ts';
import { PlanCancelled, PlanPool } from '../src/shipmentPlanning/planPool.ts';

/** Customers on a grid around a depot, with windows: enough work for a search that uses its time. */
function problem(customers: number): PlanningProblem {
  const points = [
    [50, 50],
    ...Array.from({ length: customers }, (_, i) => [(i * 37) % 100, (i * 61) % 100]),
  ] as [number, number][];
  const durations = points.map(([ax, ay]) =>
    points.map(([bx, by]) => Math.round(Math.hypot(ax - bx, ay - by) * 100)),
  );
  return {
    matrices: { car: tableMatrix({ durations }) },
    vehicles: Array.from({ length: 20 }, (_, id) => ({
      id,
      start: 0,
      end: 0,
      capacity: [100],
      timeWindow: [0, 100_000],
    })),
    jobs: points.slice(1).map((_, i) => ({
      id: `j${i}`,
      location: i + 1,
      delivery: [5 + (i % 20)],
      service: 500,
      timeWindows: [[(i % 7) * 10_000, (i % 7) * 10_000 + 30_000]],
    })),
  };
}

const pools: PlanPool[] = [];
const poolOf = (workers: number, queue: number, startMs = 60_000) => {
  const pool = new PlanPool({ workers, queue, graceMs: 5000, startMs });
  pools.push(pool);
  return pool;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('the planner pool', () => {
  it('plans in a worker thread what the solver plans on the caller’s thread', async () => {
    const small = problem(30);
    const pool = poolOf(1, 1);
    const threaded = await pool.plan(small, { seed: 3, timeLimitMs: 60_000, iterations: 200 });
    expect(threaded).toEqual(solve(small, { seed: 3, iterations: 200 }));
  });

  it('runs at most `workers` plans, queues `queue` more, and refuses the next with a Thai 429', async () => {
    const pool = poolOf(1, 1);
    const leave = new AbortController();
    const running = pool.plan(problem(80), { seed: 1, timeLimitMs: 60_000, signal: leave.signal });
    const waiting = pool.plan(problem(10), { seed: 1, timeLimitMs: 60_000, signal: leave.signal });
    expect(pool.load).toEqual({ running: 1, waiting: 1 });
    const refused = await pool
      .plan(problem(10), { seed: 1, timeLimitMs: 100 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, messages: [planningMessages.plannerBusy] });
    leave.abort();
    await expect(running).rejects.toBeInstanceOf(PlanCancelled);
    await expect(waiting).rejects.toBeInstanceOf(PlanCancelled);
    expect(pool.stats).toMatchObject({ cancelled: 2, refused: 1 });
  });

  it('stops a running plan when its caller leaves, and the thread serves the next plan', async () => {
    const pool = poolOf(1, 1);
    // Started once, so that the timing below is the search's, not the thread's start.
    await pool.plan(problem(5), { seed: 1, timeLimitMs: 60_000, iterations: 10 });
    const leave = new AbortController();
    const began = performance.now();
    const running = pool.plan(problem(80), { seed: 1, timeLimitMs: 60_000, signal: leave.signal });
    setTimeout(() => leave.abort(), 300);
    await expect(running).rejects.toBeInstanceOf(PlanCancelled);
    const next = await pool.plan(problem(20), { seed: 1, timeLimitMs: 60_000, iterations: 50 });
    expect(next.unassigned).toEqual([]);
    // The next plan started once the cancelled search ended: far before its 60 s.
    expect(performance.now() - began).toBeLessThan(15_000);
    expect(pool.stats).toMatchObject({ cancelled: 1, solved: 2 });
  });

  it('keeps its time box: the plan comes back at its limit; a thread silent past it is ended', async () => {
    const pool = poolOf(1, 1, 1);
    // 1 ms to take the job up: a new thread cannot even load the solver in time.
    const stuck = await pool.plan(problem(10), { seed: 1, timeLimitMs: 1 }).catch((error: unknown) => error);
    expect(stuck).toMatchObject({ status: 503, messages: [planningMessages.plannerStuck] });
    expect(pool.stats.ended).toBe(1);

    const patient = poolOf(1, 1);
    await patient.plan(problem(5), { seed: 1, timeLimitMs: 60_000, iterations: 10 });
    const began = performance.now();
    const timed = await patient.plan(problem(80), { seed: 1, timeLimitMs: 500 });
    expect(timed.unassigned).toEqual([]);
    expect(performance.now() - began).toBeLessThan(5_000);
  });

  it('leaves the event loop free while a plan runs', async () => {
    const pool = poolOf(1, 1);
    await pool.plan(problem(5), { seed: 1, timeLimitMs: 60_000, iterations: 10 });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await pool.plan(problem(150), { seed: 1, timeLimitMs: 1500 });
    delay.disable();
    // On the caller's thread the loop would stall for the whole 1.5 s search.
    expect(delay.percentile(95) / 1e6).toBeLessThan(250);
  });
});
