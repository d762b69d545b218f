import {
  bangkokIsoDate,
  entityByName,
  formatTime,
  judgeStageTap,
  type PlanInstant,
  type ShipmentStage,
  type StageTap,
  type StageTapPlan,
  type StageTapQuestion,
  shipmentStages,
  stageFieldNames,
  stageOrderViolations,
} from '@lms/domain';
import type { Updateable } from 'kysely';
import { touched } from '../crud/columns.ts';
import type { EntityExtension } from '../crud/extensions.ts';
import { recordHistory } from '../crud/history.ts';
import type { Database, Executor } from '../db/database.ts';
import type { DB } from '../db/schema.generated.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { planningMessages, stageLabel } from './messages.ts';
import { stageColumns } from './stageColumns.ts';

const shipment = entityByName('shipment');
const bookingReport = entityByName('bookingReport');

/** A phone's clock may run a little fast; a time later than this is a slip of the time field. */
const FUTURE_SLACK_MS = 5 * 60_000;

/** Each stage's actual date and time: the field names the order rules read, and their columns. */
const actualFields = shipmentStages.flatMap(({ key }) => {
  const names = stageFieldNames(key);
  const columns = stageColumns(key);
  return [
    { name: names.actDate, column: columns.actDate },
    { name: names.actTime, column: columns.actTime },
  ];
});

/** A shipment row's actual stage times under the field names the order rules read. */
export const actualTimes = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(actualFields.map(({ name, column }) => [name, row[column]]));

/**
 * Why a tap of `stage` at `at` is refused, given the shipment's actual times (`actualTimes`): the
 * previous stage has no actual time, or the time breaks the stages' order. Undefined: it is not.
 */
export function stageRefusal(
  record: Record<string, unknown>,
  stage: ShipmentStage,
  at: PlanInstant,
): string | undefined {
  const previous = shipmentStages[shipmentStages.findIndex((s) => s.key === stage) - 1];
  if (previous && !record[stageFieldNames(previous.key).actDate])
    return planningMessages.stageBeforePrevious(stageLabel(stage), previous.label);
  const names = stageFieldNames(stage);
  const after = { ...record, [names.actDate]: at.date, [names.actTime]: at.time };
  return stageOrderViolations(after).find((v) => v.stage === stage)?.message;
}

/** A tap at an unusual time, not confirmed yet (409): the Thai question, answered by sending it again confirmed. */
export class UnusualTap extends Error {
  constructor(readonly question: string) {
    super(question);
  }
  get body(): StageTapQuestion {
    return { messages: [this.question], confirmUnusual: true };
  }
}

/** A shipment's planned day and its shift's row (a left join: null when it has none), as `shiftOfRow` reads them. */
function shiftRows(trx: Executor, shipmentId: string) {
  return trx
    .selectFrom('shipment as s')
    .leftJoin('shift_of_day as sh', 'sh.id', 's.shift_of_day_id')
    .select([
      's.shift_date',
      'sh.name as shift_name',
      'sh.start_time as shift_start',
      'sh.end_time as shift_end',
    ])
    .where('s.id', '=', shipmentId);
}

/** The planned day and shift of a row selected with `shiftRows`' columns (trips.ts selects them too). */
export function shiftOfRow(row: {
  readonly shift_date: string | null;
  readonly shift_name: string | null;
  readonly shift_start: string | null;
  readonly shift_end: string | null;
}): Pick<StageTapPlan, 'shiftDate' | 'shift'> {
  return {
    shiftDate: row.shift_date,
    shift:
      row.shift_name && row.shift_start && row.shift_end
        ? { name: row.shift_name, startTime: row.shift_start, endTime: row.shift_end }
        : null,
  };
}

/** The shipment's planned day and shift: what its taps and its phone's events are judged against. */
export async function shiftPlan(
  trx: Executor,
  shipmentId: string,
): Promise<Pick<StageTapPlan, 'shiftDate' | 'shift'>> {
  return shiftOfRow(await shiftRows(trx, shipmentId).executeTakeFirstOrThrow());
}

