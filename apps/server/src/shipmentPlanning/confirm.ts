import { entityByName, type PlanTrip, type SlotPlan, type TripsInput } from '@lms/domain';
import { sql, type Updateable } from 'kysely';
import { touched } from '../crud/columns.ts';
import { recordHistory } from '../crud/history.ts';
import type { Database, Executor, Tx } from '../db/database.ts';
import type { DB } from '../db/schema.generated.ts';
import { slotPlan, tripDrivers, tripShipment } from './answer.ts';
import { planningMessages } from './messages.ts';
import { checkTrips, currentPlan, problemOf, refuseWhenCheckedIn } from './plan.ts';
import type { SlotProblem } from './problem.ts';
import { noRoads, type RoadDistances } from './roads.ts';
import { loadSlot, type Slot } from './slot.ts';
import { stageColumns } from './stageColumns.ts';

const shipment = entityByName('shipment');
const bookingReport = entityByName('bookingReport');
const zero = { weight: 0, volume: 0 };

/** Another dispatcher confirmed this slot first (409): the plan as it now stands. */
export class PlanLost extends Error {
  constructor(readonly plan: SlotPlan) {
    super(planningMessages.staleVersion);
  }
  get body() {
    return { messages: [planningMessages.staleVersion], plan: this.plan };
  }
}

/** A trip a confirm wrote, as another feature hears it (delivery: the trip's stops). */
export interface ConfirmedTrip {
  readonly shipmentId: string;
  readonly docNo: string;
  readonly branchId: string;
  readonly slot: Slot;
  readonly problem: SlotProblem;
  readonly trip: PlanTrip;
}

/** A stop a driver has started (arrived or later); times in seconds from the slot day's midnight (Bangkok). */
export interface StartedStop {
  readonly bookingId: string;
  readonly arrivedAt: number;
  /** When the truck is free to go on: the stop left, else the end of its service as now expected. */
  readonly freeAt: number;
}

/** One shipment's trip as delivery knows it, for a re-plan (replan.ts). */
export interface TripProgress {
  readonly shipmentId: string;
  /** When the trip left the branch (its departure or first stop event); null: not yet. */
  readonly startedAt: number | null;
  /** Every stop left: the truck is back (or on its way back) at the branch. */
  readonly ended: boolean;
  /** Its started stops in the order driven. */
  readonly started: readonly StartedStop[];
  /**
   * While it runs, the phone's last known position (`delivery_trip.last_*`, kept as docs/privacy.md
   * says) and when it was fixed, in seconds as above; null: none (no phone fix yet, or purged).
   */
  readonly position?: { readonly lat: number; readonly lon: number; readonly at: number } | null;
}

/** What other features write with a confirm, in its transaction (app.ts wires them). */
export interface ConfirmHooks {
  /**
   * What happened so far on these shipments (a re-plan's fixed stops), read in the caller's
   * transaction when given; `now` in milliseconds. None: nothing happened (no delivery feature).
   */
  readonly progress?: (
    db: Executor,
    date: string,
    shipmentIds: readonly string[],
    now: number,
  ) => Promise<TripProgress[]>;
  /** Before anything is written: the slot's shipments may be re-planned or removed; a throw refuses the confirm. */
  readonly replacing?: (trx: Tx, shipmentIds: readonly string[]) => Promise<void>;
  /** After each trip's shipment and links are written. */
  readonly written?: (trx: Tx, trip: ConfirmedTrip) => Promise<void>;
}

export interface ConfirmRequest {
  readonly date: string;
  readonly shiftOfDayId: string;
  /** The version the dispatcher planned from (0: nothing confirmed yet). */
  readonly version: number;
  readonly trips: TripsInput;
}

/** The next shipment number of a day: raw SQL, as a sequence is no table the builder knows. */
async function nextDocNo(trx: Tx, date: string): Promise<string> {
  const { rows } = await sql<{ n: number }>`select nextval('shipment_doc_no_seq')::int as n`.execute(trx);
  return `SH${date.replaceAll('-', '')}${String(rows[0]!.n).padStart(6, '0')}`;
}

