import {
  addDays,
  type PlanFigures,
  type PlanInstant,
  type PlanStop,
  type PlanTrip,
  type PlanUnassigned,
  type SlotPlan,
} from '@lms/domain';
import { type PlannedRoute, type PlanSolution, UNASSIGNED_MESSAGES } from '@lms/planning';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { planningMessages } from './messages.ts';
import { type SlotProblem, shiftWindow, truckCapacity } from './problem.ts';
import type { Slot, SlotLine } from './slot.ts';

/** The truck checks in this long before loading starts. */
export const CHECK_IN_BEFORE_LOAD_MINUTES = 15;
const DAY = 86_400;

const pad = (n: number) => String(n).padStart(2, '0');

const BANGKOK_OFFSET_MS = 7 * 3600_000;

/** Seconds from a Bangkok day's midnight as an instant (Thailand keeps no summer time). */
export function bangkokInstant(date: string, seconds: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - BANGKOK_OFFSET_MS + seconds * 1000);
}

/** Seconds from the slot day's midnight as a Bangkok date and time (past midnight: the next day). */
export function instantOf(date: string, seconds: number): PlanInstant {
  const days = Math.floor(seconds / DAY);
  const rest = seconds - days * DAY;
  return {
    date: addDays(date, days),
    time: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}`,
  };
}

const sumLoad = (items: readonly { weight: number; volume: number }[]) => ({
  weight: Math.round(items.reduce((s, i) => s + i.weight, 0) * 1000) / 1000,
  volume: Math.round(items.reduce((s, i) => s + i.volume, 0) * 1000) / 1000,
});

/**
 * Who carries what: a job's booking and line (a job is a DO, or a returned line: `SlotLine.jobId`),
 * the job of a booking's DO, a truck's plate.
 */
export function slotIndex(slot: Slot) {
  const bookingOf = new Map<string, string>();
  const lineOf = new Map<string, SlotLine>();
  const jobs = new Map<string, string>();
  for (const booking of slot.bookings)
    for (const line of booking.lines) {
      bookingOf.set(line.jobId, booking.id);
      lineOf.set(line.jobId, line);
      jobs.set(`${booking.id} ${line.deliveryOrderId}`, line.jobId);
    }
  /** The job of a booking's DO; undefined when the booking has no such line in the slot. */
  const jobOf = (bookingId: string, deliveryOrderId: string) => jobs.get(`${bookingId} ${deliveryOrderId}`);
  const trucks = new Map(slot.trucks.map((t) => [t.id, t]));
  const plate = (vehicleId: unknown) => {
    const truck = trucks.get(String(vehicleId));
    return truck ? (truck.licensePlate ?? truck.code) : String(vehicleId ?? '');
  };
  const bookingDocNo = (deliveryOrderId: unknown) =>
    slot.bookings.find((b) => b.id === bookingOf.get(String(deliveryOrderId)))?.docNo ?? '';
  return { bookingOf, lineOf, jobOf, trucks, plate, bookingDocNo };
}

function tripOf(
  slot: Slot,
  index: ReturnType<typeof slotIndex>,
  problem: SlotProblem['problem'],
  route: PlannedRoute,
  driverId: string | null,
): PlanTrip {
  const vehicleId = String(route.vehicle);
  const stops: PlanStop[] = [];
  let ends = route.departure;
  for (const stop of route.stops) {
    const bookingId = index.bookingOf.get(String(stop.job)) as string;
    const line = index.lineOf.get(String(stop.job));
    const deliveryOrderId = line?.deliveryOrderId ?? String(stop.job);
    const last = stops.at(-1);
    const finish = stop.start + stop.service;
    ends = Math.max(ends, finish);
    if (last && last.bookingId === bookingId) {
      stops[stops.length - 1] = {
        ...last,
        deliveryOrderIds: [...last.deliveryOrderIds, deliveryOrderId],
        departure: instantOf(slot.date, finish),
        load: sumLoad([last.load, line ?? { weight: 0, volume: 0 }]),
      };
    } else
      stops.push({
        bookingId,
        deliveryOrderIds: [deliveryOrderId],
        arrival: instantOf(slot.date, stop.arrival),
        start: instantOf(slot.date, stop.start),
        departure: instantOf(slot.date, finish),
        load: sumLoad([line ?? { weight: 0, volume: 0 }]),
      });
  }
  const loadSeconds = problem.vehicles.find((v) => v.id === vehicleId)?.startService ?? 0;
  const loadStart = route.departure - loadSeconds;
  const checkIn = loadStart - CHECK_IN_BEFORE_LOAD_MINUTES * 60;
  const [shiftStart, shiftEnd] = shiftWindow(slot);
  const shipment = tripShipment(slot, vehicleId, route.trip);
  const at = (seconds: number) => instantOf(slot.date, seconds);
  return {
    vehicleId,
    trip: route.trip,
    driverId,
    stops,
    load: sumLoad(stops.map((s) => s.load)),
    minutes: {
      used: Math.ceil((route.arrival - loadStart) / 60),
      shift: Math.round((shiftEnd - shiftStart) / 60),
    },
    distanceKm: Math.round(route.distance) / 1000,
    // Derived from the plan (docs/planning.md): check in, load, close the papers and leave, last delivery done.
    stages: [
      { stage: 'CheckIn', at: at(checkIn) },
      { stage: 'LoadStart', at: at(loadStart) },
      { stage: 'LoadEnd', at: at(route.departure) },
      { stage: 'ShipCom', at: at(route.departure) },
      { stage: 'ShipStart', at: at(route.departure) },
      { stage: 'ShipEnd', at: at(ends) },
    ],
    shipmentId: shipment?.id ?? null,
    shipmentDocNo: shipment?.docNo ?? null,
    checkedIn: shipment?.checkedIn ?? false,
  };
}

/** The shipment written for a truck's n-th trip (its n-th by number: `slotShipments`). */
export const tripShipment = (slot: Slot, vehicleId: string, trip: number) =>
  slot.shipments.filter((s) => s.vehicleId === vehicleId)[trip - 1];

/**
 * Each route's driver as the dispatcher's trips name it: a truck's n-th route is its n-th trip
 * in the list.
 */
export function tripDrivers(
  trips: readonly { vehicleId: string; driverId: string | null }[],
  routes: readonly PlannedRoute[],
): (string | null)[] {
  return routes.map(
    (route) => trips.filter((t) => t.vehicleId === route.vehicle)[route.trip - 1]?.driverId ?? null,
  );
}

/**
 * The default driver of a truck: its own (main first), else one with no truck not yet on a trip;
 * a truck's later trips keep the driver of its first.
 */
export function defaultDrivers(slot: Slot, vehicleIds: readonly string[]): (string | null)[] {
  const taken = new Set<string>();
  const chosen = new Map<string, string | null>();
  return vehicleIds.map((vehicleId) => {
    const known = chosen.get(vehicleId);
    if (known !== undefined) return known;
    const driver =
      slot.drivers.find((d) => d.vehicleId === vehicleId && !taken.has(d.id)) ??
      slot.drivers.find((d) => d.vehicleId === null && !taken.has(d.id));
    chosen.set(vehicleId, driver?.id ?? null);
    if (!driver) return null;
    taken.add(driver.id);
    return driver.id;
  });
}

/** A slot and a plan (the solver's, a dispatcher's or the confirmed one) in the contract's words. */
export function slotPlan(
  slot: Slot,
  built: SlotProblem,
  solution: PlanSolution | null,
  options: { drivers: (string | null)[]; manual: boolean; confirmed: boolean; figures: PlanFigures },
): SlotPlan {
  const index = slotIndex(slot);
  const trips = (solution?.routes ?? []).map((route, i) =>
    tripOf(slot, index, built.problem, route, options.drivers[i] ?? null),
  );
  const unassigned: PlanUnassigned[] = built.refused.map(({ bookingId, reason }) => ({
    bookingId,
    deliveryOrderIds:
      slot.bookings.find((b) => b.id === bookingId)?.lines.map((l) => l.deliveryOrderId) ?? [],
    reason,
  }));
  for (const { job, reason } of solution?.unassigned ?? []) {
    const bookingId = index.bookingOf.get(String(job)) as string;
    const deliveryOrderId = index.lineOf.get(String(job))?.deliveryOrderId ?? String(job);
    const text = options.manual ? planningMessages.notPlaced : UNASSIGNED_MESSAGES[reason];
    const same = unassigned.find((u) => u.bookingId === bookingId && u.reason === text);
    if (same) (same.deliveryOrderIds as string[]).push(deliveryOrderId);
    else unassigned.push({ bookingId, deliveryOrderIds: [deliveryOrderId], reason: text });
  }
  return {
    date: slot.date,
    shiftOfDayId: slot.shift.id,
    shiftName: slot.shift.name,
    shiftStart: slot.shift.startTime,
    shiftEnd: slot.shift.endTime,
    branchPlace: placeOf(slot.branch),
    version: slot.version,
    confirmed: options.confirmed,
    bookings: slot.bookings.map((b) => ({
      id: b.id,
      docNo: b.docNo,
      shipToLabel: b.shipToLabel,
      vehicleTypeId: b.lines[0]?.vehicleTypeId ?? '',
      vehicleTypeName: b.lines[0]?.vehicleTypeName ?? '',
      deliveryTime: b.lines.find((l) => l.deliveryTime)?.deliveryTime ?? null,
      deliveryOrderIds: b.lines.map((l) => l.deliveryOrderId),
      deliveryOrderDocNos: b.lines.map((l) => l.docNo),
      load: sumLoad(b.lines),
      place: placeOf(b),
    })),
    trucks: slot.trucks.map((t) => ({
      id: t.id,
      licensePlate: t.licensePlate ?? t.code,
      label: `${t.code} ${t.name}`,
      vehicleTypeId: t.vehicleTypeId,
      vehicleTypeName: t.vehicleTypeName,
      capacity: sumLoad([truckCapacity(t)]),
    })),
    drivers: slot.drivers.map((d) => ({ id: d.id, name: d.name, vehicleId: d.vehicleId })),
    trips,
    unassigned,
    figures: options.figures,
  };
}

const placeOf = (p: { lat: number | null; lon: number | null }) =>
  p.lat === null || p.lon === null ? null : { lat: p.lat, lon: p.lon };

/**
 * The day's figures (all shifts of the branch): shipments delivered and on time (actual ShipEnd
 * within its shift, a shift past midnight ending the next day), booked, planned and capacity.
 * Booked and planned both count the booking lines' weight and volume: a DO booked in part counts
 * its part in both.
 */
export async function dayFigures(db: Database, branchId: string, date: string): Promise<PlanFigures> {
  const { rows } = await sql<{
    delivered: number;
    onTime: number;
    plannedWeight: number;
    plannedVolume: number;
    capacityWeight: number;
    capacityVolume: number;
    bookedWeight: number;
    bookedVolume: number;
  }>`
    with day_shipments as (
      select s.*, sh.start_time, sh.end_time from shipment s join shift_of_day sh on sh.id = s.shift_of_day_id
       where s.branch_id = ${branchId} and s.shift_date = ${date}::date
    ), ended as (
      select (act_date_ship_end + act_time_ship_end) as ended_at,
             (shift_date + start_time) as shift_from,
             (shift_date + end_time + case when end_time <= start_time then interval '1 day' else interval '0' end) as shift_to
        from day_shipments where act_date_ship_end is not null and act_time_ship_end is not null
    ), planned_lines as (
      -- What the day's trucks carry: each shipment's bookings' lines of the DOs it carries, as much
      -- as was booked (a DO booked in part weighs its part, as the trucks' loads count it).
      select l.* from day_shipments s
        join shipment__booking_report_ids xb on xb.owner_id = s.id
        join booking_report b on b.id = xb.ref_id and b.canceled_at is null
        join booking_report__lines l on l.parent_id = b.id
        join shipment__delivery_order_ids xd on xd.owner_id = s.id and xd.ref_id = l.delivery_order_id
    )
    select (select count(*)::int from ended) as delivered,
           (select count(*)::int from ended where ended_at between shift_from and shift_to) as "onTime",
           (select coalesce(sum(coalesce(l.used_weight, d.weight)), 0)::float from planned_lines l
              join delivery_order d on d.id = l.delivery_order_id) as "plannedWeight",
           (select coalesce(sum(coalesce(l.used_volume, d.volume)), 0)::float from planned_lines l
              join delivery_order d on d.id = l.delivery_order_id) as "plannedVolume",
           (select coalesce(sum(t.max_capacity_weight * coalesce(p.planning_weight_adjust_percent, 100) / 100), 0)::float
              from day_shipments s join vehicle v on v.id = s.vehicle_id join vehicle_type t on t.id = v.vehicle_type_id
              left join vehicle_type_adjust_percent p on p.branch_id = v.branch_id and p.vehicle_type_id = v.vehicle_type_id) as "capacityWeight",
           (select coalesce(sum(t.max_capacity_volume * coalesce(p.planning_volume_adjust_percent, 100) / 100), 0)::float
              from day_shipments s join vehicle v on v.id = s.vehicle_id join vehicle_type t on t.id = v.vehicle_type_id
              left join vehicle_type_adjust_percent p on p.branch_id = v.branch_id and p.vehicle_type_id = v.vehicle_type_id) as "capacityVolume",
           (select coalesce(sum(l.used_weight), 0)::float from booking_report__lines l
              join booking_report b on b.id = l.parent_id and b.canceled_at is null
              join vehicle_date_slot vs on vs.id = l.slot_id where vs.branch_id = ${branchId} and vs.shift_date = ${date}::date) as "bookedWeight",
           (select coalesce(sum(l.used_volume), 0)::float from booking_report__lines l
              join booking_report b on b.id = l.parent_id and b.canceled_at is null
              join vehicle_date_slot vs on vs.id = l.slot_id where vs.branch_id = ${branchId} and vs.shift_date = ${date}::date) as "bookedVolume"`.execute(
    db,
  );
  const r = rows[0]!;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    delivered: r.delivered,
    onTime: r.onTime,
    booked: { weight: round(r.bookedWeight), volume: round(r.bookedVolume) },
    planned: { weight: round(r.plannedWeight), volume: round(r.plannedVolume) },
    capacity: { weight: round(r.capacityWeight), volume: round(r.capacityVolume) },
  };
}
