import { type Amounts, indexWorld, slotCapacityOf, utilizationOf } from '@lms/booking';
import { type CalendarCell, type CellBooking, compareShifts, type PlacedBooking } from '@lms/domain';
import { expressionBuilder, sql } from 'kysely';
import { labelFrom } from '../crud/labels.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.generated.ts';
import { loadWorld } from './world.ts';

const add = (a: Amounts, b: Amounts): Amounts => ({
  weight: a.weight + b.weight,
  volume: a.volume + b.volume,
  minute: a.minute + b.minute,
});
const ZERO: Amounts = { weight: 0, volume: 0, minute: 0 };

/** The branch's capacity per day × shift × vehicle type (summed over ship conds), with status. */
export async function calendarCells(
  db: Database,
  filter: {
    branchId: string;
    from: string;
    to: string;
    vehicleTypeIds?: readonly string[];
    shipCondIds?: readonly string[];
  },
): Promise<CalendarCell[]> {
  const world = await loadWorld(db, { branchId: filter.branchId, from: filter.from, to: filter.to });
  const index = indexWorld(world);
  // Every screen lists a day's shifts by start time (the domain's one order), not by name.
  const shiftOf = (id: string) => ({
    startTime: index.shifts.get(id)?.startTime ?? '',
    name: index.shifts.get(id)?.name ?? '',
  });
  const byShift = (a: { shiftOfDayId: string }, b: { shiftOfDayId: string }) =>
    compareShifts(shiftOf(a.shiftOfDayId), shiftOf(b.shiftOfDayId));
  const cells = new Map<
    string,
    {
      date: string;
      shiftOfDayId: string;
      vehicleTypeId: string;
      vehicles: number;
      capacity: Amounts;
      used: Amounts;
    }
  >();
  for (const slot of world.slots) {
    if (filter.vehicleTypeIds?.length && !filter.vehicleTypeIds.includes(slot.vehicleTypeId)) continue;
    if (filter.shipCondIds?.length && !filter.shipCondIds.includes(slot.shipCondId)) continue;
    const capacity = slotCapacityOf(index, slot, true);
    const key = `${slot.shiftDate}|${slot.shiftOfDayId}|${slot.vehicleTypeId}`;
    const cell = cells.get(key) ?? {
      date: slot.shiftDate,
      shiftOfDayId: slot.shiftOfDayId,
      vehicleTypeId: slot.vehicleTypeId,
      vehicles: 0,
      capacity: ZERO,
      used: ZERO,
    };
    cells.set(key, {
      ...cell,
      vehicles: cell.vehicles + capacity.vehicles,
      capacity: add(cell.capacity, capacity.capacity),
      used: add(cell.used, capacity.used),
    });
  }
  return [...cells.values()]
    .map((cell) => {
      const utilization = utilizationOf(
        world.thresholds.filter((t) => t.vehicleTypeId === cell.vehicleTypeId),
        cell.used,
        cell.capacity,
      );
      return {
        ...cell,
        shiftName: index.shifts.get(cell.shiftOfDayId)?.name ?? '',
        vehicleTypeName: index.vehicleTypes.get(cell.vehicleTypeId)?.name ?? '',
        weightPercent: utilization.weightPercent,
        volumePercent: utilization.volumePercent,
        hourPercent: utilization.hourPercent,
        status: utilization.status,
        statusLabel: utilization.statusLabel,
        colour: utilization.colour,
      };
    })
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) || byShift(a, b) || a.vehicleTypeName.localeCompare(b.vehicleTypeName),
    );
}

/** A confirm writes these, so an active booking has them (the columns are nullable for the entity's form). */
type ConfirmedColumns = Pick<CellBooking, 'docNo' | 'callStatus' | 'messageState'>;

/** A booking's own columns as a calendar cell lists it. */
const cellBookingColumns = [
  'b.id',
  'b.doc_no as docNo',
  'b.call_status as callStatus',
  'b.message_state as messageState',
] as const;

/** Its customer's and ship-to's labels, from the customer `c` and ship-to `st` the query joins. */
const labels = expressionBuilder<{ c: DB['customer']; st: DB['ship_to'] }, 'c' | 'st'>();
const cellBookingLabels = [
  labelFrom(labels, 'c.code', 'c.name').as('customerLabel'),
  labelFrom(labels, 'st.code', 'st.name').as('shipToLabel'),
] as const;

/** Active bookings with a line in one calendar cell. */
export async function cellBookings(
  db: Database,
  branchId: string,
  date: string,
  shiftOfDayId: string,
  vehicleTypeId: string,
): Promise<CellBooking[]> {
  return db
    .selectFrom('booking_report as b')
    .innerJoin('booking_report__lines as l', 'l.parent_id', 'b.id')
    .innerJoin('vehicle_date_slot as s', 's.id', 'l.slot_id')
    .leftJoin('customer as c', 'c.id', 'b.customer_id')
    .leftJoin('ship_to as st', 'st.id', 'b.ship_to_id')
    .select([...cellBookingColumns, ...cellBookingLabels])
    .distinct()
    .where('b.branch_id', '=', branchId)
    .where('b.canceled_at', 'is', null)
    .where('s.shift_date', '=', date)
    .where('s.shift_of_day_id', '=', shiftOfDayId)
    .where('s.vehicle_type_id', '=', vehicleTypeId)
    .orderBy('b.doc_no')
    .$narrowType<ConfirmedColumns>()
    .execute();
}

/** Active bookings' parts per cell over a range of days (the week view's cards). */
export async function placedBookings(
  db: Database,
  branchId: string,
  from: string,
  to: string,
): Promise<PlacedBooking[]> {
  return db
    .selectFrom('booking_report as b')
    .innerJoin(
      (eb) => eb.selectFrom('booking_report__lines').select(['parent_id', 'slot_id']).distinct().as('l'),
      (join) => join.onRef('l.parent_id', '=', 'b.id'),
    )
    .innerJoin('vehicle_date_slot as s', 's.id', 'l.slot_id')
    .leftJoin('booking_allocation as a', (join) =>
      join.onRef('a.booking_id', '=', 'b.id').onRef('a.slot_id', '=', 'l.slot_id'),
    )
    .leftJoin('customer as c', 'c.id', 'b.customer_id')
    .leftJoin('ship_to as st', 'st.id', 'b.ship_to_id')
    .select((eb) => [
      ...cellBookingColumns,
      ...cellBookingLabels,
      's.shift_date as date',
      's.shift_of_day_id as shiftOfDayId',
      's.vehicle_type_id as vehicleTypeId',
      eb.fn.coalesce(eb.fn.sum<number>('a.vehicles'), sql.lit(0)).as('vehicles'),
    ])
    .where('b.branch_id', '=', branchId)
    .where('b.canceled_at', 'is', null)
    .where('s.shift_date', '>=', from)
    .where('s.shift_date', '<=', to)
    .groupBy([
      'b.id',
      'c.code',
      'c.name',
      'st.code',
      'st.name',
      's.shift_date',
      's.shift_of_day_id',
      's.vehicle_type_id',
    ])
    .orderBy('s.shift_date')
    .orderBy('b.doc_no')
    .$narrowType<ConfirmedColumns>()
    .execute();
}
