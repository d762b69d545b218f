import Type, { type Static } from 'typebox';
import { BranchQuery, IsoDate, List, operation, TimeOfDay, Uuid } from './common.ts';
import { HomeCount } from './home.ts';

/**
 * The dispatcher's section of the home (docs/web.md "Home"; who sees it: `homeSectionRoles.dispatcher`).
 * Apart from home.ts, as the manager's is: the shell holds the other sections, and this loads with
 * its section, for the dispatchers only.
 */

/** A shift of today or tomorrow as the dispatcher plans it: its bookings, its trips, its plan. */
export const DispatcherSlot = Type.Object({
  date: IsoDate,
  shiftOfDayId: Uuid,
  shiftName: Type.String(),
  shiftStart: TimeOfDay,
  shiftEnd: TimeOfDay,
  /** The slot's bookings, as the planning screen lists them (confirmed, not cancelled). */
  bookings: Type.Integer({ minimum: 0 }),
  /** Of those, the ones on no trip of the slot yet: what is left to plan. */
  waiting: Type.Integer({ minimum: 0 }),
  /** The slot's trips (shipments) as confirmed. */
  trips: Type.Integer({ minimum: 0 }),
  /** Whether a plan of the slot has been confirmed. */
  confirmed: Type.Boolean(),
  /** The planning screen on this slot (`planningSlotPath`). */
  href: Type.String(),
});
export type DispatcherSlot = Static<typeof DispatcherSlot>;

export const DispatcherHome = Type.Object({
  today: IsoDate,
  tomorrow: IsoDate,
  /** Every active shift of today, then of tomorrow, in the shifts' order. */
  slots: List(DispatcherSlot),
  /** Today's trips by where they stand (the board's statuses); each opens the board. */
  trips: Type.Object({ PLANNED: HomeCount, RUNNING: HomeCount, DONE: HomeCount }),
  /** Today's stops the board shows late (its ETA past the window), and those not delivered. */
  lateStops: HomeCount,
  failedStops: HomeCount,
});
export type DispatcherHome = Static<typeof DispatcherHome>;

export const dispatcherHomeApi = {
  dispatcher: operation({
    method: 'GET',
    url: '/home/dispatcher',
    schema: { querystring: BranchQuery, response: { 200: DispatcherHome } },
  }),
};
