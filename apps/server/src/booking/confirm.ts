import { randomUUID } from 'node:crypto';
import {
  type Amounts,
  type BookingWorld,
  remainingCapacity,
  slotUseLimits,
  type VehicleDateSlot,
} from '@lms/booking';
import {
  bangkokIsoDate,
  bookingRequestMessages,
  type ConfirmConflict,
  type DateFormatOptions,
} from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { conflict, unprocessable } from '../http/errors.ts';
import {
  atOnceSql,
  type ConfirmWritesOf,
  type Expected,
  isConfirmChanged,
  takeAndLockSql,
  writesSql,
} from './confirmSql.ts';
import { type Draft, type DraftKey, foundDraft } from './drafts.ts';
import { type Evaluation, evaluateDraft } from './evaluate.ts';
import type { BookingEvent } from './events.ts';
import type { OnBookingChange } from './hooks.ts';
import type { AcceptedAllocation } from './lines.ts';
import {
  type DeliveryOrderRow,
  loadDraftWorld,
  loadWorld,
  toWorldOrder,
  type UsedAmounts,
  useOf,
  type WorldOrder,
} from './world.ts';

/**
 * A confirm that lost the race for a slot's capacity (409): the message says what is left once,
 * `remaining` gives it as figures (`ConfirmConflict` of the contract).
 */
export class CapacityLost extends Error {
  constructor(
    readonly text: string,
    readonly remaining: Amounts,
  ) {
    super(text);
  }
  get body(): ConfirmConflict {
    return { messages: [this.text], remaining: this.remaining };
  }
}

/** The world of a draft: its DOs and ship-to, slots from today to the last slot it uses. */
export function draftWorld(
  db: Database,
  draft: Pick<Draft, 'branchId' | 'request'>,
  today: string,
  to: string,
) {
  return loadWorld(db, {
    branchId: draft.branchId,
    from: today,
    to,
    deliveryOrderIds: draft.request.deliveryOrderIds,
    shipToIds: [draft.request.shipToId],
  });
}

/** A draft's slots, in id order (the order they are locked in); none is a planner's error. */
function slotIdsOf(draft: Draft) {
  const slotIds = [...new Set(draft.allocations.map((a) => a.slotId))].sort();
  if (slotIds.length === 0) throw unprocessable({ allocations: 'ยังไม่ได้เลือกรถสำหรับการจองนี้' });
  return slotIds;
}

/** Every slot the draft names was found, or the planner's error (a slot deleted meanwhile). */
function requireEverySlot(found: readonly unknown[], slotIds: readonly string[]) {
  if (found.length !== slotIds.length) throw unprocessable({ allocations: 'ช่วงรถบางช่วงไม่มีอยู่แล้ว' });
}

/**
 * All a confirm reads before its locks, in one statement: the draft and its world less the
 * capacity used. The engine's check of an allocation reads its own slot only, so the world holds
 * the draft's slots (not every slot of the days between) with their use.
 */
async function prepare(db: Database, key: DraftKey, today: string) {
  const found = await loadDraftWorld(db, key, today);
  const draft = foundDraft(found.draft);
  const slotIds = slotIdsOf(draft);
  requireEverySlot(found.world.slots, slotIds);
  return { draft, slotIds, world: found.world, orders: found.orders };
}

/**
 * Before the locks, the answers a confirm can give from what is committed now: a DO booked
 * meanwhile, or a slot already too full. Capacity is only ever taken under the locks, so a
 * confirm that loses here loses to bookings that were confirmed first; it leaves the queue for
 * the slot's lock to the confirms that may still fit (a race of a thousand for a hundred places).
 */
function alreadyLost(world: BookingWorld, draft: Draft, evaluation: Evaluation) {
  const booked = (world.deliveryOrders as readonly WorldOrder[]).filter((o) => o.isBooking);
  if (booked.length) return conflict(bookingRequestMessages.booked(booked.map((o) => o.docNo).join(', ')));
  const failed = evaluation.allocations.find((a) => !a.ok && a.rule === 'CAPACITY');
  return failed && !failed.ok ? capacityLost(world, failed, draft) : undefined;
}

const capacityLost = (world: BookingWorld, failed: { message: string; slotId: string }, draft: Draft) =>
  new CapacityLost(
    `ความจุของรถเปลี่ยนไประหว่างนี้: ${failed.message}`,
    remainingCapacity(world, failed.slotId, draft.request.special),
  );

