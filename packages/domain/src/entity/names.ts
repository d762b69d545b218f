/**
 * Every entity's name, in the sidebar's order (spec §1): documents, then the master data,
 * settings, administration; entities without a menu entry last. The one list the compiler
 * checks names against: `entityByName('delivryOrder')`, a reference to an undeclared entity or
 * a declaration missing from the registry does not compile.
 */
export const ENTITY_NAMES = [
  'so',
  'bo',
  'bookingReport',
  'deliveryOrder',
  'deliveryOrderReport',
  'shipment',
  'deliveryStopReport',
  'province',
  'district',
  'subDistrict',
  'vehicle',
  'vehicleType',
  'vehicleGroup',
  'branch',
  'shipCond',
  'routeConfig',
  'shiftOfDay',
  'timeSlotCode',
  'unit',
  'uom',
  'article',
  'articleUomType',
  'customer',
  'contractor',
  'driver',
  'warehouse',
  'shipTo',
  'truckBanConfig',
  'articleTypeProhibit',
  'shippingPriceConfig',
  'vehicleTypeAdjustPercent',
  'vehicleDateSlot',
  'vehicleUtilizationThresholds',
  'appUser',
  'appRoleGroup',
  'region',
  'file',
] as const;

export type EntityName = (typeof ENTITY_NAMES)[number];

const known: ReadonlySet<string> = new Set(ENTITY_NAMES);

/** Narrows a name that arrives at run time (a URL, a search answer) to a declared entity's. */
export function isEntityName(name: string): name is EntityName {
  return known.has(name);
}
