import { addDays } from '@lms/booking';
import {
  type DispatcherHome,
  featurePages,
  type HomeCount,
  planningSlotPath,
  type TripStatus,
} from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { boardTrip, loadTrips } from '../delivery/trips.ts';
import { activeShifts } from '../shipmentPlanning/slot.ts';
import { bookedLines } from '../shipmentPlanning/slotRows.ts';

/** A count the board shows: its link opens the board of today, where those trips and stops are. */
const onTheBoard = (count: number): HomeCount => ({
  count,
  countIsLowerBound: false,
  href: featurePages.deliveryBoard.path,
});

/**
 * The dispatcher's day (docs/web.md "Home"): each shift of today and tomorrow with its bookings, those
 * on no trip yet, its trips and whether its plan is confirmed; today's trips as the board reads them
 * (`loadTrips`, so a status, a late stop and a failed one are the board's own). Four statements and
 * the board's three; a branch's day is some tens of trips, never the whole table.
 */
export async function dispatcherHome(db: Database, branchId: string, today: string): Promise<DispatcherHome> {
  const tomorrow = addDays(today, 1);
  const days = [today, tomorrow];
  const now = Date.now();
  const [shifts, booked, shipments, plans, trips] = await Promise.all([
    activeShifts(db),
    bookedLines(db, branchId)
      .where('s.shift_date', 'in', days)
      .select([
        's.shift_date as date',
        's.shift_of_day_id as shiftOfDayId',
        sql<number>`count(distinct b.id)::int`.as('bookings'),
        // On a trip of the slot: a stop of one of its shipments (what confirm writes, delivery/stops.ts).
        sql<number>`count(distinct b.id) filter (where not exists (
          select 1 from delivery_stop st join shipment sh on sh.id = st.shipment_id
          where st.booking_id = b.id and sh.shift_date = s.shift_date and sh.shift_of_day_id = s.shift_of_day_id))::int`.as(
          'waiting',
        ),
      ])
      .groupBy(['s.shift_date', 's.shift_of_day_id'])
      .execute(),
    db
      .selectFrom('shipment')
      .select([
        'shift_date as date',
        'shift_of_day_id as shiftOfDayId',
        sql<number>`count(*)::int`.as('trips'),
      ])
      .where('branch_id', '=', branchId)
      .where('shift_date', 'in', days)
      .groupBy(['shift_date', 'shift_of_day_id'])
      .execute(),
    db
      .selectFrom('shipment_plan')
      .select(['shift_date as date', 'shift_of_day_id as shiftOfDayId'])
      .where('branch_id', '=', branchId)
      .where('shift_date', 'in', days)
      .where('version', '>', 0)
      .execute(),
    loadTrips(db, { branchId, date: today }, now),
  ]);
  const key = (date: string, shiftOfDayId: string) => `${date}|${shiftOfDayId}`;
  const bookedBy = new Map(booked.map((row) => [key(row.date, row.shiftOfDayId), row]));
  const tripsBy = new Map(shipments.map((row) => [key(row.date ?? '', row.shiftOfDayId ?? ''), row.trips]));
  const confirmed = new Set(plans.map((row) => key(row.date, row.shiftOfDayId)));
  const board = trips.map((state) => boardTrip(state, now));
  const byStatus = (status: TripStatus) => onTheBoard(board.filter((trip) => trip.status === status).length);
  const stops = board.flatMap((trip) => trip.stops);
  return {
    today,
    tomorrow,
    slots: days.flatMap((date) =>
      shifts.map((shift) => {
        const row = bookedBy.get(key(date, shift.id));
        return {
          date,
          shiftOfDayId: shift.id,
          shiftName: shift.name,
          shiftStart: shift.startTime,
          shiftEnd: shift.endTime,
          bookings: row?.bookings ?? 0,
          waiting: row?.waiting ?? 0,
          trips: tripsBy.get(key(date, shift.id)) ?? 0,
          confirmed: confirmed.has(key(date, shift.id)),
          href: planningSlotPath(date, shift.id),
        };
      }),
    ),
    trips: { PLANNED: byStatus('PLANNED'), RUNNING: byStatus('RUNNING'), DONE: byStatus('DONE') },
    lateStops: onTheBoard(stops.filter((stop) => stop.late).length),
    failedStops: onTheBoard(
      stops.filter((stop) => stop.status === 'FAILED' || stop.status === 'PARTIAL').length,
    ),
  };
}
