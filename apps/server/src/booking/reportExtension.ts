import { closedShiftBreak, indexWorld } from '@lms/booking';
import { bangkokIsoDate } from '@lms/domain';
import { sql } from 'kysely';
import { eraOf } from '../auth/principal.ts';
import type { EntityExtension } from '../crud/extensions.ts';
import type { Row } from '../crud/repository.ts';
import type { Database, Tx } from '../db/database.ts';
import { unprocessable } from '../http/errors.ts';
import { loadWorld, lockedShiftShipments } from './world.ts';

/** A booking line as the record routes read it: what it carries, and where. */
interface LineRow {
  readonly slotId?: unknown;
  readonly deliveryOrderId?: unknown;
  readonly qty?: unknown;
}

const linesOf = (row: Row | undefined): LineRow[] =>
  Array.isArray(row?.lines) ? (row.lines as LineRow[]) : [];

/** A line's load in its slot: the same key before and after a write means the line stayed. */
const loadKey = (line: LineRow) => `${line.slotId}|${line.deliveryOrderId}|${Number(line.qty)}`;

/**
 * Lines a write put into slots and took out of them (`entered` indexed as in the record after it).
 * A line whose slot, DO or quantity changed is both.
 */
function movedLines(before: Row | undefined, after: Row | undefined) {
  const was = new Set(linesOf(before).map(loadKey));
  const is = new Set(linesOf(after).map(loadKey));
  return {
    entered: linesOf(after).flatMap((line, at) => (was.has(loadKey(line)) ? [] : [{ line, at }])),
    left: linesOf(before).filter((line) => !is.has(loadKey(line))),
  };
}

/**
 * The booking report's record routes (an administrator's form, an ERP key of an administrators'
 * group: `POST /api/bookingReport`, `PUT /api/bookingReport/:id`) write lines into slots too, so
 * they are held to the engine's closed-shift rule like every booking path (docs/booking.md "Closed
 * shifts"): a line put into a slot of a closed shift, or taken out of one, refuses the write (422,
 * the engine's message on `lines.N.slotId`, or on `lines` for a line taken out). In the write's
 * transaction, after the shipments of those shifts are locked FOR SHARE, as a confirm locks them.
 * Not judged here (as before): capacity and the other rules, which only the booking flow applies.
 */
export const bookingReportExtension: EntityExtension = {
  async afterWrite(trx: Tx, write) {
    if (write.action === 'delete') return undefined;
    const { entered, left } = movedLines(write.before, write.after);
    const branchId = write.after?.branchId;
    if (typeof branchId !== 'string') return undefined;
    const slotIds = [...new Set([...entered.map((e) => e.line.slotId), ...left.map((l) => l.slotId)])].filter(
      (id): id is string => typeof id === 'string',
    );
    if (slotIds.length === 0) return undefined;
    await sql`${lockedShiftShipments(branchId, sql`${slotIds}::uuid[]`)}`.execute(trx);
    // Just these slots (a range is not read with `slotIds`), their shifts' closures and the shifts' names.
    const today = bangkokIsoDate(new Date());
    const world = await loadWorld(trx as unknown as Database, { branchId, from: today, to: today, slotIds });
    const index = indexWorld(world);
    // The writer's era for the day a refusal names.
    const era = eraOf(write.principal);
    const breakOf = (slotId: unknown, direction: 'in' | 'out') => {
      const slot = typeof slotId === 'string' ? index.slots.get(slotId) : undefined;
      return slot ? closedShiftBreak(index, slot, direction, era) : null;
    };
    const errors: Record<string, string> = {};
    for (const { line, at } of entered) {
      const closed = breakOf(line.slotId, 'in');
      if (closed) errors[`lines.${at}.slotId`] = closed.message;
    }
    const leaving = left.map((line) => breakOf(line.slotId, 'out')).find((b) => b !== null);
    if (leaving && Object.keys(errors).length === 0) errors.lines = leaving.message;
    if (Object.keys(errors).length) throw unprocessable(errors);
    return undefined;
  },
};
