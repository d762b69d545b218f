import { roadMatrix, type TravelMatrix, tableMatrix } from './matrix.ts';
import type { PlanJob, PlanningProblem, PlanSolution, PlanVehicle, TimeWindow } from './problem.ts';
import { PlanningInputError } from './validate.ts';

/**
 * VROOM's documented JSON (github.com/VROOM-Project/vroom, docs/API.md) in and out, so that a
 * problem can go to either solver and their answers be compared. Supported: `jobs` (delivery,
 * service, time windows, skills), `vehicles` (start, end, capacity, time window, skills,
 * profile), `matrices` per profile (durations, distances, costs) or the older top-level
 * `matrix`, or coordinates ([lon, lat]) measured by the booking distance model. Refused with a
 * message: shipments, pickups, breaks, priorities, setup times and vehicle limits.
 */

type Json = Record<string, unknown>;

export interface VroomProblem {
  readonly problem: PlanningProblem;
  /** Whether distances are known (a `distances` matrix or coordinates): then the output reports them. */
  readonly hasDistances: boolean;
  /** Input `location` / `location_index` per job id and per vehicle, echoed in the output steps. */
  readonly places: {
    readonly jobs: ReadonlyMap<number, Json>;
    readonly vehicles: ReadonlyMap<number, { start: Json; end: Json }>;
  };
  readonly descriptions: ReadonlyMap<number, string>;
}

/** Minutes per km when VROOM input gives coordinates and no matrix (40 km/h; booking uses the branch's). */
export const VROOM_DEFAULT_MINUTES_PER_KM = 1.5;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown, what: string): unknown[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new PlanningInputError(`${what} must be an array`);
  return value;
};
const integer = (value: unknown, what: string): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new PlanningInputError(`${what} must be a non-negative integer`);
  return value;
};
const amounts = (value: unknown, what: string): number[] => list(value, what).map((a) => integer(a, what));
const window = (value: unknown, what: string): TimeWindow => {
  const pair = list(value, what);
  if (pair.length !== 2) throw new PlanningInputError(`${what} must be [start, end]`);
  return [integer(pair[0], what), integer(pair[1], what)];
};
const coordinates = (value: unknown, what: string): [number, number] => {
  const pair = list(value, what);
  if (pair.length !== 2 || pair.some((x) => typeof x !== 'number' || !Number.isFinite(x)))
    throw new PlanningInputError(`${what} must be [lon, lat]`);
  return [pair[0] as number, pair[1] as number];
};
const table = (value: unknown, what: string): number[][] =>
  list(value, what).map((row) => list(row, what).map((cell) => integer(cell, what)));

function refuse(owner: string, item: Json, keys: Record<string, (value: unknown) => boolean>): void {
  for (const [key, isDefault] of Object.entries(keys))
    if (item[key] !== undefined && !isDefault(item[key]))
      throw new PlanningInputError(`${owner}: "${key}" is not supported by this planner`);
}
const empty = (value: unknown) => Array.isArray(value) && value.length === 0;
const zeros = (value: unknown) => Array.isArray(value) && value.every((x) => x === 0);
const zero = (value: unknown) => value === 0;