/** A shipment's links to its bookings, or to its DOs. */
async function linkShipment(
  trx: Tx,
  table: 'shipment__booking_report_ids' | 'shipment__delivery_order_ids',
  ownerId: string,
  refIds: readonly string[],
): Promise<void> {
  if (refIds.length === 0) return;
  await trx
    .insertInto(table)
    .values(refIds.map((refId) => ({ owner_id: ownerId, ref_id: refId })))
    .execute();
}

/** The bookings the slot's shipments carry now, each with its shipment's number. */
async function carriedBookings(trx: Tx, shipmentIds: readonly string[]) {
  if (shipmentIds.length === 0) return [];
  return trx
    .selectFrom('shipment__booking_report_ids as x')
    .innerJoin('shipment as s', 's.id', 'x.owner_id')
    .select(['x.ref_id as bookingId', 's.doc_no as docNo'])
    .where('x.owner_id', 'in', [...shipmentIds])
    .execute();
}

/** What a confirm writes, decided inside its transaction once the slot is locked and read. */
export interface ConfirmDecision {
  readonly plan: SlotPlan;
  /** Shipments whose trip has started: their planned stage times are history and stay. */
  readonly started?: ReadonlySet<string>;
}

/**
 * Confirm (issue 19): one transaction, serialised per slot by its `shipment_plan` row. A plan made
 * from an older version loses (409 with the plan re-read); a slot whose truck has checked in is
 * refused; otherwise one shipment per trip — a truck with several trips has one per trip, kept
 * per truck and trip so its number stays the same across re-plans — with the planned time of every stage, the plate as it is today, the driver, and its
 * bookings and DOs linked; each booking's log records the assignment.
 */
export async function confirmPlan(
  db: Database,
  branchId: string,
  userId: string,
  request: ConfirmRequest,
  hooks: ConfirmHooks = {},
  roads: RoadDistances = noRoads,
): Promise<SlotPlan> {
  return confirmSlot(db, branchId, userId, request, hooks, roads, async (trx, slot, built) => {
    refuseWhenCheckedIn(slot);
    await hooks.replacing?.(
      trx,
      slot.shipments.map((s) => s.id),
    );
    const solution = checkTrips(slot, built, request.trips);
    const drivers = tripDrivers(request.trips, solution.routes);
    return {
      plan: slotPlan(slot, built, solution, {
        drivers,
        manual: true,
        confirmed: true,
        figures: { delivered: 0, onTime: 0, booked: zero, planned: zero, capacity: zero },
      }),
    };
  });
}

/**
 * The confirm's frame, shared with the re-plan's (replan.ts): the slot locked and read, `decide`
 * checks the request and answers the plan to write (a throw refuses it), then the shipments, their
 * links, the delivery hooks and the history are written and the plan's trips kept.
 */
