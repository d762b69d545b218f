import type { PlanId, PlanningProblem, PlanSolution, TimeWindow } from './problem.ts';

/** A broken rule in a plan: which one, on which vehicle, about which job. */
export interface PlanViolation {
  readonly rule:
    | 'CAPACITY'
    | 'TIME_WINDOW'
    | 'SHIFT'
    | 'SKILLS'
    | 'PROHIBITED'
    | 'TOGETHER'
    | 'JOBS'
    | 'TRIPS';
  readonly vehicle?: PlanId;
  readonly job?: PlanId;
}

const inWindows = (time: number, windows: readonly TimeWindow[] | undefined) =>
  !windows || windows.length === 0 || windows.some(([a, b]) => a <= time && time <= b);

/**
 * Re-checks a plan against the problem from scratch, without the solver's caches: the same
 * check a dispatcher's manual move goes through. Recomputes every time along each route.
 */
export function planViolations(problem: PlanningProblem, solution: PlanSolution): PlanViolation[] {
  const out: PlanViolation[] = [];
  const jobs = new Map(problem.jobs.map((j) => [j.id, j]));
  const vehicles = new Map(problem.vehicles.map((v) => [v.id, v]));
  const seen = new Map<PlanId, number>();
  const vehicleOf = new Map<PlanId, string>();
  const bad = new Set((problem.prohibited ?? []).flatMap(([a, b]) => [`${a}\u0000${b}`, `${b}\u0000${a}`]));
  // Per vehicle: its trips so far and when the last one was back (trips follow in the order listed).
  const back = new Map<PlanId, { trips: number; arrival: number }>();
  for (const route of solution.routes) {
    const vehicle = vehicles.get(route.vehicle);
    if (!vehicle) {
      out.push({ rule: 'JOBS', vehicle: route.vehicle });
      continue;
    }
    const before = back.get(route.vehicle);
    if (before && before.trips >= (vehicle.trips ?? 1)) {
      out.push({ rule: before.trips === 1 ? 'JOBS' : 'TRIPS', vehicle: route.vehicle });
      continue;
    }
    const matrix = problem.matrices[vehicle.profile ?? 'car'];
    const travel = (a: number | undefined, b: number | undefined) =>
      a === undefined || b === undefined || !matrix ? 0 : matrix.duration(a, b);
    const load = vehicle.capacity.map(() => 0);
    const goods: string[] = [];
    let time = before
      ? before.arrival + (vehicle.reload ?? vehicle.startService ?? 0)
      : (vehicle.timeWindow?.[0] ?? 0) + (vehicle.startService ?? 0);
    // A trip said to leave before the one before it is back and loaded again overlaps it.
    if (before && route.departure < time) out.push({ rule: 'TRIPS', vehicle: vehicle.id });
    let at = vehicle.start;
    let stopStart = time;
    for (const stop of route.stops) {
      const job = jobs.get(stop.job);
      if (!job) {
        out.push({ rule: 'JOBS', job: stop.job });
        continue;
      }
      seen.set(job.id, (seen.get(job.id) ?? 0) + 1);
      vehicleOf.set(job.id, `${String(route.vehicle)}\u0000${(before?.trips ?? 0) + 1}`);
      job.delivery.forEach((amount, d) => {
        load[d] = (load[d] ?? 0) + amount;
      });
      if (!(job.skills ?? []).every((s) => (vehicle.skills ?? []).includes(s)))
        out.push({ rule: 'SKILLS', vehicle: vehicle.id, job: job.id });
      for (const kind of job.goods ?? [])
        if (goods.some((other) => bad.has(`${kind}\u0000${other}`)))
          out.push({ rule: 'PROHIBITED', vehicle: vehicle.id, job: job.id });
      goods.push(...(job.goods ?? []));
      // Jobs of one stop (a cannot-split group) are served together from the stop's start.
      if (at !== job.location || stop.start !== stopStart) {
        const arrival = time + travel(at, job.location);
        stopStart = Math.max(arrival, stop.start);
        if (stop.start < arrival) out.push({ rule: 'TIME_WINDOW', vehicle: vehicle.id, job: job.id });
        time = stopStart;
      }
      if (!inWindows(stop.start, job.timeWindows))
        out.push({ rule: 'TIME_WINDOW', vehicle: vehicle.id, job: job.id });
      time += job.service ?? 0;
      at = job.location;
    }
    if (vehicle.timeWindow && time + travel(at, vehicle.end) > vehicle.timeWindow[1])
      out.push({ rule: 'SHIFT', vehicle: vehicle.id });
    back.set(route.vehicle, { trips: (before?.trips ?? 0) + 1, arrival: time + travel(at, vehicle.end) });
    if (load.some((amount, d) => amount > (vehicle.capacity[d] ?? 0)))
      out.push({ rule: 'CAPACITY', vehicle: vehicle.id });
  }
  const unassigned = new Set(solution.unassigned.map((u) => u.job));
  for (const job of problem.jobs) {
    const times = (seen.get(job.id) ?? 0) + (unassigned.has(job.id) ? 1 : 0);
    if (times !== 1) out.push({ rule: 'JOBS', job: job.id });
  }
  const groups = new Map<string, Set<PlanId | 'none'>>();
  for (const job of problem.jobs) {
    if (job.together === undefined) continue;
    const group = groups.get(job.together) ?? new Set();
    group.add(vehicleOf.get(job.id) ?? 'none');
    groups.set(job.together, group);
  }
  for (const [, group] of groups) if (group.size > 1) out.push({ rule: 'TOGETHER' });
  return out;
}
