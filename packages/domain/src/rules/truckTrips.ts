/**
 * How many trips a branch's truck may make in one shift (issue 42, item 2): back at the branch,
 * loaded again (the vehicle type's load time) and out again within the shift's hours. A branch
 * without the setting plans one trip per truck, as before.
 */
export const DEFAULT_TRIPS_PER_TRUCK = 1;
/** Most trips a truck may make in a shift: each is a vehicle of the planner's search. */
export const MAX_TRIPS_PER_TRUCK = 6;

/** The branch's setting as the planner reads it (none: one trip). */
export const tripsPerTruck = (setting: number | null | undefined): number =>
  Math.min(MAX_TRIPS_PER_TRUCK, Math.max(1, setting ?? DEFAULT_TRIPS_PER_TRUCK));