export async function confirmSlot(
  db: Database,
  branchId: string,
  userId: string,
  request: ConfirmRequest,
  hooks: ConfirmHooks,
  roads: RoadDistances,
  decide: (trx: Tx, slot: Slot, built: SlotProblem) => Promise<ConfirmDecision>,
): Promise<SlotPlan> {
  const { date, shiftOfDayId } = request;
  const slotKey = { branch_id: branchId, shift_date: date, shift_of_day_id: shiftOfDayId };
  const won = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('shipment_plan')
      .values(slotKey)
      .onConflict((oc) => oc.doNothing())
      .execute();
    const current = await trx
      .selectFrom('shipment_plan')
      .select('version')
      .where((eb) => eb.and(slotKey))
      .forUpdate()
      .executeTakeFirst();
    if (current?.version !== request.version) return false;
    // The slot's shipments in id order, before any is written: a booking's confirm or move locks
    // them FOR SHARE in the same order (docs/booking.md "Closed shifts"), so neither waits in a circle.
    await trx
      .selectFrom('shipment')
      .select('id')
      .where((eb) => eb.and(slotKey))
      .orderBy('id')
      .forUpdate()
      .execute();
    const slot = await loadSlot(trx, branchId, date, shiftOfDayId);
    const built = await problemOf(slot, roads);
    const { plan, started = new Set<string>() } = await decide(trx, slot, built);
    // Which truck carried which booking before: a booking this plan no longer puts on one is told so.
    const carried = await carriedBookings(
      trx,
      slot.shipments.map((s) => s.id),
    );
    // A truck's n-th shipment stays its n-th trip's (same number across re-plans); the rest go.
    const kept = new Set(plan.trips.map((t) => tripShipment(slot, t.vehicleId, t.trip)?.id));
    const gone = slot.shipments.filter((s) => !kept.has(s.id));
    if (gone.length)
      await trx
        .deleteFrom('shipment')
        .where((eb) => eb('id', '=', eb.fn.any(eb.val(gone.map((s) => s.id)))))
        .execute();
    for (const trip of plan.trips) {
      const truck = slot.trucks.find((t) => t.id === trip.vehicleId)!;
      const driver = slot.drivers.find((d) => d.id === trip.driverId);
      const bookingIds = trip.stops.map((s) => s.bookingId);
      const deliveryOrderIds = trip.stops.flatMap((s) => s.deliveryOrderIds);
      const shipCondId = slot.bookings.find((b) => b.id === bookingIds[0])?.lines[0]?.shipCondId ?? null;
      const values: Updateable<DB['shipment']> = {
        car_plate_snap: truck.licensePlate ?? truck.code,
        ship_cond_id: shipCondId,
        vehicle_type_id: truck.vehicleTypeId,
        driver_id: trip.driverId,
        shift_date: date,
        shift_of_day_id: shiftOfDayId,
        vehicle_id: truck.id,
      };
      const existing = tripShipment(slot, truck.id, trip.trip);
      // A trip on its way keeps the stage times it was planned with: what happened is compared with them.
      if (!existing || !started.has(existing.id))
        for (const { stage, at } of trip.stages) {
          const columns = stageColumns(stage);
          values[columns.planDate] = at.date;
          values[columns.planTime] = at.time;
        }
      let id: string;
      let docNo: string;
      if (existing) {
        id = existing.id;
        docNo = existing.docNo;
        await trx
          .updateTable('shipment')
          .set({ ...values, ...touched(userId) })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('shipment__booking_report_ids').where('owner_id', '=', id).execute();
        await trx.deleteFrom('shipment__delivery_order_ids').where('owner_id', '=', id).execute();
      } else {
        docNo = await nextDocNo(trx, date);
        const made = await trx
          .insertInto('shipment')
          .values({ ...values, doc_no: docNo, branch_id: branchId, created_by: userId, updated_by: userId })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = made.id;
      }
      await linkShipment(trx, 'shipment__booking_report_ids', id, bookingIds);
      await linkShipment(trx, 'shipment__delivery_order_ids', id, deliveryOrderIds);
      await hooks.written?.(trx, { shipmentId: id, docNo, branchId, slot, problem: built, trip });
      await recordHistory(trx, {
        entity: shipment,
        recordId: id,
        action: existing ? 'update' : 'create',
        userId,
        changes: {
          carPlateSnap: values.car_plate_snap,
          driverId: trip.driverId,
          bookingReportIds: bookingIds,
        },
      });
      // The booking's log (the spec's shipment log): which truck, driver and shipment took it.
      for (const bookingId of bookingIds)
        await recordHistory(trx, {
          entity: bookingReport,
          recordId: bookingId,
          action: 'update',
          userId,
          changes: {
            shipment: docNo,
            carPlateSnap: values.car_plate_snap,
            driver: driver?.name ?? null,
            planned: `${trip.stages[0]!.at.date} ${trip.stages[0]!.at.time}`,
          },
        });
    }
    const planned = new Set(plan.trips.flatMap((trip) => trip.stops.map((s) => s.bookingId)));
    for (const { bookingId, docNo } of carried)
      if (!planned.has(bookingId))
        await recordHistory(trx, {
          entity: bookingReport,
          recordId: bookingId,
          action: 'update',
          userId,
          changes: { shipment: { from: docNo, to: null } },
        });
    await trx
      .updateTable('shipment_plan')
      .set({ trips: JSON.stringify(request.trips), ...touched(userId) })
      .where((eb) => eb.and(slotKey))
      .execute();
    return true;
  });
  const plan = await currentPlan(db, branchId, date, shiftOfDayId, roads);
  if (!won) throw new PlanLost(plan);
  return plan;
}
