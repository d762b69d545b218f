import { ENTITY_NAMES, type EntityName, isEntityName } from '../entity/names.ts';
import type { EntityDef } from '../entity/types.ts';
import { appRoleGroup, appUser, file } from './admin.ts';
import { article, articleTypeProhibit, articleUomType, unit, uom } from './articles.ts';
import { bookingReport } from './booking.ts';
import { branch } from './branch.ts';
import { deliveryStopReport } from './deliveryStops.ts';
import { bo, deliveryOrder, deliveryOrderReport, so } from './documents.ts';
import { district, province, region, subDistrict } from './geography.ts';
import {
  routeConfig,
  shiftOfDay,
  shipCond,
  shippingPriceConfig,
  shipTo,
  timeSlotCode,
  truckBanConfig,
  warehouse,
} from './logistics.ts';
import { contractor, customer, driver } from './parties.ts';
import { vehicleDateSlot, vehicleUtilizationThresholds } from './settings.ts';
import { shipment } from './shipment.ts';
import { vehicle, vehicleGroup, vehicleType, vehicleTypeAdjustPercent } from './vehicles.ts';

/** Every declaration under its name: the compiler checks that each declared name has one, and only one. */
const declarations = {
  so,
  bo,
  bookingReport,
  deliveryOrder,
  deliveryOrderReport,
  deliveryStopReport,
  shipment,
  province,
  district,
  subDistrict,
  vehicle,
  vehicleType,
  vehicleGroup,
  branch,
  shipCond,
  routeConfig,
  shiftOfDay,
  timeSlotCode,
  unit,
  uom,
  article,
  articleUomType,
  customer,
  contractor,
  driver,
  warehouse,
  shipTo,
  truckBanConfig,
  articleTypeProhibit,
  shippingPriceConfig,
  vehicleTypeAdjustPercent,
  vehicleDateSlot,
  vehicleUtilizationThresholds,
  appUser,
  appRoleGroup,
  region,
  file,
} satisfies { readonly [N in EntityName]: EntityDef<N> };

/** The declaration of `N` as written, its fields' names and types literal (`EntityRecord`). */
export type Declaration<N extends EntityName> = (typeof declarations)[N];

/** Every entity of the spec, in the sidebar's order (`ENTITY_NAMES`). */
export const entities: readonly EntityDef[] = ENTITY_NAMES.map((name) => declarations[name]);

export const entityNames: readonly EntityName[] = ENTITY_NAMES;

export function hasEntity(name: string): name is EntityName {
  return isEntityName(name);
}

export function entityByName<N extends EntityName>(name: N): EntityDef<N> {
  const entity = declarations[name] as unknown as EntityDef<N> | undefined;
  // Only a name that bypassed the compiler (a cast, an `any`) gets here unknown.
  if (!entity) throw new Error(`Unknown entity "${name}". Known entities: ${entityNames.join(', ')}`);
  return entity;
}

/** The declaration of a name that arrives at run time (a URL, a search answer), if there is one. */
export function findEntity(name: string): EntityDef | undefined {
  return isEntityName(name) ? declarations[name] : undefined;
}

/** An entity given by name or by declaration. */
export type EntityRef = EntityDef | EntityName;

export function resolveEntity(entity: EntityRef): EntityDef {
  return typeof entity === 'string' ? entityByName(entity) : entity;
}

export { appRoleGroup, appUser, file } from './admin.ts';
export { article, articleTypeProhibit, articleUomType, unit, uom } from './articles.ts';
export {
  bookingLines,
  bookingReport,
} from './booking.ts';
export { branch, branchVehicleTypeSettings } from './branch.ts';
export { deliveryStopReport } from './deliveryStops.ts';
export {
  bo,
  boStatusOptions,
  deliveryOrder,
  deliveryOrderReport,
  so,
  soStatusOptions,
} from './documents.ts';
export { ATTACHMENTS_MAX, maxLengthOf } from './fields.ts';
export { district, province, region, subDistrict } from './geography.ts';
export { type EntityHeadRef, entityHeadList, entityHeads, resolveHead } from './heads.ts';
export {
  banDayPatternOptions,
  routeConfig,
  shiftOfDay,
  shipCond,
  shippingPriceConfig,
  shipTo,
  timeSlotCode,
  truckBanConfig,
  warehouse,
} from './logistics.ts';
export {
  bookingStatusOptions,
  callStatusOptions,
  type MessageState,
  messageStateOptions,
  type ProofRequirement,
  proofRequirementOptions,
  returnedDeliveryOrders,
  type ShipmentStage,
  type StageFieldNames,
  shipmentStages,
  stageFieldNames,
  utilizationStatusOptions,
} from './options.ts';
export { contractor, customer, driver, licenseTypeOptions } from './parties.ts';
export { vehicleDateSlot, vehicleUtilizationThresholds } from './settings.ts';
export { shipment } from './shipment.ts';
export { fuelTypeOptions, vehicle, vehicleGroup, vehicleType, vehicleTypeAdjustPercent } from './vehicles.ts';