/**
 * How this process's confirms were written since it started: in one statement (`atOnce`), or
 * under the locks in a transaction (`underLocks`). A test reads it to know which way a race went.
 */
export const confirmsWritten = { atOnce: 0, underLocks: 0 };

/** The draft was edited (in another window) between the confirm's read and its lock: read again. */
class DraftChanged extends Error {}

/** How many times a confirm starts again on a draft edited meanwhile before it gives up (409). */
const CONFIRM_ATTEMPTS = 3;

/**
 * Confirm (booking.md): the booking, its lines, the DOs' isBooking and a log entry written while
 * every slot it touches is locked and re-checked against the capacity left then — or a 409 with
 * what is left, and nothing written.
 *
 * Mostly in two round trips: the draft and its world (before any lock; it may answer already),
 * then, when the engine accepts it there, one statement that locks, checks that what the engine
 * judged still holds and writes (`atOnceSql`): the slots' locks last that statement only. When it
 * no longer holds (a DO booked, the draft edited, a slot changed or fuller than the engine's answer
 * allows), that statement writes nothing and the confirm runs as a transaction of three: one
 * statement that takes the draft and locks its DOs and then its slots (their kept use with them),
 * the engine's re-check in the server, one statement of every write (the features' too:
 * `OnBookingChange.inConfirm`). A feature's own statements (`onChange`: the customer's message,
 * when a provider is set) run in the confirm's transaction, under the locks.
 */
export async function confirmDraft(
  db: Database,
  draftId: string,
  branchId: string,
  userId: string | null,
  options: ConfirmOptions = {},
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await confirmOnce(db, { id: draftId, branchId, userId }, options);
    } catch (error) {
      if (!(error instanceof DraftChanged)) throw error;
      if (attempt === CONFIRM_ATTEMPTS) throw conflict('ร่างการจองนี้ถูกแก้ไขในหน้าต่างอื่นแล้ว กรุณาโหลดใหม่');
    }
  }
}

/** How a confirm runs: its clock, what a feature writes with it, and who booked when no user did. */
export interface ConfirmOptions {
  readonly now?: Date;
  readonly onChange?: OnBookingChange;
  /** Where the booking came from, in words for its history's source (the customer's link: no user). */
  readonly bookedBy?: string;
  /** The reader's era for the days a refusal names (a customer's link: the company's). */
  readonly era?: DateFormatOptions;
}

/** A confirm written: the booking, its number (the planner tells the customer) and the engine's totals. */
interface Confirmed {
  readonly id: string;
  readonly docNo: string;
  readonly totals: Evaluation['totals'];
}

