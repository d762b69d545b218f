import {
  bangkokIsoDate,
  entityByName,
  formatTime,
  type PlanInstant,
  type ShipmentStage,
  type StageTap,
  shipmentStages,
  stageFieldNames,
  stageOrderViolations,
} from '@lms/domain';
import { sql } from 'kysely';
import type { EntityExtension } from '../crud/extensions.ts';
import { recordHistory } from '../crud/history.ts';
import type { Database } from '../db/database.ts';
import { snake } from '../entities/naming.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { planningMessages, stageLabel } from './messages.ts';

const shipment = entityByName('shipment');
const bookingReport = entityByName('bookingReport');

/** A phone's clock may run a little fast; a time later than this is a slip of the time field. */
const FUTURE_SLACK_MS = 5 * 60_000;

const stageColumns = shipmentStages.flatMap(({ key }) => {
  const names = stageFieldNames(key);
  return [names.actDate, names.actTime];
});

/**
 * One tap of "บันทึกเวลาจริง" (issue 19 item 4). The tap carries its own id and the phone's time:
 * a tap sent again (the phone was offline and retried) finds its id already recorded and changes
 * nothing. The time is now by default; the driver may set an earlier one (a tap forgotten), never a
 * later one. Stages go in order: the previous stage must have its actual time, and no actual time
 * may precede the previous one (the domain's `stageOrderViolations`). The shipment's bookings log
 * the stage.
 */
export async function recordStage(
  db: Database,
  branchId: string,
  userId: string,
  shipmentId: string,
  tap: StageTap,
): Promise<{ id: string; stage: ShipmentStage; at: PlanInstant; duplicate: boolean }> {
  const instant = new Date(tap.at);
  if (instant.getTime() > Date.now() + FUTURE_SLACK_MS)
    throw new HttpError(422, [planningMessages.stageInFuture(stageLabel(tap.stage))]);
  const at = { date: bangkokIsoDate(instant), time: formatTime(instant) };
  return db.transaction().execute(async (trx) => {
    const { rows: found } = await sql<Record<string, unknown> & { doc_no: string }>`
      select doc_no, ${sql.join(
        stageColumns.map((name) => sql`${sql.ref(snake(name))}::text as ${sql.ref(name)}`),
      )} from shipment where id = ${shipmentId} and branch_id = ${branchId} for update`.execute(trx);
    const record = found[0];
    if (!record) throw notFound();
    const { rows: known } = await sql<{ shipment_id: string; stage: ShipmentStage; at: Date }>`
      select shipment_id, stage, at from shipment_stage_tap where id = ${tap.id}`.execute(trx);
    const earlier = known[0];
    if (earlier) {
      if (earlier.shipment_id !== shipmentId) throw notFound();
      return {
        id: shipmentId,
        stage: earlier.stage,
        at: { date: bangkokIsoDate(earlier.at), time: formatTime(earlier.at) },
        duplicate: true,
      };
    }
    const position = shipmentStages.findIndex((s) => s.key === tap.stage);
    const previous = shipmentStages[position - 1];
    if (previous && !record[stageFieldNames(previous.key).actDate])
      throw new HttpError(422, [planningMessages.stageBeforePrevious(stageLabel(tap.stage), previous.label)]);
    const names = stageFieldNames(tap.stage);
    const after = { ...record, [names.actDate]: at.date, [names.actTime]: at.time };
    const broken = stageOrderViolations(after).find((v) => v.stage === tap.stage);
    if (broken) throw new HttpError(422, [broken.message]);
    await sql`update shipment set ${sql.ref(snake(names.actDate))} = ${at.date}::date, ${sql.ref(snake(names.actTime))} = ${at.time}::time,
        updated_at = now(), updated_by = ${userId}, version = version + 1 where id = ${shipmentId}`.execute(
      trx,
    );
    await sql`insert into shipment_stage_tap (id, shipment_id, stage, at, recorded_by)
      values (${tap.id}, ${shipmentId}, ${tap.stage}, ${instant.toISOString()}::timestamptz, ${userId})`.execute(
      trx,
    );
    await recordHistory(trx, {
      entity: shipment,
      recordId: shipmentId,
      action: 'update',
      userId,
      changes: {
        [names.actDate]: { from: record[names.actDate] ?? null, to: at.date },
        [names.actTime]: { from: record[names.actTime] ?? null, to: at.time },
      },
    });
    const { rows: bookings } = await sql<{ ref_id: string }>`
      select ref_id from shipment__booking_report_ids where owner_id = ${shipmentId}`.execute(trx);
    for (const { ref_id } of bookings)
      await recordHistory(trx, {
        entity: bookingReport,
        recordId: ref_id,
        action: 'update',
        userId,
        changes: { shipment: record.doc_no, stage: stageLabel(tap.stage), at: `${at.date} ${at.time}` },
      });
    return { id: shipmentId, stage: tap.stage, at, duplicate: false };
  });
}

/**
 * The shipment form's save keeps the same stage order as a tap: the form checks it as the user
 * types, the server decides (booking.md).
 */
export const shipmentExtension: EntityExtension = {
  validate: (values) =>
    Object.fromEntries(stageOrderViolations(values).map((violation) => [violation.field, violation.message])),
};
