import type { RawBuilder } from 'kysely';
import type { Tx } from '../db/database.ts';

/** A booking's change as a hook hears it. */
export type BookingChange = 'confirmed' | 'moved' | 'canceled';

/** What a confirm tells the SQL a feature adds to its writes (`ConfirmWrites`). */
export interface ConfirmedBooking {
  readonly bookingId: string;
  /** The booking's DOs, each once. */
  readonly deliveryOrderIds: readonly string[];
  /**
   * A scalar subquery that reads the confirm's own history entry: a feature's history insert that
   * names it runs after that entry, so the booking's history lists its creation first.
   */
  readonly afterHistory: RawBuilder<unknown>;
}

/**
 * What a feature writes for every confirm, as CTEs (`name as (…)`, comma-joined) of the confirm's
 * one statement of writes: they run while the slots' locks are held, where a statement of their
 * own would cost a round trip more under the locks (issue 41). They see the booking's id and DOs
 * as values, not the rows the same statement inserts (one snapshot).
 */
export type ConfirmWrites = (booking: ConfirmedBooking) => RawBuilder<unknown>;

/**
 * Run inside the transaction that confirms, moves or cancels a booking, so that what a feature
 * writes for it (contact: the customer's message in the outbox) commits or rolls back with it.
 * `inConfirm`, when set, is what it writes for a confirm inside the confirm's own statement.
 */
export type OnBookingChange = ((trx: Tx, bookingId: string, change: BookingChange) => Promise<unknown>) & {
  readonly inConfirm?: ConfirmWrites;
  /**
   * True when, for a confirm, the function itself writes nothing (all it writes is `inConfirm`):
   * the confirm may then commit in its one statement, without a transaction around it
   * (booking/confirm.ts). Unset, the function runs in a transaction after that statement.
   */
  readonly quietOnConfirm?: boolean;
};
