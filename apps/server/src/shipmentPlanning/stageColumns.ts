import { type ShipmentStage, type StageFieldNames, stageFieldNames } from '@lms/domain';
import { snake } from '../entities/naming.ts';

/** `planDateCheckIn` → `plan_date_check_in`, as `snake` spells it at run time. */
type Snake<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}`
  : S;

/**
 * The shipment columns of a stage's plan and actual date and time, by field name. Typed by name,
 * so a query naming one the shipment table lacks does not compile.
 */
export type StageColumns<S extends ShipmentStage = ShipmentStage> = {
  readonly [K in keyof StageFieldNames<S>]: Snake<StageFieldNames<S>[K]>;
};

export function stageColumns<S extends ShipmentStage>(stage: S): StageColumns<S> {
  const names = stageFieldNames(stage);
  const column = <Name extends string>(name: Name) => snake(name) as Snake<Name>;
  return {
    planDate: column(names.planDate),
    planTime: column(names.planTime),
    actDate: column(names.actDate),
    actTime: column(names.actTime),
  };
}
