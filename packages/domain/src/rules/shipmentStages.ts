import { type ShipmentStage, shipmentStages, stageFieldNames } from '../entities/options.ts';

/** booking.md: a shipment stage's actual time may not precede the previous stage's. */

export interface StageOrderViolation {
  readonly stage: ShipmentStage;
  readonly previous: ShipmentStage;
  /** The field to mark on the form. */
  readonly field: string;
  readonly message: string;
}

function actualInstant(record: Readonly<Record<string, unknown>>, stage: ShipmentStage): string | null {
  const names = stageFieldNames(stage);
  const date = record[names.actDate];
  if (typeof date !== 'string' || date === '') return null;
  const time = record[names.actTime];
  // A date without a time counts as the start of that day.
  return `${date}T${typeof time === 'string' && time !== '' ? time.slice(0, 5) : '00:00'}`;
}

/** Each recorded actual stage compared with the last earlier stage that has an actual time. */
export function stageOrderViolations(record: Readonly<Record<string, unknown>>): StageOrderViolation[] {
  const violations: StageOrderViolation[] = [];
  let previous: { stage: ShipmentStage; label: string; at: string } | null = null;
  for (const { key, label } of shipmentStages) {
    const at = actualInstant(record, key);
    if (at === null) continue;
    if (previous && at < previous.at) {
      violations.push({
        stage: key,
        previous: previous.stage,
        field: stageFieldNames(key).actDate,
        message: `เวลาจริงของ "${label}" ต้องไม่ก่อนเวลาจริงของ "${previous.label}"`,
      });
    }
    if (!previous || at >= previous.at) previous = { stage: key, label, at };
  }
  return violations;
}