/** Reads VROOM input JSON; throws PlanningInputError with the offending key. */
export function fromVroom(input: unknown): VroomProblem {
  if (!isObject(input)) throw new PlanningInputError('the problem must be a JSON object');
  if (list(input.shipments, 'shipments').length > 0)
    throw new PlanningInputError(
      '"shipments" (pickup and delivery pairs) are not supported: use jobs with delivery',
    );

  // Locations: matrix indexes when a matrix is given, else one index per distinct coordinate.
  const custom = input.matrices !== undefined || input.matrix !== undefined;
  const points: [number, number][] = [];
  const pointIndex = new Map<string, number>();
  const placeOf = (item: Json, coordKey: string, indexKey: string, owner: string): number | undefined => {
    if (custom) {
      if (item[indexKey] === undefined) {
        if (item[coordKey] === undefined) return undefined;
        throw new PlanningInputError(`${owner}: "${indexKey}" is required with a custom matrix`);
      }
      return integer(item[indexKey], `${owner} ${indexKey}`);
    }
    if (item[coordKey] === undefined) return undefined;
    const point = coordinates(item[coordKey], `${owner} ${coordKey}`);
    const key = point.join(',');
    const known = pointIndex.get(key);
    if (known !== undefined) return known;
    points.push(point);
    pointIndex.set(key, points.length - 1);
    return points.length - 1;
  };
  const echo = (item: Json, coordKey: string, indexKey: string): Json => ({
    ...(item[coordKey] !== undefined ? { location: item[coordKey] } : {}),
    ...(item[indexKey] !== undefined ? { location_index: item[indexKey] } : {}),
  });

  const descriptions = new Map<number, string>();
  const jobPlaces = new Map<number, Json>();
  const jobs: PlanJob[] = list(input.jobs, 'jobs').map((raw, i) => {
    if (!isObject(raw)) throw new PlanningInputError(`jobs[${i}] must be an object`);
    const id = integer(raw.id, `jobs[${i}].id`);
    const owner = `job ${id}`;
    refuse(owner, raw, { pickup: zeros, priority: zero, setup: zero });
    const location = placeOf(raw, 'location', 'location_index', owner);
    if (location === undefined)
      throw new PlanningInputError(`${owner}: "location" or "location_index" is required`);
    if (typeof raw.description === 'string') descriptions.set(id, raw.description);
    jobPlaces.set(id, echo(raw, 'location', 'location_index'));
    return {
      id,
      location,
      delivery: amounts(raw.delivery ?? raw.amount, `${owner} delivery`),
      service: raw.service === undefined ? 0 : integer(raw.service, `${owner} service`),
      timeWindows: list(raw.time_windows, `${owner} time_windows`).map((w) =>
        window(w, `${owner} time_windows`),
      ),
      skills: amounts(raw.skills, `${owner} skills`),
    };
  });

  const vehiclePlaces = new Map<number, { start: Json; end: Json }>();
  const vehicles: PlanVehicle[] = list(input.vehicles, 'vehicles').map((raw, i) => {
    if (!isObject(raw)) throw new PlanningInputError(`vehicles[${i}] must be an object`);
    const id = integer(raw.id, `vehicles[${i}].id`);
    const owner = `vehicle ${id}`;
    refuse(owner, raw, {
      breaks: empty,
      speed_factor: (v) => v === 1,
      max_tasks: () => false,
      max_travel_time: () => false,
      max_distance: () => false,
      steps: empty,
    });
    const start = placeOf(raw, 'start', 'start_index', owner);
    const end = placeOf(raw, 'end', 'end_index', owner);
    if (start === undefined && end === undefined)
      throw new PlanningInputError(`${owner}: "start" or "end" is required`);
    vehiclePlaces.set(id, { start: echo(raw, 'start', 'start_index'), end: echo(raw, 'end', 'end_index') });
    if (raw.profile !== undefined && typeof raw.profile !== 'string')
      throw new PlanningInputError(`${owner}: "profile" must be a string`);
    return {
      id,
      ...(start !== undefined ? { start } : {}),
      ...(end !== undefined ? { end } : {}),
      capacity: amounts(raw.capacity, `${owner} capacity`),
      ...(raw.time_window !== undefined
        ? { timeWindow: window(raw.time_window, `${owner} time_window`) }
        : {}),
      skills: amounts(raw.skills, `${owner} skills`),
      profile: typeof raw.profile === 'string' ? raw.profile : 'car',
      // Our extension (docs/planning.md): several trips, loading again for `reload` at each return.
      ...(raw.trips !== undefined ? { trips: integer(raw.trips, `${owner} trips`) } : {}),
      ...(raw.reload !== undefined ? { reload: integer(raw.reload, `${owner} reload`) } : {}),
    };
  });

  // Without amounts on one side, VROOM compares nothing: pad to the same dimensions.
  const dims = Math.max(0, ...jobs.map((j) => j.delivery.length), ...vehicles.map((v) => v.capacity.length));
  const pad = (values: readonly number[], fill: number) => [
    ...values,
    ...Array.from({ length: dims - values.length }, () => fill),
  ];
  const sized = (length: number) => length === 0 || length === dims;
  if (!jobs.every((j) => sized(j.delivery.length)) || !vehicles.every((v) => sized(v.capacity.length)))
    throw new PlanningInputError('every "delivery" and "capacity" must have the same number of amounts');
  const paddedJobs = jobs.map((j) => ({ ...j, delivery: pad(j.delivery, 0) }));
  const paddedVehicles = vehicles.map((v) => ({
    ...v,
    capacity: v.capacity.length === 0 ? pad([], Number.MAX_SAFE_INTEGER) : pad(v.capacity, 0),
  }));

  const matrices: Record<string, TravelMatrix> = {};
  let hasDistances = false;
  if (custom) {
    if (input.matrix !== undefined) matrices.car = tableMatrix({ durations: table(input.matrix, 'matrix') });
    if (input.matrices !== undefined) {
      if (!isObject(input.matrices)) throw new PlanningInputError('"matrices" must be an object of profiles');
      for (const [profile, raw] of Object.entries(input.matrices)) {
        if (!isObject(raw)) throw new PlanningInputError(`matrices.${profile} must be an object`);
        const distances =
          raw.distances === undefined ? undefined : table(raw.distances, `matrices.${profile}.distances`);
        const durations =
          raw.durations === undefined
            ? distances?.map((row) => row.map(() => 0))
            : table(raw.durations, `matrices.${profile}.durations`);
        if (!durations) throw new PlanningInputError(`matrices.${profile}: "durations" is required`);
        hasDistances ||= distances !== undefined;
        matrices[profile] = tableMatrix({
          durations,
          ...(distances ? { distances } : {}),
          // VROOM's cost is the travel time unless costs are given.
          costs: raw.costs === undefined ? durations : table(raw.costs, `matrices.${profile}.costs`),
        });
      }
    }
  } else {
    hasDistances = true;
    const road = roadMatrix(
      points.map(([lon, lat]) => ({ lat, lon })),
      { minutesPerKm: VROOM_DEFAULT_MINUTES_PER_KM },
    );
    const byTime: TravelMatrix = { ...road, cost: road.duration };
    for (const v of paddedVehicles) matrices[v.profile ?? 'car'] = byTime;
  }
  return {
    problem: { jobs: paddedJobs, vehicles: paddedVehicles, matrices },
    hasDistances,
    places: { jobs: jobPlaces, vehicles: vehiclePlaces },
    descriptions,
  };
}

