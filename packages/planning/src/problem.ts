import type { TravelMatrix } from './matrix.ts';

/**
 * A routing problem for one branch, one date, one shift: jobs to deliver from the vehicles'
 * start, by a heterogeneous fleet. Every number is an integer in the problem's own units
 * (the booking adapter uses seconds, metres, kg and litres); locations are indexes into the
 * travel matrices.
 */

export type PlanId = string | number;

/** `[start, end]`, inclusive: when service may start. */
export type TimeWindow = readonly [number, number];

export interface PlanJob {
  readonly id: PlanId;
  readonly location: number;
  /** Amounts loaded at the start and dropped here, one per capacity dimension (e.g. weight, volume). */
  readonly delivery: readonly number[];
  /** Service time at the stop (unload + wait + installation). */
  readonly service?: number;
  /** Service starts inside one of these (sorted, disjoint); none = any time. */
  readonly timeWindows?: readonly TimeWindow[];
  /** Only vehicles having every one of these skills (e.g. the booked vehicle type) may carry it. */
  readonly skills?: readonly PlanId[];
  /** Goods kinds on board (e.g. UoM types); see `PlanningProblem.prohibited`. */
  readonly goods?: readonly string[];
  /**
   * Jobs sharing this key cannot be split: they ride one vehicle and are delivered in one stop
   * (they must share a location), or all stay unassigned.
   */
  readonly together?: string;
}

export interface PlanVehicle {
  readonly id: PlanId;
  /** Matrix location of the start (the branch); absent = the route starts at its first stop. */
  readonly start?: number;
  /** Matrix location of the end; absent = the route ends at its last stop. */
  readonly end?: number;
  /** One per dimension of the jobs' `delivery`. */
  readonly capacity: readonly number[];
  /** The shift: leaves the start no earlier than [0], back at the end by [1]. */
  readonly timeWindow?: TimeWindow;
  readonly skills?: readonly PlanId[];
  /** Which of `PlanningProblem.matrices` it drives on; default `'car'`. */
  readonly profile?: string;
  /** Loading time at the start before leaving (load at the branch). */
  readonly startService?: number;
  /**
   * Most trips in its time window (default 1): back at its end, loaded again for `reload`, out
   * again. Needs a start, an end and a time window (`trips.ts`).
   */
  readonly trips?: number;
  /** Loading time at each return before the next trip; default `startService`. */
  readonly reload?: number;
}

export interface PlanningProblem {
  readonly jobs: readonly PlanJob[];
  readonly vehicles: readonly PlanVehicle[];
  /** Travel matrices per vehicle profile. */
  readonly matrices: Readonly<Record<string, TravelMatrix>>;
  /** Pairs of goods kinds that may never share a vehicle (prohibited-together groups). */
  readonly prohibited?: readonly (readonly [string, string])[];
}

export interface PlanOptions {
  /** Seed of the pseudo-random search; the same problem, seed and budget give the same plan. */
  readonly seed?: number;
  /** Ruin-and-recreate iterations; default grows with the number of jobs. */
  readonly iterations?: number;
  /**
   * Milliseconds allowed (default 2000), measured with `clock`. Without a clock (the package has
   * none of its own) only the iteration budget bounds the search, and the plan is deterministic.
   */
  readonly timeLimitMs?: number;
  readonly clock?: () => number;
  /**
   * Asked once an iteration: true ends the search at once with the best plan so far (a
   * dispatcher who left; a worker thread reads a shared flag here).
   */
  readonly stop?: () => boolean;
}

/** Why a job could not be planned. */
export type UnassignedReason =
  | 'NO_VEHICLE' // no vehicle has the skills or the capacity, even alone
  | 'TIME_WINDOW' // no vehicle reaches it inside its windows and its shift, even alone
  | 'TOGETHER' // its cannot-split group does not fit one vehicle, or its jobs differ in place
  | 'PROHIBITED' // its own goods are prohibited together
  | 'FLEET_FULL'; // it fits an empty vehicle, but not beside the jobs planned on the fleet

export interface PlannedStop {
  readonly job: PlanId;
  readonly location: number;
  readonly arrival: number;
  /** Service start (after waiting for the window). */
  readonly start: number;
  readonly service: number;
  /** Load on board after this stop, per dimension. */
  readonly load: readonly number[];
  /** Travel time and distance from the route's start up to this stop. */
  readonly duration: number;
  readonly distance: number;
}

export interface PlannedRoute {
  readonly vehicle: PlanId;
  /** Which of the vehicle's trips, from 1, in time order (a vehicle's routes are its trips). */
  readonly trip: number;
  /** Leaves the start at this time (late enough not to wait at the first stop), with this load. */
  readonly departure: number;
  readonly load: readonly number[];
  readonly stops: readonly PlannedStop[];
  /** Arrival at the end (or the last stop's departure when there is no end). */
  readonly arrival: number;
  readonly cost: number;
  readonly distance: number;
  /** Travel time. */
  readonly duration: number;
  readonly service: number;
  readonly waiting: number;
}

export interface PlanSolution {
  readonly routes: readonly PlannedRoute[];
  readonly unassigned: readonly { readonly job: PlanId; readonly reason: UnassignedReason }[];
  readonly summary: {
    /** Vehicles used (each may make several trips). */
    readonly vehicles: number;
    /** Routes: trips summed over the vehicles. */
    readonly trips: number;
    readonly cost: number;
    readonly distance: number;
    readonly duration: number;
    readonly service: number;
    readonly waiting: number;
    readonly iterations: number;
  };
}
