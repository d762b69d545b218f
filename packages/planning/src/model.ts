import type { PlanId, PlanJob, PlanningProblem, UnassignedReason } from './problem.ts';

/**
 * The problem compiled for the search: one *task* per stop (a cannot-split group becomes one
 * task), flat typed arrays, dense matrices per vehicle profile. Locations are matrix indexes;
 * -1 (a vehicle without start or end) travels nowhere and costs nothing.
 */
export interface Model {
  /** Tasks. */
  readonly n: number;
  /** Vehicles. */
  readonly m: number;
  /** Capacity dimensions. */
  readonly dims: number;
  /** Matrix size. */
  readonly size: number;
  readonly loc: Int32Array;
  readonly service: Float64Array;
  /** Windows of task k: `winStart/winEnd[winOffset[k] … winOffset[k+1]-1]`, sorted. */
  readonly winOffset: Int32Array;
  readonly winStart: Float64Array;
  readonly winEnd: Float64Array;
  /** Start of task k's first window and end of its last: bounds that prune positions. */
  readonly opens: Float64Array;
  readonly closes: Float64Array;
  /** `demand[k * dims + d]`. */
  readonly demand: Float64Array;
  /** The jobs (indexes into problem.jobs) a task delivers. */
  readonly members: readonly (readonly number[])[];
  readonly startLoc: Int32Array;
  readonly endLoc: Int32Array;
  /** `capacity[v * dims + d]`. */
  readonly capacity: Float64Array;
  /** Leaves the start at this time (shift start + loading). */
  readonly depart: Float64Array;
  /** Back at the end by this time (shift end). */
  readonly shiftEnd: Float64Array;
  /** Per vehicle: its profile's `size × size` durations and costs. */
  readonly duration: readonly Float64Array[];
  readonly cost: readonly Float64Array[];
  readonly distance: readonly Float64Array[];
  /** Per vehicle: its costs the same both ways (a reversed stretch of a route costs what it did). */
  readonly symmetric: Uint8Array;
  /** Vehicles alike in every respect share a class: one empty vehicle per class is worth trying. */
  readonly vehicleClass: Int32Array;
  /**
   * Vehicles sharing a class here end alike (travel matrices, end, shift end): the tail of one's
   * route keeps its timing and cost on the other, so a tail exchange is checked in O(1).
   */
  readonly endClass: Int32Array;
  /** No skills that exclude and no prohibited goods: any task may ride any vehicle, capacity aside. */
  readonly plain: boolean;
  /** `eligible[k * m + v]`: skills allow task k on vehicle v. */
  readonly eligible: Uint8Array;
  /** `conflict[a * n + b]`: tasks a and b may not share a vehicle; null when nothing is prohibited. */
  readonly conflict: Uint8Array | null;
  /**
   * The truck each vehicle is a trip of (`trips.ts`), null when every vehicle is a truck of its
   * own: the objective counts trucks, not trips.
   */
  readonly truck: Int32Array | null;
  /** Jobs refused before the search, with why. */
  readonly refused: readonly { readonly job: number; readonly reason: UnassignedReason }[];
}

const OPEN = 1e15;

/** Groups jobs into tasks: a cannot-split group is one stop, its windows the intersection of its jobs'. */
function tasksOf(problem: PlanningProblem): {
  tasks: number[][];
  refused: { job: number; reason: UnassignedReason }[];
} {
  const byKey = new Map<string, number[]>();
  const tasks: number[][] = [];
  problem.jobs.forEach((job, index) => {
    if (job.together === undefined) tasks.push([index]);
    else {
      const group = byKey.get(job.together);
      if (group) group.push(index);
      else {
        const fresh = [index];
        byKey.set(job.together, fresh);
        tasks.push(fresh);
      }
    }
  });
  const refused: { job: number; reason: UnassignedReason }[] = [];
  const kept = tasks.filter((members) => {
    const first = problem.jobs[members[0] as number] as PlanJob;
    const samePlace = members.every((j) => problem.jobs[j]?.location === first.location);
    if (samePlace && windowsOf(problem, members).length > 0) return true;
    for (const job of members) refused.push({ job, reason: 'TOGETHER' });
    return false;
  });
  return { tasks: kept, refused };
}

