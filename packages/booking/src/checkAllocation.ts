import { type Allocation, allocationOf } from './allocation.ts';
import { type Cargo, cargoOf } from './cargo.ts';
import { type BookingWhere, contextOf } from './context.ts';
import { bookableVehicles, type RuleCode } from './decisions.ts';
import { bookingMessages } from './messages.ts';
import { type Piece, packSlot } from './packing.ts';
import { deliveryTimeBreak } from './rules.ts';
import { allocationShortfall } from './shortfall.ts';
import { slotRuleBreak } from './slots.ts';
import type { BookingWorld, Id } from './world.ts';
import { indexWorld } from './worldIndex.ts';

/**
 * Fine tune: one edited allocation re-checked against every rule. The server passes a world whose
 * booked lines include the draft's other allocations, so that they count as used.
 */

export interface AllocationEdit extends BookingWhere {
  readonly slotId: Id;
  /** Vehicles the planner wants at most. */
  readonly vehicles: number;
  readonly lines: readonly { readonly deliveryOrderId: Id; readonly lineId: Id; readonly qty: number }[];
  /** Planned time at the customer (`HH:mm`), within the slot's shift; null or absent = not set yet. */
  readonly deliveryTime?: string | null;
}

export type AllocationCheck =
  | { readonly ok: true; readonly allocation: Allocation }
  | { readonly ok: false; readonly rule: RuleCode | 'INPUT'; readonly message: string };

const QTY_EPSILON = 1e-6;
const isWhole = (value: number): boolean => Math.abs(value - Math.round(value)) < QTY_EPSILON;

/** Rule "split": cannot-split lines whole, others in whole units (the fraction of a line travels as one part). */
function splitProblem(cargo: Cargo, qty: number): string | null {
  const name = cargo.article?.name ?? cargo.articleId;
  if (!(qty > QTY_EPSILON) || qty > cargo.qty + QTY_EPSILON)
    return bookingMessages.qtyOutOfRange(name, cargo.qty);
  if (cargo.whole && Math.abs(qty - cargo.qty) > QTY_EPSILON) return bookingMessages.cannotSplit(name);
  if (!isWhole(qty) && !isWhole(cargo.qty - qty)) return bookingMessages.wholeUnits(name);
  return null;
}

const fail = (rule: RuleCode | 'INPUT', message: string): AllocationCheck => ({ ok: false, rule, message });

export function checkAllocation(world: BookingWorld, edit: AllocationEdit): AllocationCheck {
  const index = indexWorld(world);
  const slot = index.slots.get(edit.slotId);
  if (!slot) return fail('INPUT', bookingMessages.unknown('ช่วงรถ', edit.slotId));
  if (slot.branchId !== edit.branchId || slot.shipCondId !== edit.shipCondId) {
    return fail('INPUT', bookingMessages.slotMismatch);
  }
  if (edit.lines.length === 0) return fail('INPUT', bookingMessages.nothingToBook);
  if (!Number.isInteger(edit.vehicles) || edit.vehicles < 1) {
    return fail(
      'INPUT',
      bookingMessages.tooManyVehicles(edit.vehicles, bookableVehicles(slot, edit.special === true)),
    );
  }
  const wanted: { cargo: Cargo; qty: number }[] = [];
  for (const line of edit.lines) {
    const cargo = cargoOf(index, [line.deliveryOrderId]).find((item) => item.lineId === line.lineId);
    if (!cargo) return fail('INPUT', bookingMessages.unknown('รายการใบส่งสินค้า', line.lineId));
    wanted.push({ cargo: { ...cargo, position: wanted.length }, qty: line.qty });
  }
  const resolved = contextOf(
    index,
    edit,
    wanted.map((item) => item.cargo),
  );
  if ('problem' in resolved) return fail('INPUT', resolved.problem);
  const { context } = resolved;
  const ruleBreak = slotRuleBreak(context, slot);
  if (ruleBreak) return fail(ruleBreak.rule, ruleBreak.message);
  const shift = index.shifts.get(slot.shiftOfDayId);
  const timeBreak = edit.deliveryTime && shift ? deliveryTimeBreak(shift, edit.deliveryTime) : null;
  if (timeBreak) return fail(timeBreak.rule, timeBreak.message);
  const pieces = (): Piece[] => wanted.map(({ cargo, qty }) => ({ cargo, placed: 0, left: qty }));
  const tripMinute = context.facts(slot.vehicleTypeId)?.trip.tripMinute ?? 0;
  const apart = packSlot(context, slot, pieces(), tripMinute, { ignoreCapacity: true });
  if (apart.vehicles.length > edit.vehicles)
    return fail('PROHIBITED', bookingMessages.prohibited(apart.vehicles.length));
  for (const { cargo, qty } of wanted) {
    const problem = splitProblem(cargo, qty);
    if (problem) return fail('SPLIT', problem);
  }
  // More vehicles than the slot has at all is a bad edit, not capacity taken by others (a race).
  const left = bookableVehicles(slot, context.special);
  if (edit.vehicles > left) return fail('INPUT', bookingMessages.tooManyVehicles(edit.vehicles, left));
  const toPack = pieces();
  const packing = packSlot(context, slot, toPack, tripMinute, { maxVehicles: edit.vehicles });
  if (toPack.some((piece) => piece.left > 0)) {
    const short = allocationShortfall(context, slot, pieces, edit.vehicles);
    return fail(short.rule, short.message);
  }
  return { ok: true, allocation: allocationOf(context, packing) };
}