/** What a tap of `stage` is judged against: the shipment's planned day and shift, and the stage's planned time. */
async function tapPlan(trx: Executor, shipmentId: string, stage: ShipmentStage): Promise<StageTapPlan> {
  const columns = stageColumns(stage);
  const row = await shiftRows(trx, shipmentId)
    .select([`s.${columns.planDate}` as const, `s.${columns.planTime}` as const])
    .executeTakeFirstOrThrow();
  const planDate = row[columns.planDate];
  const planTime = row[columns.planTime];
  return {
    ...shiftOfRow(row),
    planned: planDate && planTime ? { date: planDate, time: planTime } : null,
  };
}

/**
 * One tap of "บันทึกเวลาจริง" (issue 19 item 4). The tap carries its own id and the phone's time:
 * a tap sent again (the phone was offline and retried) finds its id already recorded and changes
 * nothing. The time is now by default; the driver may set an earlier one (a tap forgotten), never a
 * later one. Stages go in order: the previous stage must have its actual time, and no actual time
 * may precede the previous one (the domain's `stageOrderViolations`). The time tapped is judged
 * against the shipment's planned day and shift (`judgeStageTap`): what cannot be right is refused
 * (422), what is merely unusual answers `UnusualTap` (409) until the tap comes again with
 * `confirmUnusual`. The shipment's bookings log the stage.
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
    const found = await trx
      .selectFrom('shipment')
      .select(['doc_no', ...actualFields.map((f) => f.column)])
      .where('id', '=', shipmentId)
      .where('branch_id', '=', branchId)
      .forUpdate()
      .executeTakeFirst();
    if (!found) throw notFound();
    const record = actualTimes(found);
    const earlier = await trx
      .selectFrom('shipment_stage_tap')
      .select(['shipment_id', 'stage', 'at'])
      .where('id', '=', tap.id)
      .executeTakeFirst();
    if (earlier) {
      if (earlier.shipment_id !== shipmentId) throw notFound();
      return {
        id: shipmentId,
        stage: earlier.stage as ShipmentStage,
        at: { date: bangkokIsoDate(earlier.at), time: formatTime(earlier.at) },
        duplicate: true,
      };
    }
    const refused = stageRefusal(record, tap.stage, at);
    if (refused) throw new HttpError(422, [refused]);
    const names = stageFieldNames(tap.stage);
    const columns = stageColumns(tap.stage);
    // The time tapped against the shipment's planned day and shift (an offline tap carries its own).
    const judged = judgeStageTap(stageLabel(tap.stage), instant, await tapPlan(trx, shipmentId, tap.stage));
    if (judged.verdict === 'refused') throw new HttpError(422, [judged.message]);
    if (judged.verdict === 'unusual' && tap.confirmUnusual !== true) throw new UnusualTap(judged.message);
    const actual: Updateable<DB['shipment']> = {};
    actual[columns.actDate] = at.date;
    actual[columns.actTime] = at.time;
    await trx
      .updateTable('shipment')
      .set({ ...actual, ...touched(userId) })
      .where('id', '=', shipmentId)
      .execute();
    await trx
      .insertInto('shipment_stage_tap')
      .values({ id: tap.id, shipment_id: shipmentId, stage: tap.stage, at: instant, recorded_by: userId })
      .execute();
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
    const bookings = await trx
      .selectFrom('shipment__booking_report_ids')
      .select('ref_id')
      .where('owner_id', '=', shipmentId)
      .execute();
    for (const { ref_id } of bookings)
      await recordHistory(trx, {
        entity: bookingReport,
        recordId: ref_id,
        action: 'update',
        userId,
        changes: { shipment: found.doc_no, stage: stageLabel(tap.stage), at: `${at.date} ${at.time}` },
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
