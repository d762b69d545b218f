import {
  type BookingWorld,
  bookableVehicles,
  checkAllocation,
  closedShiftBreak,
  indexWorld,
} from '@lms/booking';
import { bangkokIsoDate, type CellPlace, type DateFormatOptions, type RescheduleVerdict } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.ts';
import type { DraftAllocation, DraftRequest } from './drafts.ts';
import { evaluateDraft } from './evaluate.ts';
import { type AcceptedAllocation, slotWords } from './lines.ts';
import { type MoveLog, rescheduleUnderLocks } from './move.ts';
import { type PlannedShift, plannedBreak, plannedShifts } from './planned.ts';
import { loadWorld } from './world.ts';

/**
 * The planner's reschedule (docs/booking-screens.md "Drag to reschedule"): a booking's part in
 * one calendar cell (day × shift × vehicle type) goes to another cell. The engine judges the
 * target with the same check as fine tune (SLA, ban, vehicle type, prohibited groups, capacity…);
 * the write is the customer's move (`rescheduleUnderLocks`).
 */

export const rescheduleMessages = {
  gone: 'การจองนี้ถูกยกเลิกแล้ว ย้ายไม่ได้',
  notInCell: 'การจองนี้ไม่มีรายการในช่องนี้แล้ว กรุณาโหลดปฏิทินใหม่',
  sameCell: 'การจองอยู่ในช่องนี้อยู่แล้ว',
  noSlot: 'ไม่มีช่วงรถของ Ship Cond ของการจองนี้ในวัน กะ และประเภทรถนี้',
  capacityGone: (message: string) => `ความจุของรถเปลี่ยนไประหว่างนี้: ${message}`,
  movedBy: 'ผู้วางแผน (ปฏิทินการจอง)',
} as const;

/** Most vehicles tried for the moved part (a calendar move does not plan a fleet). */
const MAX_VEHICLES_TRIED = 20;

interface Part {
  readonly slotId: string;
  readonly place: CellPlace;
  readonly vehicles: number;
  readonly deliveryTime: string | null;
  readonly lines: readonly {
    readonly deliveryOrderId: string;
    readonly articleId: string;
    readonly qty: number;
  }[];
}

/** A booking as a reschedule reads it: its request and its parts, one per slot. */
export interface BookingFacts {
  readonly bookingId: string;
  readonly docNo: string;
  /** The day it was confirmed: the parts that stay are judged by the rules of that day. */
  readonly docDate: string;
  readonly request: DraftRequest;
  readonly parts: readonly Part[];
  /** The shifts whose confirmed plan carries it: its parts there stay (docs/booking.md "Planned bookings"). */
  readonly planned: readonly PlannedShift[];
}

const samePlace = (a: CellPlace, b: CellPlace) =>
  a.date === b.date && a.shiftOfDayId === b.shiftOfDayId && a.vehicleTypeId === b.vehicleTypeId;

/** The booking (active, of the branch) with its parts; 404 or 410 in Thai otherwise. */
export async function bookingFacts(db: Database, bookingId: string, branchId: string): Promise<BookingFacts> {
  const head = await db
    .selectFrom('booking_report')
    .select(['doc_no', 'doc_date', 'ship_to_id', 'canceled_at'])
    .where('id', '=', bookingId)
    .where('branch_id', '=', branchId)
    // A confirm writes both (the columns are nullable for the entity's form).
    .$narrowType<{ doc_no: string; doc_date: string }>()
    .executeTakeFirst();
  if (!head) throw notFound('ไม่พบการจองนี้ในสาขาที่เลือก');
  if (head.canceled_at) throw new HttpError(410, [rescheduleMessages.gone]);
  const lines = await db
    .selectFrom('booking_report__lines as l')
    .innerJoin('vehicle_date_slot as s', 's.id', 'l.slot_id')
    .leftJoin('booking_allocation as a', (join) =>
      join.onRef('a.booking_id', '=', 'l.parent_id').onRef('a.slot_id', '=', 'l.slot_id'),
    )
    .select((eb) => [
      'l.slot_id',
      's.shift_date',
      's.shift_of_day_id',
      's.vehicle_type_id',
      'l.ship_cond_id',
      'l.delivery_order_id',
      'l.article_id',
      'l.qty',
      eb.fn<string | null>('to_char', ['l.delivery_time', sql.lit('HH24:MI')]).as('delivery_time'),
      'a.vehicles',
    ])
    .where('l.parent_id', '=', bookingId)
    .orderBy('l.position')
    // The engine places DO lines of an article, so a booking's line always names one.
    .$narrowType<{ article_id: string }>()
    .execute();
  const parts = new Map<string, Part>();
  for (const line of lines) {
    const part = parts.get(line.slot_id) ?? {
      slotId: line.slot_id,
      place: {
        date: line.shift_date,
        shiftOfDayId: line.shift_of_day_id,
        vehicleTypeId: line.vehicle_type_id,
      },
      vehicles: line.vehicles ?? 1,
      deliveryTime: line.delivery_time,
      lines: [],
    };
    parts.set(line.slot_id, {
      ...part,
      lines: [
        ...part.lines,
        { deliveryOrderId: line.delivery_order_id, articleId: line.article_id, qty: line.qty },
      ],
    });
  }
  return {
    bookingId,
    docNo: head.doc_no,
    docDate: head.doc_date,
    request: {
      deliveryOrderIds: [...new Set(lines.map((l) => l.delivery_order_id))],
      shipToId: head.ship_to_id,
      shipCondId: lines[0]?.ship_cond_id ?? '',
      special: false,
      wantedDate: null,
    },
    parts: [...parts.values()],
    planned: await plannedShifts(db, bookingId),
  };
}

