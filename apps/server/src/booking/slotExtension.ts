import { closedShiftBreak, indexWorld } from '@lms/booking';
import type { DateFormatOptions } from '@lms/domain';
import { sql } from 'kysely';
import { eraOf } from '../auth/principal.ts';
import type { EntityExtension } from '../crud/extensions.ts';
import type { Row } from '../crud/repository.ts';
import type { Database, Tx } from '../db/database.ts';
import { unprocessable } from '../http/errors.ts';
import { loadWorld, lockedShiftShipments } from './world.ts';

/** Where a slot is: its branch, day and shift. */
const placeOf = (row: Row | undefined) =>
  typeof row?.branchId === 'string' &&
  typeof row.shiftDate === 'string' &&
  typeof row.shiftOfDayId === 'string'
    ? { branchId: row.branchId, shiftDate: row.shiftDate.slice(0, 10), shiftOfDayId: row.shiftOfDayId }
    : null;

/** The engine's closed-shift rule for a place, in `direction` (one day's world holds its closures). */
async function closedAt(
  trx: Tx,
  place: NonNullable<ReturnType<typeof placeOf>>,
  direction: 'in' | 'out',
  era: DateFormatOptions,
) {
  const world = await loadWorld(trx as unknown as Database, {
    branchId: place.branchId,
    from: place.shiftDate,
    to: place.shiftDate,
  });
  return closedShiftBreak(indexWorld(world), place, direction, era);
}

/**
 * A vehicle slot moved to another day or shift carries its bookings with it, so the move is a
 * path that puts bookings into a shift and takes them out of one: held to the engine's closed-shift
 * rule like every booking path (docs/booking.md "Closed shifts"). A slot that holds a line of a live
 * booking may not leave a closed shift nor enter one (422, the engine's message on the field that
 * moved it). A slot without bookings moves freely: it carries no booking anywhere.
 */
export const vehicleDateSlotExtension: EntityExtension = {
  async afterWrite(trx: Tx, write) {
    if (write.action !== 'update') return undefined;
    const was = placeOf(write.before);
    const is = placeOf(write.after);
    if (!was || !is) return undefined;
    if (
      was.shiftDate === is.shiftDate &&
      was.shiftOfDayId === is.shiftOfDayId &&
      was.branchId === is.branchId
    )
      return undefined;
    const { rows } = await sql<{ held: number }>`select 1 as held from booking_report__lines l
      join booking_report b on b.id = l.parent_id
      where l.slot_id = ${write.id} and b.canceled_at is null limit 1`.execute(trx);
    if (rows.length === 0) return undefined;
    // As a confirm does: a check-in racing this write is seen (the shift's shipments FOR SHARE).
    await sql`${lockedShiftShipments(is.branchId, sql`${[write.id]}::uuid[]`)}`.execute(trx);
    const field = was.shiftDate !== is.shiftDate ? 'shiftDate' : 'shiftOfDayId';
    // The writer's era for the day the refusal names.
    const era = eraOf(write.principal);
    const out = await closedAt(trx, was, 'out', era);
    if (out) throw unprocessable({ [field]: out.message });
    const into = await closedAt(trx, is, 'in', era);
    if (into) throw unprocessable({ [field]: into.message });
    return undefined;
  },
};
