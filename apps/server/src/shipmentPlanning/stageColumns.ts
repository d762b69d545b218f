import { type ShipmentStage, type StageFieldNames, stageFieldNames } from '@lms/domain';
import { type Snake, snake } from '../entities/naming.ts';

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
