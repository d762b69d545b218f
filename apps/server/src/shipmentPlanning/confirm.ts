import { entityByName, type SlotPlan, stageFieldNames, type TripsInput } from '@lms/domain';
import { sql } from 'kysely';
import { recordHistory } from '../crud/history.ts';
import type { Database, Tx } from '../db/database.ts';
import { snake } from '../entities/naming.ts';
import { HttpError } from '../http/errors.ts';
import { slotPlan } from './answer.ts';
import { planningMessages } from './messages.ts';
import { checkTrips, currentPlan } from './plan.ts';
import { slotProblem } from './problem.ts';
import { loadSlot } from './slot.ts';

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

export interface ConfirmRequest {
  readonly date: string;
  readonly shiftOfDayId: string;
  /** The version the dispatcher planned from (0: nothing confirmed yet). */
  readonly version: number;
  readonly trips: TripsInput;
}

async function nextDocNo(trx: Tx, date: string): Promise<string> {
  const { rows } = await sql<{ n: number }>`select nextval('shipment_doc_no_seq')::int as n`.execute(trx);
  return `SH${date.replaceAll('-', '')}${String(rows[0]!.n).padStart(6, '0')}`;
}

/**
 * Confirm (issue 19): one transaction, serialised per slot by its `shipment_plan` row. A plan made
 * from an older version loses (409 with the plan re-read); a slot whose truck has checked in is
 * refused; otherwise one shipment per trip — kept per truck so its number stays the same across
 * re-plans — with the planned time of every stage, the plate as it is today, the driver, and its
 * bookings and DOs linked; each booking's log records the assignment.
 */
export async function confirmPlan(
  db: Database,
  branchId: string,
  userId: string,
  request: ConfirmRequest,
): Promise<SlotPlan> {
  const { date, shiftOfDayId } = request;
  const won = await db.transaction().execute(async (trx) => {
    await sql`insert into shipment_plan (branch_id, shift_date, shift_of_day_id)
      values (${branchId}, ${date}::date, ${shiftOfDayId}) on conflict do nothing`.execute(trx);
    const { rows } = await sql<{ version: number }>`select version from shipment_plan
      where branch_id = ${branchId} and shift_date = ${date}::date and shift_of_day_id = ${shiftOfDayId} for update`.execute(
      trx,
    );
    if (rows[0]?.version !== request.version) return false;
    const slot = await loadSlot(trx as unknown as Database, branchId, date, shiftOfDayId);
    const arrived = slot.shipments.find((s) => s.checkedIn);
    if (arrived)
      throw new HttpError(422, [planningMessages.checkedIn(arrived.licensePlate ?? arrived.docNo)]);
    const built = slotProblem(slot);
    const solution = checkTrips(slot, built, request.trips);
    const drivers = solution.routes.map(
      (r) => request.trips.find((t) => t.vehicleId === r.vehicle)?.driverId ?? null,
    );
    const plan = slotPlan(slot, built, solution, {
      drivers,
      manual: true,
      confirmed: true,
      figures: { delivered: 0, onTime: 0, booked: zero, planned: zero, capacity: zero },
    });
    const kept = new Set(plan.trips.map((t) => t.vehicleId));
    const gone = slot.shipments.filter((s) => !s.vehicleId || !kept.has(s.vehicleId));
    if (gone.length)
      await sql`delete from shipment where id = any(${gone.map((s) => s.id)}::uuid[])`.execute(trx);
    for (const trip of plan.trips) {
      const truck = slot.trucks.find((t) => t.id === trip.vehicleId)!;
      const driver = slot.drivers.find((d) => d.id === trip.driverId);
      const bookingIds = trip.stops.map((s) => s.bookingId);
      const deliveryOrderIds = trip.stops.flatMap((s) => s.deliveryOrderIds);
      const shipCondId = slot.bookings.find((b) => b.id === bookingIds[0])?.lines[0]?.shipCondId ?? null;
      const values: Record<string, unknown> = {
        car_plate_snap: truck.licensePlate ?? truck.code,
        ship_cond_id: shipCondId,
        vehicle_type_id: truck.vehicleTypeId,
        driver_id: trip.driverId,
        shift_date: date,
        shift_of_day_id: shiftOfDayId,
        vehicle_id: truck.id,
      };
      for (const { stage, at } of trip.stages) {
        const names = stageFieldNames(stage);
        values[snake(names.planDate)] = at.date;
        values[snake(names.planTime)] = at.time;
      }
      const existing = slot.shipments.find((s) => s.vehicleId === truck.id);
      const columns = Object.keys(values);
      let id: string;
      let docNo: string;
      if (existing) {
        id = existing.id;
        docNo = existing.docNo;
        await sql`update shipment set ${sql.join(
          columns.map((c) => sql`${sql.ref(c)} = ${values[c]}`),
        )}, updated_at = now(), updated_by = ${userId}, version = version + 1 where id = ${id}`.execute(trx);
        await sql`delete from shipment__booking_report_ids where owner_id = ${id}`.execute(trx);
        await sql`delete from shipment__delivery_order_ids where owner_id = ${id}`.execute(trx);
      } else {
        docNo = await nextDocNo(trx, date);
        const { rows: made } = await sql<{ id: string }>`insert into shipment
          (doc_no, branch_id, created_by, updated_by, ${sql.join(columns.map((c) => sql.ref(c)))})
          values (${docNo}, ${branchId}, ${userId}, ${userId}, ${sql.join(columns.map((c) => sql`${values[c]}`))})
          returning id`.execute(trx);
        id = made[0]!.id;
      }
      await sql`insert into shipment__booking_report_ids (owner_id, ref_id)
        select ${id}, unnest(${bookingIds}::uuid[])`.execute(trx);
      await sql`insert into shipment__delivery_order_ids (owner_id, ref_id)
        select ${id}, unnest(${deliveryOrderIds}::uuid[])`.execute(trx);
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
    await sql`update shipment_plan set version = version + 1, trips = ${JSON.stringify(request.trips)}::jsonb,
        updated_at = now(), updated_by = ${userId}
      where branch_id = ${branchId} and shift_date = ${date}::date and shift_of_day_id = ${shiftOfDayId}`.execute(
      trx,
    );
    return true;
  });
  const plan = await currentPlan(db, branchId, date, shiftOfDayId);
  if (!won) throw new PlanLost(plan);
  return plan;
}