/**
 * The parts as the engine's draft allocations: a booking line names its DO and article, the
 * engine a DO line; each DO's lines of that article are consumed in order (a line split over
 * slots appears in each).
 */
function draftAllocationsOf(world: BookingWorld, parts: readonly Part[]): DraftAllocation[] {
  const left = new Map<string, number>();
  const orderLines = new Map(world.deliveryOrders.map((order) => [order.id, order.lines]));
  return parts.map((part) => ({
    slotId: part.slotId,
    vehicles: part.vehicles,
    deliveryTime: part.deliveryTime,
    lines: part.lines.flatMap((line) => {
      const out: { deliveryOrderId: string; lineId: string; qty: number }[] = [];
      let qty = line.qty;
      for (const candidate of orderLines.get(line.deliveryOrderId) ?? []) {
        if (candidate.articleId !== line.articleId || qty <= 1e-9) continue;
        const free = left.get(candidate.id) ?? candidate.qty;
        const take = Math.min(free, qty);
        if (take <= 1e-9) continue;
        left.set(candidate.id, free - take);
        out.push({ deliveryOrderId: line.deliveryOrderId, lineId: candidate.id, qty: take });
        qty -= take;
      }
      return out;
    }),
  }));
}

const withBooked = (world: BookingWorld, accepted: readonly AcceptedAllocation[]): BookingWorld => ({
  ...world,
  bookedLines: [
    ...world.bookedLines,
    ...accepted.map(({ allocation: a }) => ({
      slotId: a.slotId,
      usedWeight: a.usedWeight,
      usedVolume: a.usedVolume,
      usedMinute: a.usedMinute,
    })),
  ],
});

export type Judgement =
  | { readonly ok: true; readonly allocations: readonly AcceptedAllocation[] }
  | { readonly ok: false; readonly rule: string; readonly message: string };

/**
 * Whether the part in `from` may go to `to`, in a world that does not count the booking itself.
 * The parts that stay keep their slots (judged as on the day the booking was confirmed, so that
 * the SLA of today does not refuse a part nobody moves); the moved part takes the target cell's
 * slot of the booking's ship cond with the fewest vehicles that carry it, its delivery time kept
 * when the shift stays the same (another shift has other hours).
 */
export function judgeReschedule(
  world: BookingWorld,
  facts: BookingFacts,
  branchId: string,
  from: CellPlace,
  to: CellPlace,
  today: string,
  /** The reader's era for the days a refusal names (`BookingWhere.era`). */
  era: DateFormatOptions = {},
): Judgement {
  const refuse = (rule: string, message: string): Judgement => ({ ok: false, rule, message });
  if (samePlace(from, to)) return refuse('INPUT', rescheduleMessages.sameCell);
  const moving = facts.parts.filter((part) => samePlace(part.place, from));
  if (moving.length === 0) return refuse('INPUT', rescheduleMessages.notInCell);
  // A shift whose truck has checked in keeps what it has (docs/booking.md "Closed shifts").
  const leaving = closedShiftBreak(
    indexWorld(world),
    { branchId, shiftDate: from.date, shiftOfDayId: from.shiftOfDayId },
    'out',
    era,
  );
  if (leaving) return refuse(leaving.rule, leaving.message);
  const planned = plannedBreak(facts.planned, from, era);
  if (planned) return refuse(planned.rule, planned.message);
  const staying = facts.parts.filter((part) => !samePlace(part.place, from));
  const drafts = draftAllocationsOf(world, facts.parts);
  const draftOf = (part: Part) => drafts[facts.parts.indexOf(part)]!;
  // The parts that stay do not go into their shifts again: a closed one keeps them.
  const kept = evaluateDraft(
    { ...world, closedShifts: [] },
    facts.request,
    staying.map(draftOf),
    branchId,
    facts.docDate,
    era,
  );
  const keptBroken = kept.allocations.find((a) => !a.ok);
  if (keptBroken && !keptBroken.ok) return refuse(keptBroken.rule, keptBroken.message);
  const keptAccepted = kept.allocations.flatMap((a) =>
    a.ok ? [{ allocation: a.allocation, deliveryTime: a.deliveryTime }] : [],
  );
  const rest = withBooked(world, keptAccepted);
  const lines = moving.flatMap((part) => draftOf(part).lines);
  const sameShift = from.shiftOfDayId === to.shiftOfDayId;
  const deliveryTime = sameShift ? (moving[0]!.deliveryTime ?? null) : null;
  const targets = world.slots.filter(
    (slot) =>
      slot.branchId === branchId &&
      slot.shipCondId === facts.request.shipCondId &&
      samePlace(
        { date: slot.shiftDate, shiftOfDayId: slot.shiftOfDayId, vehicleTypeId: slot.vehicleTypeId },
        to,
      ),
  );
  if (targets.length === 0) return refuse('INPUT', rescheduleMessages.noSlot);
  let refusal: Judgement | null = null;
  for (const slot of targets) {
    const most = Math.min(MAX_VEHICLES_TRIED, Math.max(1, bookableVehicles(slot, false)));
    for (let vehicles = 1; vehicles <= most; vehicles++) {
      const check = checkAllocation(rest, {
        branchId,
        today,
        shipToId: facts.request.shipToId,
        shipCondId: facts.request.shipCondId,
        special: false,
        slotId: slot.id,
        vehicles,
        lines,
        deliveryTime,
        era,
      });
      if (check.ok) {
        const allocations = [...keptAccepted, { allocation: check.allocation, deliveryTime }].sort((a, b) =>
          a.allocation.date.localeCompare(b.allocation.date),
        );
        return { ok: true, allocations };
      }
      refusal = refuse(check.rule, check.message);
      // Only capacity and prohibited groups may give way to one more vehicle.
      if (check.rule !== 'CAPACITY' && check.rule !== 'PROHIBITED') break;
    }
  }
  return refusal!;
}