/** The problem as VROOM input with explicit matrices (to run VROOM on the same instance). */
export function toVroom(problem: PlanningProblem): Json {
  const matrices: Json = {};
  for (const [profile, matrix] of Object.entries(problem.matrices)) {
    const rows = (at: (a: number, b: number) => number) =>
      Array.from({ length: matrix.size }, (_, a) => Array.from({ length: matrix.size }, (_, b) => at(a, b)));
    matrices[profile] = {
      durations: rows((a, b) => matrix.duration(a, b)),
      distances: rows((a, b) => matrix.distance(a, b)),
      costs: rows((a, b) => (matrix.cost ? matrix.cost(a, b) : matrix.distance(a, b))),
    };
  }
  return {
    vehicles: problem.vehicles.map((v) => ({
      id: v.id,
      ...(v.start !== undefined ? { start_index: v.start } : {}),
      ...(v.end !== undefined ? { end_index: v.end } : {}),
      capacity: v.capacity,
      ...(v.timeWindow ? { time_window: v.timeWindow } : {}),
      ...(v.skills && v.skills.length > 0 ? { skills: v.skills } : {}),
      profile: v.profile ?? 'car',
      ...((v.trips ?? 1) > 1 ? { trips: v.trips } : {}),
      ...(v.reload !== undefined ? { reload: v.reload } : {}),
    })),
    jobs: problem.jobs.map((j) => ({
      id: j.id,
      location_index: j.location,
      delivery: j.delivery,
      service: j.service ?? 0,
      ...(j.timeWindows && j.timeWindows.length > 0 ? { time_windows: j.timeWindows } : {}),
      ...(j.skills && j.skills.length > 0 ? { skills: j.skills } : {}),
    })),
    matrices,
  };
}