/** The intersection of the members' windows (a job without windows allows any time). */
function windowsOf(problem: PlanningProblem, members: readonly number[]): [number, number][] {
  let windows: [number, number][] = [[-OPEN, OPEN]];
  for (const j of members) {
    const own = problem.jobs[j]?.timeWindows;
    if (!own || own.length === 0) continue;
    const next: [number, number][] = [];
    for (const [a, b] of windows)
      for (const [c, d] of [...own].sort((x, y) => x[0] - y[0])) {
        const start = Math.max(a, c);
        const end = Math.min(b, d);
        if (start <= end) next.push([start, end]);
      }
    windows = next.sort((x, y) => x[0] - y[0]);
  }
  return windows;
}

function dense(size: number, at: (from: number, to: number) => number): Float64Array {
  const out = new Float64Array(size * size);
  for (let i = 0; i < size; i += 1) for (let j = 0; j < size; j += 1) out[i * size + j] = at(i, j);
  return out;
}

export function compile(problem: PlanningProblem, truckOf?: readonly number[]): Model {
  const { tasks: groups, refused } = tasksOf(problem);
  const vehicles = problem.vehicles;
  const m = vehicles.length;
  const dims = Math.max(
    0,
    ...problem.jobs.map((j) => j.delivery.length),
    ...vehicles.map((v) => v.capacity.length),
  );
  const profiles = new Map<
    string,
    { duration: Float64Array; cost: Float64Array; distance: Float64Array; symmetric: boolean }
  >();
  const profileOf = (name: string) => {
    const known = profiles.get(name);
    if (known) return known;
    const matrix = problem.matrices[name];
    if (!matrix) throw new Error(`no travel matrix for vehicle profile "${name}"`);
    const cost = dense(matrix.size, (a, b) => (matrix.cost ? matrix.cost(a, b) : matrix.distance(a, b)));
    const made = {
      duration: dense(matrix.size, (a, b) => matrix.duration(a, b)),
      distance: dense(matrix.size, (a, b) => matrix.distance(a, b)),
      cost,
      symmetric: isSymmetric(cost, matrix.size),
    };
    profiles.set(name, made);
    return made;
  };
  const size = Math.max(0, ...Object.values(problem.matrices).map((x) => x.size));
  const vehicleProfiles = vehicles.map((v) => profileOf(v.profile ?? 'car'));

  // Own goods prohibited together: a stop that could never ride any vehicle.
  const prohibited = new Set(
    (problem.prohibited ?? []).flatMap(([a, b]) => [`${a}\u0000${b}`, `${b}\u0000${a}`]),
  );
  const clash = (a: readonly string[], b: readonly string[]) =>
    a.some((x) => b.some((y) => prohibited.has(`${x}\u0000${y}`)));
  const goodsOf = (members: readonly number[]) => [
    ...new Set(members.flatMap((j) => problem.jobs[j]?.goods ?? [])),
  ];
  const kept: number[][] = [];
  for (const members of groups) {
    const goods = goodsOf(members);
    if (clash(goods, goods)) {
      for (const job of members) refused.push({ job, reason: 'PROHIBITED' });
    } else kept.push(members);
  }

  const n = kept.length;
  const loc = new Int32Array(n);
  const service = new Float64Array(n);
  const demand = new Float64Array(n * dims);
  const winOffset = new Int32Array(n + 1);
  const starts: number[] = [];
  const ends: number[] = [];
  kept.forEach((members, k) => {
    loc[k] = problem.jobs[members[0] as number]?.location ?? 0;
    for (const j of members) {
      const job = problem.jobs[j] as PlanJob;
      service[k] = (service[k] ?? 0) + (job.service ?? 0);
      job.delivery.forEach((amount, d) => {
        demand[k * dims + d] = (demand[k * dims + d] ?? 0) + amount;
      });
    }
    winOffset[k] = starts.length;
    for (const [a, b] of windowsOf(problem, members)) {
      starts.push(a);
      ends.push(b);
    }
  });
  winOffset[n] = starts.length;

  const eligible = new Uint8Array(n * m);
  kept.forEach((members, k) => {
    const needed = new Set(members.flatMap((j) => problem.jobs[j]?.skills ?? []));
    vehicles.forEach((vehicle, v) => {
      const has = new Set(vehicle.skills ?? []);
      eligible[k * m + v] = [...needed].every((s) => has.has(s)) ? 1 : 0;
    });
  });

  let conflict: Uint8Array | null = null;
  if (prohibited.size > 0) {
    conflict = new Uint8Array(n * n);
    const goods = kept.map(goodsOf);
    for (let a = 0; a < n; a += 1)
      for (let b = a + 1; b < n; b += 1)
        if (clash(goods[a] as string[], goods[b] as string[])) {
          conflict[a * n + b] = 1;
          conflict[b * n + a] = 1;
        }
  }

  const capacity = new Float64Array(m * dims);
  vehicles.forEach((vehicle, v) => {
    for (let d = 0; d < dims; d += 1) capacity[v * dims + d] = vehicle.capacity[d] ?? 0;
  });
  const classes = new Map<string, number>();
  const vehicleClass = Int32Array.from(vehicles, (vehicle) => {
    const key = JSON.stringify([
      vehicle.start,
      vehicle.end,
      vehicle.capacity,
      vehicle.timeWindow,
      vehicle.startService,
      vehicle.profile ?? 'car',
      [...(vehicle.skills ?? [])].sort(),
    ]);
    const known = classes.get(key);
    if (known !== undefined) return known;
    classes.set(key, classes.size);
    return classes.size - 1;
  });
  const endings = new Map<string, number>();
  const endClass = Int32Array.from(vehicles, (vehicle) => {
    const key = JSON.stringify([vehicle.end, vehicle.timeWindow?.[1], vehicle.profile ?? 'car']);
    const known = endings.get(key);
    if (known !== undefined) return known;
    endings.set(key, endings.size);
    return endings.size - 1;
  });
  return {
    n,
    m,
    vehicleClass,
    endClass,
    plain: conflict === null && eligible.every((e) => e === 1),
    dims,
    size,
    loc,
    service,
    winOffset,
    winStart: Float64Array.from(starts),
    winEnd: Float64Array.from(ends),
    opens: Float64Array.from({ length: n }, (_, k) => starts[winOffset[k] as number] as number),
    closes: Float64Array.from({ length: n }, (_, k) => ends[(winOffset[k + 1] as number) - 1] as number),
    demand,
    members: kept,
    startLoc: Int32Array.from(vehicles, (v) => v.start ?? -1),
    endLoc: Int32Array.from(vehicles, (v) => v.end ?? -1),
    capacity,
    depart: Float64Array.from(vehicles, (v) => (v.timeWindow?.[0] ?? 0) + (v.startService ?? 0)),
    shiftEnd: Float64Array.from(vehicles, (v) => v.timeWindow?.[1] ?? OPEN),
    duration: vehicleProfiles.map((p) => p.duration),
    cost: vehicleProfiles.map((p) => p.cost),
    distance: vehicleProfiles.map((p) => p.distance),
    symmetric: Uint8Array.from(vehicleProfiles, (p) => (p.symmetric ? 1 : 0)),
    eligible,
    conflict,
    truck: truckOf ? Int32Array.from(truckOf) : null,
    refused,
  };
}