/** The world a reschedule is judged in: the booking's own lines do not count against it. */
function rescheduleWorld(db: Database, facts: BookingFacts, branchId: string, today: string, days: string[]) {
  const all = [...days, ...facts.parts.map((p) => p.place.date), facts.docDate, today].sort();
  return loadWorld(db, {
    branchId,
    from: all[0]!,
    to: all.at(-1)!,
    deliveryOrderIds: facts.request.deliveryOrderIds,
    shipToIds: [facts.request.shipToId],
    excludeBookingId: facts.bookingId,
  });
}

/** Every target judged at once (the calendar asks when a drag starts); nothing is written or locked. */
export async function checkReschedule(
  db: Database,
  branchId: string,
  bookingId: string,
  from: CellPlace,
  targets: readonly CellPlace[],
  options: { readonly now?: Date; readonly era?: DateFormatOptions } = {},
): Promise<RescheduleVerdict[]> {
  const today = bangkokIsoDate(options.now ?? new Date());
  const facts = await bookingFacts(db, bookingId, branchId);
  const world = await rescheduleWorld(
    db,
    facts,
    branchId,
    today,
    targets.map((t) => t.date),
  );
  return targets.map((to) => {
    const judgement = judgeReschedule(world, facts, branchId, from, to, today, options.era);
    return judgement.ok
      ? { ...to, ok: true, rule: null, message: null }
      : { ...to, ok: false, rule: judgement.rule, message: judgement.message };
  });
}

/**
 * The drop: judged again under the locks with what is booked now. Capacity taken meanwhile (a
 * confirm won the last room) is a 409; any other rule a 422 with the engine's Thai message.
 */
export async function rescheduleBooking(
  db: Database,
  branchId: string,
  userId: string,
  move: { readonly bookingId: string; readonly from: CellPlace; readonly to: CellPlace },
  options: Pick<MoveLog, 'onChange'> & { now?: Date; era?: DateFormatOptions } = {},
) {
  const today = bangkokIsoDate(options.now ?? new Date());
  const { to } = move;
  // The target cell's slots are locked with the booking's: any of them may take the part.
  const targetSlots = await db
    .selectFrom('vehicle_date_slot')
    .select('id')
    .where('branch_id', '=', branchId)
    .where('shift_date', '=', to.date)
    .where('shift_of_day_id', '=', to.shiftOfDayId)
    .where('vehicle_type_id', '=', to.vehicleTypeId)
    .execute();
  let docNo = '';
  const allocations = await rescheduleUnderLocks(
    db,
    { bookingId: move.bookingId, branchId },
    targetSlots.map((s) => s.id),
    async (trx) => {
      const facts = await bookingFacts(trx, move.bookingId, branchId);
      docNo = facts.docNo;
      const world = await rescheduleWorld(trx, facts, branchId, today, [to.date]);
      const judgement = judgeReschedule(world, facts, branchId, move.from, to, today, options.era);
      if (judgement.ok) return judgement.allocations;
      if (judgement.rule === 'CAPACITY') throw conflict(rescheduleMessages.capacityGone(judgement.message));
      throw unprocessable({ to: judgement.message });
    },
    {
      userId,
      movedBy: rescheduleMessages.movedBy,
      gone: rescheduleMessages.gone,
      onChange: options.onChange,
    },
  );
  return {
    id: move.bookingId,
    docNo,
    slots: slotWords(allocations),
  };
}
