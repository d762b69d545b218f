/**
 * Hours a truck is on a trip (docs/performance-figures.md "ชั่วโมงที่ใช้เทียบกับที่มี"), defined once:
 * from the recorded start (leaving the branch) to the recorded end (leaving the last stop) when the
 * trip has both; otherwise as planned, from the planned start to the last stop's planned departure.
 * The drive back to the branch is in neither (no return time is recorded), as the minutes per drop
 * count a trip. Whole milliseconds, as JavaScript holds a timestamp, so sums are exact in any order;
 * the roll-ups (apps/server/src/performance/rollups.ts) hold the same rule in SQL.
 */

export interface TripTimes {
  /** ISO instants; `plannedEnd` is null for a trip without stops. */
  readonly plannedStart: string;
  readonly plannedEnd: string | null;
  readonly startedAt: string | null;
  readonly endedAt: string | null;
}

const ms = (iso: string) => new Date(iso).getTime();

/** The trip's milliseconds on the road: recorded when both ends are, else planned; never negative. */
export function tripMs(trip: TripTimes): number {
  if (trip.startedAt !== null && trip.endedAt !== null)
    return Math.max(0, ms(trip.endedAt) - ms(trip.startedAt));
  if (trip.plannedEnd === null) return 0;
  return Math.max(0, ms(trip.plannedEnd) - ms(trip.plannedStart));
}

/** Hours of `ms`, two decimals (what the tables show). */
export const hoursOf = (milliseconds: number): number => Math.round(milliseconds / 36_000) / 100;
