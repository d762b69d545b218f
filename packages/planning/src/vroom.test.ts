import { describe, expect, it } from 'vitest';
import { solve } from './solve.ts';
import { lineProblem, truck } from './testing.ts';
import { fromVroom, toVroom, toVroomOutput, vroomError } from './vroom.ts';

const problem = lineProblem(
  [
    { id: 1, location: 2, delivery: [4], service: 300, timeWindows: [[0, 9_000]] },
    { id: 2, location: 5, delivery: [3], service: 300 },
    { id: 3, location: 7, delivery: [5], skills: [1] },
    { id: 4, location: 9, delivery: [50] },
  ],
  [
    truck('x', [8], { timeWindow: [0, 60_000], skills: [1] }),
    truck('y', [8], { timeWindow: [100, 60_000] }),
  ].map((v, i) => ({ ...v, id: i + 10 })),
);

type Step = { type: string; id?: number; job?: number; arrival: number; location_index?: number };
type Output = {
  code: number;
  summary: { cost: number; routes: number; unassigned: number; distance?: number; duration: number };
  unassigned: { id: number; reason: string }[];
  routes: { vehicle: number; cost: number; steps: Step[] }[];
};

describe('VROOM format', () => {
  it('round trip: our problem as VROOM input reads back to the same plan', () => {
    const read = fromVroom(JSON.parse(JSON.stringify(toVroom(problem))));
    expect(solve(read.problem, { seed: 3, iterations: 200 })).toEqual(
      solve(problem, { seed: 3, iterations: 200 }),
    );
  });

  it('answers in VROOM output: summary, routes of start/job/end steps with arrivals, unassigned', () => {
    const read = fromVroom(toVroom(problem));
    const solution = solve(read.problem, { iterations: 200 });
    const out = toVroomOutput(read, solution) as unknown as Output;
    expect(out.code).toBe(0);
    expect(out.summary).toMatchObject({
      cost: solution.summary.cost,
      routes: 2,
      unassigned: 1,
      distance: solution.summary.distance,
    });
    expect(out.unassigned).toEqual([{ id: 4, location_index: 9, type: 'job', reason: 'NO_VEHICLE' }]);
    for (const route of out.routes) {
      expect(route.steps[0]?.type).toBe('start');
      expect(route.steps.at(-1)?.type).toBe('end');
      for (const step of route.steps.filter((s) => s.type === 'job')) expect(step.job).toBe(step.id);
      const arrivals = route.steps.map((s) => s.arrival);
      expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b));
    }
    const served = out.routes.flatMap((r) => r.steps.filter((s) => s.type === 'job').map((s) => s.id));
    expect([...served, ...out.unassigned.map((u) => u.id)].sort()).toEqual([1, 2, 3, 4]);
    expect(out.routes.find((r) => r.steps.some((s) => s.id === 3))?.vehicle).toBe(10);
    expect(out.routes.find((r) => r.vehicle === 11)?.steps[0]?.arrival).toBe(100);
  });

  it('reads the older top-level matrix (costs are durations) and echoes locations', () => {
    const read = fromVroom({
      vehicles: [{ id: 1, start_index: 0, end_index: 0, capacity: [2] }],
      jobs: [
        { id: 7, location_index: 1, delivery: [1] },
        { id: 8, location_index: 2, delivery: [1], time_windows: [[0, 100]] },
      ],
      matrix: [
        [0, 10, 30],
        [10, 0, 25],
        [30, 25, 0],
      ],
    });
    const out = toVroomOutput(read, solve(read.problem, { iterations: 100 })) as unknown as Output;
    expect(out.summary.cost).toBe(65);
    expect(out.summary.duration).toBe(65);
    expect(out.summary.distance).toBeUndefined();
    expect(out.routes[0]?.steps.map((s) => [s.type, s.location_index, s.arrival])).toEqual([
      ['start', 0, 0],
      ['job', 1, 10],
      ['job', 2, 35],
      ['end', 0, 65],
    ]);
  });

  it('measures coordinates ([lon, lat]) with the booking distance model when there is no matrix', () => {
    const read = fromVroom({
      vehicles: [{ id: 1, start: [100.5, 13.75], end: [100.5, 13.75] }],
      jobs: [{ id: 1, location: [100.5, 14.25] }],
    });
    const out = toVroomOutput(read, solve(read.problem, { iterations: 50 })) as unknown as Output;
    // 0.5° of latitude: 55.5975 km great circle × 1.3 road factor, there and back.
    expect(out.summary.distance).toBe(2 * 72_277);
    expect(out.routes[0]?.steps[1]).toMatchObject({
      location: [100.5, 14.25],
      arrival: Math.round(72_277 * 0.09),
    });
  });

  it('refuses what it does not support with VROOM’s input error code', () => {
    const base = { vehicles: [{ id: 1, start_index: 0 }], matrix: [[0]] };
    const refused = (input: unknown) => {
      try {
        fromVroom(input);
        return null;
      } catch (error) {
        return vroomError(error);
      }
    };
    expect(refused({ ...base, shipments: [{ pickup: { id: 1 }, delivery: { id: 2 } }] })).toMatchObject({
      code: 2,
      error: expect.stringContaining('shipments'),
    });
    expect(refused({ ...base, jobs: [{ id: 1, location_index: 0, pickup: [1] }] })).toMatchObject({
      code: 2,
      error: 'job 1: "pickup" is not supported by this planner',
    });
    expect(refused({ ...base, jobs: [{ id: 1, location: [1, 2] }] })).toMatchObject({
      code: 2,
      error: 'job 1: "location_index" is required with a custom matrix',
    });
    expect(
      refused({
        ...base,
        jobs: [{ id: 1, location_index: 0, delivery: [1, 2] }],
        vehicles: [{ id: 1, start_index: 0, capacity: [3] }],
      }),
    ).toMatchObject({ code: 2 });
    expect(refused([])).toMatchObject({ code: 2 });
    expect(vroomError(new Error('boom'))).toEqual({ code: 1, error: 'boom' });
  });
});