async function confirmOnce(db: Database, key: DraftKey, options: ConfirmOptions): Promise<Confirmed> {
  const { branchId } = key;
  const today = bangkokIsoDate(options.now ?? new Date());
  const { draft, slotIds, world, orders } = await prepare(db, key, today);
  const judged = evaluateDraft(world, draft.request, draft.allocations, branchId, today, options.era);
  const lost = alreadyLost(world, draft, judged);
  if (lost) throw lost;
  const bookingId = randomUUID();
  const dayOf = new Map(world.slots.map((s) => [s.id, s.shiftDate]));
  const event: BookingEvent = {
    branchId,
    kind: 'confirmed',
    bookingId,
    slotIds,
    dates: [...new Set(draft.allocations.map((a) => dayOf.get(a.slotId)!))],
  };
  const base = { bookingId, key, today, draft, onChange: options.onChange, bookedBy: options.bookedBy };
  const atOnce = judged.ok && world.closedShifts.length === 0 && expectedOf(world, draft, orders, judged);
  if (atOnce) {
    const writes: ConfirmWritesOf = {
      ...base,
      customerId: sql`(select customer_id from locked order by id limit 1)`,
      subDistrictId: world.shipTos.find((s) => s.id === draft.request.shipToId)?.subDistrictId ?? null,
      allocations: acceptedOf(judged),
      docNos: orders.map((o) => o.docNo),
    };
    const docNo = await confirmAtOnce(db, atOnceSql(key, event, atOnce, writes), bookingId, options.onChange);
    if (docNo) {
      confirmsWritten.atOnce++;
      return { id: bookingId, docNo, totals: judged.totals };
    }
  }
  return db.transaction().execute(async (trx) => {
    const { rows } = await trx.executeQuery(prepared(takeAndLockSql(key, event).compile(trx)));
    const locked = rows[0]!;
    const taken = foundDraft(locked.draft);
    if (taken.version !== draft.version) throw new DraftChanged();
    const booked = locked.orders.filter((o) => o.isBooking);
    if (booked.length) throw conflict(bookingRequestMessages.booked(booked.map((o) => o.docNo).join(', ')));
    requireEverySlot(locked.slots, slotIds);
    const now: BookingWorld = {
      ...world,
      // As they are under their locks: their vehicles may have changed, their use has.
      slots: locked.slots,
      // As read under their locks, before this confirm marked them booked.
      deliveryOrders: locked.orders.map(toWorldOrder),
      bookedLines: locked.slots.map(useOf),
      // As read under the shipments' locks: a truck that checked in since the draft was made closes its shift.
      closedShifts: locked.closures,
    };
    const evaluation = evaluateDraft(now, draft.request, draft.allocations, branchId, today, options.era);
    const failed = evaluation.allocations.find((a) => !a.ok);
    // A rule other than capacity (the delivery time outside a shift whose hours changed, say) is not a
    // race lost: it is the planner's to fix, on the allocation it concerns.
    if (failed && !failed.ok && failed.rule !== 'CAPACITY')
      throw unprocessable({ [`allocations.${failed.index}`]: failed.message });
    if (failed && !failed.ok) throw capacityLost(now, failed, draft);
    if (!evaluation.ok)
      throw unprocessable({ allocations: evaluation.uncovered.join('\n') || 'การจองยังไม่ครบ' });
    const writes = writesSql({
      ...base,
      customerId: locked.orders[0]!.customer_id,
      subDistrictId: now.shipTos.find((s) => s.id === draft.request.shipToId)?.subDistrictId ?? null,
      allocations: acceptedOf(evaluation),
      docNos: locked.orders.map((o) => o.docNo),
    });
    const written = await trx.executeQuery(prepared(writes.compile(trx)));
    await options.onChange?.(trx, bookingId, 'confirmed');
    confirmsWritten.underLocks++;
    return { id: bookingId, docNo: written.rows[0]!.docNo, totals: evaluation.totals };
  });
}

/** The allocations an evaluation accepted, with their delivery times. */
const acceptedOf = (evaluation: Evaluation): AcceptedAllocation[] =>
  evaluation.allocations.flatMap((a) =>
    a.ok ? [{ allocation: a.allocation, deliveryTime: a.deliveryTime }] : [],
  );

/**
 * What the confirm in one statement must find under its locks for the engine's answer before them
 * to stand (`Expected`); false when a slot has no room to spare for others meanwhile.
 */
function expectedOf(
  world: BookingWorld,
  draft: Draft,
  orders: readonly DeliveryOrderRow[],
  evaluation: Evaluation,
): Expected | false {
  const accepted = acceptedOf(evaluation).map((a) => a.allocation);
  const limits = slotUseLimits(world, accepted, draft.request.special === true);
  if (!limits) return false;
  const slots = (world.slots as readonly (VehicleDateSlot & UsedAmounts)[]).filter((s) => limits.has(s.id));
  return {
    draftVersion: draft.version,
    orders: [...orders].sort((a, b) => (a.id < b.id ? -1 : 1)),
    slots: slots.map(({ usedWeight: _w, usedVolume: _v, usedMinute: _m, ...fixed }) => {
      const limit = limits.get(fixed.id)!;
      return {
        id: fixed.id,
        fixed,
        maxWeight: limit.weight,
        maxVolume: limit.volume,
        maxMinute: limit.minute,
      };
    }),
  };
}

/**
 * Runs a confirm's one statement, in a transaction only when a feature writes more for it
 * (`OnBookingChange.quietOnConfirm` unset): its number, or undefined when what it expected no
 * longer held (nothing written).
 */
async function confirmAtOnce(
  db: Database,
  statement: RawBuilder<{ docNo: string }>,
  bookingId: string,
  onChange: OnBookingChange | undefined,
): Promise<string | undefined> {
  try {
    if (!onChange || onChange.quietOnConfirm) {
      const { rows } = await db.executeQuery(prepared(statement.compile(db)));
      return rows[0]!.docNo;
    }
    return await db.transaction().execute(async (trx) => {
      const { rows } = await trx.executeQuery(prepared(statement.compile(trx)));
      await onChange(trx, bookingId, 'confirmed');
      return rows[0]!.docNo;
    });
  } catch (error) {
    if (isConfirmChanged(error)) return undefined;
    throw error;
  }
}