/** Whether a dense matrix reads the same both ways (great circle and Euclidean ones do; a road router's need not). */
function isSymmetric(matrix: Float64Array, size: number): boolean {
  for (let a = 0; a < size; a += 1)
    for (let b = a + 1; b < size; b += 1) if (matrix[a * size + b] !== matrix[b * size + a]) return false;
  return true;
}

/** Travel along a dense matrix; a missing start or end (-1) is no travel. */
export function arc(matrix: Float64Array, size: number, from: number, to: number): number {
  return from < 0 || to < 0 ? 0 : (matrix[from * size + to] as number);
}

/** Service start when arriving at `arrival`: the first window still open, waiting if early; Infinity if none. */
export function earliestStart(model: Model, k: number, arrival: number): number {
  const end = model.winOffset[k + 1] as number;
  for (let w = model.winOffset[k] as number; w < end; w += 1) {
    if (arrival <= (model.winEnd[w] as number)) return Math.max(arrival, model.winStart[w] as number);
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * Service start when arriving at `arrival`; late for every window, the last window's close: the
 * route then travels back in time by `arrival − start` (its time warp, which only the penalised
 * search allows).
 */
export function startOrClose(model: Model, k: number, arrival: number): number {
  const start = earliestStart(model, k, arrival);
  return start === Number.POSITIVE_INFINITY ? (model.closes[k] as number) : start;
}

/** The latest arrival at task k that still starts service by `latestStart`; -Infinity if none. */
export function latestArrival(model: Model, k: number, latestStart: number): number {
  for (let w = (model.winOffset[k + 1] as number) - 1; w >= (model.winOffset[k] as number); w -= 1) {
    if ((model.winStart[w] as number) <= latestStart) return Math.min(latestStart, model.winEnd[w] as number);
  }
  return Number.NEGATIVE_INFINITY;
}

export type { PlanId };
