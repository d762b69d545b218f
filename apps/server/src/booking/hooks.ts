import type { Tx } from '../db/database.ts';

/** A booking's change as a hook hears it. */
export type BookingChange = 'confirmed' | 'moved' | 'canceled';

/**
 * Run inside the transaction that confirms, moves or cancels a booking, so that what a feature
 * writes for it (contact: the customer's message in the outbox) commits or rolls back with it.
 */
export type OnBookingChange = (trx: Tx, bookingId: string, change: BookingChange) => Promise<unknown>;
