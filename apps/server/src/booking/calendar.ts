import { type Amounts, indexWorld, slotCapacityOf, utilizationOf } from '@lms/booking';
import type { CalendarCell, CellBooking, PlacedBooking } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
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
        a.date.localeCompare(b.date) ||
        a.shiftName.localeCompare(b.shiftName) ||
        a.vehicleTypeName.localeCompare(b.vehicleTypeName),
    );
}

/** Active bookings with a line in one calendar cell. */
export async function cellBookings(
  db: Database,
  branchId: string,
  date: string,
  shiftOfDayId: string,
  vehicleTypeId: string,
) {
  const { rows } = await sql<CellBooking>`
    select distinct b.id, b.doc_no as "docNo", b.call_status as "callStatus", b.message_state as "messageState", concat_ws(': ', c.code, c.name) as "customerLabel",
           concat_ws(': ', st.code, st.name) as "shipToLabel"
      from booking_report b
      join booking_report__lines l on l.parent_id = b.id
      join vehicle_date_slot s on s.id = l.slot_id
      left join customer c on c.id = b.customer_id
      left join ship_to st on st.id = b.ship_to_id
     where b.branch_id = ${branchId} and b.canceled_at is null and s.shift_date = ${date}::date
       and s.shift_of_day_id = ${shiftOfDayId} and s.vehicle_type_id = ${vehicleTypeId}
     order by b.doc_no`.execute(db);
  return rows;
}

/** Active bookings' parts per cell over a range of days (the week view's cards). */
export async function placedBookings(db: Database, branchId: string, from: string, to: string) {
  const { rows } = await sql<PlacedBooking>`
    select b.id, b.doc_no as "docNo", b.call_status as "callStatus", b.message_state as "messageState",
           concat_ws(': ', c.code, c.name) as "customerLabel", concat_ws(': ', st.code, st.name) as "shipToLabel",
           s.shift_date::text as date, s.shift_of_day_id as "shiftOfDayId", s.vehicle_type_id as "vehicleTypeId",
           coalesce(sum(a.vehicles), 0)::int as vehicles
      from booking_report b
      join (select distinct parent_id, slot_id from booking_report__lines) l on l.parent_id = b.id
      join vehicle_date_slot s on s.id = l.slot_id
      left join booking_allocation a on a.booking_id = b.id and a.slot_id = l.slot_id
      left join customer c on c.id = b.customer_id
      left join ship_to st on st.id = b.ship_to_id
     where b.branch_id = ${branchId} and b.canceled_at is null and s.shift_date between ${from}::date and ${to}::date
     group by b.id, c.code, c.name, st.code, st.name, s.shift_date, s.shift_of_day_id, s.vehicle_type_id
     order by s.shift_date, b.doc_no`.execute(db);
  return rows;
}
