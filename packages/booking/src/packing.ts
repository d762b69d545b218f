import { type Amounts, type SlotCapacity, slotCapacityOf } from './capacity.ts';
import { type Cargo, partCost, unitCost } from './cargo.ts';
import type { BookingContext } from './context.ts';
import { fitsIn } from './rules.ts';
import type { Id, VehicleDateSlot } from './world.ts';

/**
 * Packing (booking.md The suggestion): first-fit-decreasing by the tighter of weight and volume,
 * cannot-split lines whole, other lines in whole units, prohibited groups on separate vehicles,
 * within each vehicle's share and the slot's remaining capacity.
 */

interface MutableAmounts {
  weight: number;
  volume: number;
  minute: number;
}

export interface PackedPart {
  readonly cargo: Cargo;
  /** Units of the line already placed before this part. */
  readonly from: number;
  readonly qty: number;
  readonly cost: Amounts;
}

export interface PackedVehicle {
  readonly parts: PackedPart[];
  /** Trip minutes plus what the parts cost. */
  readonly load: MutableAmounts;
}

export interface SlotPacking {
  readonly slot: VehicleDateSlot;
  readonly capacity: SlotCapacity;
  readonly tripMinute: number;
  readonly vehicles: PackedVehicle[];
}

/** A DO line still (partly) to place; `pieces[i]` is the context's cargo at position i. */
export interface Piece {
  readonly cargo: Cargo;
  placed: number;
  left: number;
}

const QTY_EPSILON = 1e-6;

export function piecesOf(cargo: readonly Cargo[]): Piece[] {
  return cargo.map((item) => ({ cargo: item, placed: 0, left: item.qty }));
}

function shareOfVehicle(used: number, capacity: number): number {
  return used <= 0 ? 0 : capacity <= 0 ? Number.POSITIVE_INFINITY : used / capacity;
}

/** Share of one vehicle taken by one unit (a whole line when it cannot split): the tighter dimension. */
function sizeOf(cargo: Cargo, perVehicle: Amounts): number {
  const unit = unitCost(cargo);
  return Math.max(
    shareOfVehicle(unit.weight, perVehicle.weight),
    shareOfVehicle(unit.volume, perVehicle.volume),
  );
}

const orderCache = new WeakMap<readonly Cargo[], Map<string, readonly number[]>>();

/** Positions of the cargo, largest first for this vehicle size (first-fit-decreasing); cached per cargo list. */
function decreasingOrder(cargo: readonly Cargo[], perVehicle: Amounts): readonly number[] {
  const key = `${perVehicle.weight}|${perVehicle.volume}`;
  let byVehicle = orderCache.get(cargo);
  if (!byVehicle) {
    byVehicle = new Map();
    orderCache.set(cargo, byVehicle);
  }
  const cached = byVehicle.get(key);
  if (cached) return cached;
  const sizes = cargo.map((item) => sizeOf(item, perVehicle));
  const order = cargo
    .map((_, position) => position)
    .sort((a, b) => (sizes[b] ?? 0) - (sizes[a] ?? 0) || a - b);
  byVehicle.set(key, order);
  return order;
}

function roomOf(vehicle: PackedVehicle, perVehicle: Amounts, slotRoom: Amounts): Amounts {
  return {
    weight: Math.min(perVehicle.weight - vehicle.load.weight, slotRoom.weight),
    volume: Math.min(perVehicle.volume - vehicle.load.volume, slotRoom.volume),
    minute: Math.min(perVehicle.minute - vehicle.load.minute, slotRoom.minute),
  };
}

function limit(free: number, per: number): number {
  return per > 0 ? Math.floor(free / per) : Number.POSITIVE_INFINITY;
}

/** The most units of the piece that fit in `room` (whole units, or the whole line). */
function unitsThatFit(piece: Piece, room: Amounts): number {
  const { cargo } = piece;
  if (fitsIn(partCost(cargo, piece.placed, piece.left), room)) return piece.left;
  if (cargo.whole) return 0;
  const unit = unitCost(cargo);
  let units = Math.min(
    Math.floor(piece.left),
    limit(room.weight, unit.weight),
    limit(room.volume, unit.volume),
    limit(room.minute, unit.minute),
  );
  while (units > 0 && !fitsIn(partCost(cargo, piece.placed, units), room)) units -= 1;
  return Math.max(0, units);
}