/** A solution in VROOM's output format (`code` 0); `unassigned[].reason` is this planner's own addition. */
export function toVroomOutput(read: VroomProblem, solution: PlanSolution, computingTimes?: Json): Json {
  const total = (values: readonly (readonly number[])[]) => {
    const dims = read.problem.jobs[0]?.delivery.length ?? 0;
    return values.reduce<number[]>((sum, v) => sum.map((s, d) => s + (v[d] ?? 0)), Array(dims).fill(0));
  };
  const jobById = new Map(read.problem.jobs.map((j) => [j.id, j]));
  const withDistance = (distance: number) => (read.hasDistances ? { distance } : {});
  const routes = solution.routes.map((route) => {
    const vehicleId = route.vehicle as number;
    const places = read.places.vehicles.get(vehicleId);
    const delivered = total(route.stops.map((s) => jobById.get(s.job)?.delivery ?? []));
    const steps: Json[] = [
      {
        type: 'start',
        ...places?.start,
        setup: 0,
        service: 0,
        waiting_time: 0,
        load: route.load,
        arrival: route.departure,
        duration: 0,
        ...withDistance(0),
      },
      ...route.stops.map((stop) => {
        const description = read.descriptions.get(stop.job as number);
        return {
          type: 'job',
          ...(description !== undefined ? { description } : {}),
          ...read.places.jobs.get(stop.job as number),
          id: stop.job,
          job: stop.job,
          setup: 0,
          service: stop.service,
          waiting_time: stop.start - stop.arrival,
          load: stop.load,
          arrival: stop.arrival,
          duration: stop.duration,
          ...withDistance(stop.distance),
        };
      }),
    ];
    const last = route.stops.at(-1);
    if (places && Object.keys(places.end).length > 0)
      steps.push({
        type: 'end',
        ...places.end,
        setup: 0,
        service: 0,
        waiting_time: 0,
        load: last?.load ?? route.load,
        arrival: route.arrival,
        duration: route.duration,
        ...withDistance(route.distance),
      });
    return {
      vehicle: vehicleId,
      // Our extension: which of the vehicle's trips (a vehicle with several has one route per trip).
      trip: route.trip,
      cost: route.cost,
      delivery: delivered,
      amount: delivered,
      pickup: delivered.map(() => 0),
      setup: 0,
      service: route.service,
      duration: route.duration,
      waiting_time: route.waiting,
      priority: 0,
      ...withDistance(route.distance),
      steps,
      violations: [],
    };
  });
  const delivered = total(routes.map((r) => r.delivery));
  return {
    code: 0,
    summary: {
      cost: solution.summary.cost,
      routes: solution.routes.length,
      vehicles: solution.summary.vehicles,
      unassigned: solution.unassigned.length,
      delivery: delivered,
      amount: delivered,
      pickup: delivered.map(() => 0),
      setup: 0,
      service: solution.summary.service,
      duration: solution.summary.duration,
      waiting_time: solution.summary.waiting,
      priority: 0,
      ...withDistance(solution.summary.distance),
      violations: [],
      ...(computingTimes ? { computing_times: computingTimes } : {}),
    },
    unassigned: solution.unassigned.map(({ job, reason }) => ({
      id: job,
      ...read.places.jobs.get(job as number),
      type: 'job',
      reason,
    })),
    routes,
  };
}

/** VROOM's error answer: `code` 2 for input errors, 1 for anything else. */
export function vroomError(error: unknown): Json {
  const input = error instanceof PlanningInputError;
  return { code: input ? 2 : 1, error: error instanceof Error ? error.message : String(error) };
}
