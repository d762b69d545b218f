import type { EntityDef } from '../entity/types.ts';
import { appRoleGroup, appUser, file } from './admin.ts';
import { article, articleTypeProhibit, articleUomType, unit, uom } from './articles.ts';
import { bookingReport } from './booking.ts';
import { branch } from './branch.ts';
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

/**
 * Every entity of the spec. The order is the sidebar's (spec §1): documents, then the 24 master-data
 * entities, settings, administration; entities without a menu entry last.
 */
export const entities: readonly EntityDef[] = [
  so,
  bo,
  bookingReport,
  deliveryOrder,
  deliveryOrderReport,
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
];

const byName: ReadonlyMap<string, EntityDef> = new Map(entities.map((entity) => [entity.name, entity]));

export const entityNames: readonly string[] = entities.map((entity) => entity.name);

export function hasEntity(name: string): boolean {
  return byName.has(name);
}

export function entityByName(name: string): EntityDef {
  const entity = byName.get(name);
  if (!entity) {
    throw new Error(`Unknown entity "${name}". Known entities: ${entityNames.join(', ')}`);
  }
  return entity;
}

/** An entity given by name or by declaration. */
export type EntityRef = EntityDef | string;

export function resolveEntity(entity: EntityRef): EntityDef {
  return typeof entity === 'string' ? entityByName(entity) : entity;
}

export { appRoleGroup, appUser, file } from './admin.ts';
export { article, articleTypeProhibit, articleUomType, unit, uom } from './articles.ts';
export {
  bookingLines,
  bookingReport,
  bookingStatusOptions,
  callStatusOptions,
  type MessageState,
  messageStateOptions,
} from './booking.ts';
export { branch, branchVehicleTypeSettings } from './branch.ts';
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
export { contractor, customer, driver, licenseTypeOptions } from './parties.ts';
export { utilizationStatusOptions, vehicleDateSlot, vehicleUtilizationThresholds } from './settings.ts';
export {
  type ShipmentStage,
  type StageFieldNames,
  shipment,
  shipmentStages,
  stageFieldNames,
} from './shipment.ts';
export { fuelTypeOptions, vehicle, vehicleGroup, vehicleType, vehicleTypeAdjustPercent } from './vehicles.ts';