function place(piece: Piece, qty: number, vehicle: PackedVehicle, slotRoom: MutableAmounts): void {
  const cost = partCost(piece.cargo, piece.placed, qty);
  vehicle.parts.push({ cargo: piece.cargo, from: piece.placed, qty, cost });
  for (const key of ['weight', 'volume', 'minute'] as const) {
    vehicle.load[key] += cost[key];
    slotRoom[key] -= cost[key];
  }
  piece.placed += qty;
  piece.left = piece.left - qty < QTY_EPSILON ? 0 : piece.left - qty;
}

function clashes(context: BookingContext, vehicle: PackedVehicle, cargo: Cargo): boolean {
  if (cargo.uomTypeId === null) return false;
  for (const part of vehicle.parts) if (context.conflicts(part.cargo.uomTypeId, cargo.uomTypeId)) return true;
  return false;
}

/**
 * Packs what it can of `pieces` into one slot (mutating them), using at most `maxVehicles`
 * vehicles (default: the slot's bookable vehicles). Pieces that do not fit are left for the next
 * slot. `ignoreCapacity`: no limit at all (only what may not travel together separates);
 * `ignoreSlotUse`: vehicles of the slot's size but none of its use or count.
 */
export function packSlot(
  context: BookingContext,
  slot: VehicleDateSlot,
  pieces: readonly Piece[],
  tripMinute: number,
  options: { maxVehicles?: number; ignoreCapacity?: boolean; ignoreSlotUse?: boolean } = {},
): SlotPacking {
  const capacity = slotCapacityOf(context.index, slot, context.special);
  const unlimited = {
    weight: Number.POSITIVE_INFINITY,
    volume: Number.POSITIVE_INFINITY,
    minute: Number.POSITIVE_INFINITY,
  };
  const perVehicle = options.ignoreCapacity ? unlimited : capacity.perVehicle;
  // ignoreSlotUse: vehicles of the slot's size, as many as asked, as if nothing were booked yet.
  const unbounded = options.ignoreCapacity || options.ignoreSlotUse;
  const slotRoom: MutableAmounts = unbounded ? { ...unlimited } : { ...capacity.remaining };
  const maxVehicles = Math.min(
    options.maxVehicles ?? capacity.vehicles,
    unbounded ? Infinity : capacity.vehicles,
  );
  const vehicles: PackedVehicle[] = [];
  for (const position of decreasingOrder(context.cargo, capacity.perVehicle)) {
    const piece = pieces[position];
    if (!piece || piece.left <= 0) continue;
    for (const vehicle of vehicles) {
      if (piece.left <= 0) break;
      if (clashes(context, vehicle, piece.cargo)) continue;
      const units = unitsThatFit(piece, roomOf(vehicle, perVehicle, slotRoom));
      if (units > 0) place(piece, units, vehicle, slotRoom);
    }
    while (piece.left > 0 && vehicles.length < maxVehicles && slotRoom.minute + 1e-9 >= tripMinute) {
      const vehicle: PackedVehicle = { parts: [], load: { weight: 0, volume: 0, minute: tripMinute } };
      const afterTrip = { ...slotRoom, minute: slotRoom.minute - tripMinute };
      const units =
        tripMinute > perVehicle.minute ? 0 : unitsThatFit(piece, roomOf(vehicle, perVehicle, afterTrip));
      if (units <= 0) break;
      slotRoom.minute -= tripMinute;
      vehicles.push(vehicle);
      place(piece, units, vehicle, slotRoom);
    }
  }
  return { slot, capacity, tripMinute, vehicles };
}

/** Total cost of a packing (trip minutes included). */
export function packedAmounts(vehicles: readonly PackedVehicle[]): Amounts {
  return vehicles.reduce(
    (sum, vehicle) => ({
      weight: sum.weight + vehicle.load.weight,
      volume: sum.volume + vehicle.load.volume,
      minute: sum.minute + vehicle.load.minute,
    }),
    { weight: 0, volume: 0, minute: 0 },
  );
}

/** Lines left unplaced, by line id. */
export function unplaced(pieces: readonly Piece[]): Id[] {
  return pieces.filter((piece) => piece.left > 0).map((piece) => piece.cargo.lineId);
}
