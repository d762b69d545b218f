import { ENTITY_NAMES, type EntityName } from '../entity/names.ts';
import type { EntityHead, RouteStyle } from '../entity/types.ts';

/**
 * Every entity's head (`EntityHead`): name, title, pages, roles, branch and menu place, without
 * its fields. What the staff shell needs of an entity — the sidebar, the route table, who may
 * open which page — is here, so the shell loads this module and not the declarations (issue 41:
 * the declarations with their fields were ≈ 14 kB gzip of the shell). Each declaration spreads
 * its head (`defineEntity({ ...entityHeads.province, fields: … })`): a head is written once, here.
 */

type HeadInput<N extends EntityName> = Omit<EntityHead<N>, 'path' | 'routeStyle'> & {
  readonly path?: string;
  readonly routeStyle?: RouteStyle;
};

/** A head with the usual filled in: the list at `/name`, CRUD pages. */
export const entityHead = <const N extends EntityName>(input: HeadInput<N>): EntityHead<N> => ({
  path: `/${input.name}`,
  routeStyle: 'crud',
  ...input,
});

export const entityHeads = {
  // declared in geography.ts
  region: entityHead({
    name: 'region',
    title: 'ภาค',
    // The spec gives region no role pair: it is managed with provinces, under PROVINCE's roles.
    permission: 'PROVINCE',
    branchOwned: false,
    menuGroup: null,
    icon: 'globe',
  }),
  province: entityHead({
    name: 'province',
    title: 'จังหวัด',
    permission: 'PROVINCE',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'map',
  }),
  district: entityHead({
    name: 'district',
    title: 'อำเภอ/เขต',
    permission: 'DISTRICT',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'layers',
  }),
  subDistrict: entityHead({
    name: 'subDistrict',
    title: 'ตำบล/แขวง',
    permission: 'SUB_DISTRICT',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'map-pin',
  }),
  // declared in documents.ts
  so: entityHead({
    name: 'so',
    title: 'รายการใบสั่งขาย',
    permission: 'SO',
    branchOwned: true,
    menuGroup: 'so',
    icon: 'file-text',
  }),
  bo: entityHead({
    name: 'bo',
    title: 'รายการใบจอง BO',
    permission: 'BO',
    branchOwned: true,
    menuGroup: 'bo',
    icon: 'clipboard',
  }),
  deliveryOrder: entityHead({
    name: 'deliveryOrder',
    title: 'รายการใบส่งสินค้า',
    permission: 'DELIVERY_ORDER',
    branchOwned: true,
    menuGroup: 'deliveryOrder',
    icon: 'package',
  }),
  deliveryOrderReport: entityHead({
    name: 'deliveryOrderReport',
    title: 'DO Report',
    routeStyle: 'listOnly',
    // Spec §6: the DO report needs ROLE_ADMIN or ROLE_BOOKING_REPORT_READ, the BOOKING_REPORT read set.
    permission: 'BOOKING_REPORT',
    branchOwned: true,
    menuGroup: 'deliveryOrder',
    icon: 'bar-chart',
    // A report over delivery orders and their bookings: nothing to create or edit.
    readOnlyEntity: true,
  }),
  // declared in booking.ts
  bookingReport: entityHead({
    name: 'bookingReport',
    title: 'รายงานการจอง',
    // Only ROLE_BOOKING_REPORT_READ exists: edits are the admin's; bookings are made through DO Booking.
    permission: 'BOOKING_REPORT',
    branchOwned: true,
    menuGroup: 'booking',
    icon: 'clipboard-list',
    actions: ['changeCallStatus'],
  }),
  // declared in deliveryStops.ts
  deliveryStopReport: entityHead({
    name: 'deliveryStopReport',
    title: 'จุดส่ง',
    routeStyle: 'listOnly',
    // Stops are a shipment's: whoever reads shipments reads them.
    permission: 'SHIPMENT',
    branchOwned: true,
    menuGroup: 'deliveryOrder',
    icon: 'map-pin',
    // What happened at the door, recorded by the driver's phone: nothing to create or edit here.
    readOnlyEntity: true,
  }),
  // declared in shipment.ts
  shipment: entityHead({
    name: 'shipment',
    title: 'การขนส่ง (Shipment)',
    permission: 'SHIPMENT',
    branchOwned: true,
    menuGroup: 'deliveryOrder',
    icon: 'truck',
  }),
  // declared in vehicles.ts
  vehicle: entityHead({
    name: 'vehicle',
    title: 'ยานพาหนะ',
    permission: 'VEHICLE',
    branchOwned: true,
    menuGroup: 'masterData',
    icon: 'truck',
  }),
  vehicleType: entityHead({
    name: 'vehicleType',
    title: 'ประเภทรถ',
    permission: 'VEHICLE_TYPE',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'truck',
  }),
  vehicleGroup: entityHead({
    name: 'vehicleGroup',
    title: 'กลุ่มรถ',
    permission: 'VEHICLE_GROUP',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'boxes',
  }),
  vehicleTypeAdjustPercent: entityHead({
    name: 'vehicleTypeAdjustPercent',
    title: 'การปรับการใช้รถ',
    permission: 'VEHICLE_TYPE_ADJUST_PERCENT',
    branchOwned: true,
    menuGroup: 'masterData',
    icon: 'percent',
  }),
  // declared in branch.ts
  branch: entityHead({
    name: 'branch',
    title: 'สาขา',
    permission: 'BRANCH',
    // A branch is the owner of branch data, not owned by one.
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'building',
  }),
  // declared in logistics.ts
  shipCond: entityHead({
    name: 'shipCond',
    title: 'Ship Cond',
    permission: 'SHIP_COND',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'navigation',
  }),
  routeConfig: entityHead({
    name: 'routeConfig',
    title: 'เส้นทาง (Ship Cond 29)',
    permission: 'ROUTE_CONFIG',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'route',
  }),
  shiftOfDay: entityHead({
    name: 'shiftOfDay',
    title: 'กะของวัน',
    permission: 'SHIFT_OF_DAY',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'clock',
  }),
  timeSlotCode: entityHead({
    name: 'timeSlotCode',
    title: 'Time Slot Code',
    permission: 'TIME_SLOT_CODE',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'clock',
  }),
  truckBanConfig: entityHead({
    name: 'truckBanConfig',
    title: 'พื้นที่ห้ามวิ่ง',
    permission: 'TRUCK_BAN_CONFIG',
    branchOwned: true,
    menuGroup: 'masterData',
    icon: 'ban',
  }),
  shippingPriceConfig: entityHead({
    name: 'shippingPriceConfig',
    title: 'ราคาค่าขนส่งรถที่แนะนำ',
    permission: 'SHIPPING_PRICE_CONFIG',
    // One price list for the company: product.md's branch-owned list does not include it.
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'coins',
  }),
  warehouse: entityHead({
    name: 'warehouse',
    title: 'คลังสินค้า',
    permission: 'WAREHOUSE',
    // Storage locations are a shared code list (the DO's sloc), not one branch's data.
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'warehouse',
  }),
  shipTo: entityHead({
    name: 'shipTo',
    title: 'สถานที่ส่งสินค้า',
    permission: 'SHIP_TO',
    // A customer's delivery place is served by whichever branch books it.
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'map-pinned',
  }),
  // declared in articles.ts
  articleUomType: entityHead({
    name: 'articleUomType',
    title: 'กลุ่มสินค้าพิเศษ',
    permission: 'ARTICLE_UOM_TYPE',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'tags',
  }),
  articleTypeProhibit: entityHead({
    name: 'articleTypeProhibit',
    title: 'กลุ่มสินค้าที่ไม่ควรไปด้วยกัน',
    permission: 'ARTICLE_TYPE_PROHIBIT',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'shield-alert',
  }),
  unit: entityHead({
    name: 'unit',
    title: 'หน่วย',
    permission: 'UNIT',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'ruler',
  }),
  uom: entityHead({
    name: 'uom',
    title: 'หน่วยนับสินค้า',
    permission: 'UOM',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'scale',
  }),
  article: entityHead({
    name: 'article',
    title: 'สินค้า',
    permission: 'ARTICLE',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'package',
  }),
  // declared in parties.ts
  customer: entityHead({
    name: 'customer',
    title: 'ลูกค้า',
    permission: 'CUSTOMER',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'store',
  }),
  contractor: entityHead({
    name: 'contractor',
    title: 'ผู้รับเหมาขนส่ง',
    permission: 'CONTRACTOR',
    branchOwned: false,
    menuGroup: 'masterData',
    icon: 'hard-hat',
  }),
  driver: entityHead({
    name: 'driver',
    title: 'คนขับรถ',
    permission: 'DRIVER',
    // Drivers drive a branch's vehicles and are assigned to its shipments: they belong to the branch.
    branchOwned: true,
    menuGroup: 'masterData',
    icon: 'id-card',
  }),
  // declared in settings.ts
  vehicleDateSlot: entityHead({
    name: 'vehicleDateSlot',
    title: 'จำนวนรถที่พร้อมใช้ตามวัน',
    permission: 'VEHICLE_DATE_SLOT',
    branchOwned: true,
    menuGroup: 'settings',
    icon: 'calendar-clock',
  }),
  vehicleUtilizationThresholds: entityHead({
    name: 'vehicleUtilizationThresholds',
    title: 'สถานะการใช้รถ',
    permission: 'VEHICLE_UTILIZATION_THRESHOLDS',
    // Bands are company-wide: product.md's branch-owned list does not include them.
    branchOwned: false,
    menuGroup: 'settings',
    icon: 'gauge',
  }),
  // declared in admin.ts
  appUser: entityHead({
    name: 'appUser',
    title: 'ผู้ใช้งาน',
    routeStyle: 'crudQueryId',
    permission: 'APP_USER',
    branchOwned: false,
    menuGroup: 'admin',
    icon: 'user',
    actions: ['resetPassword'],
    closedToApiKeys: true,
  }),
  appRoleGroup: entityHead({
    name: 'appRoleGroup',
    title: 'กลุ่มสิทธิ์',
    routeStyle: 'crudQueryId',
    // No ROLE_APP_ROLE_GROUP_* roles exist: the prefix resolves to ROLE_ADMIN only (spec §6).
    permission: 'APP_ROLE_GROUP',
    branchOwned: false,
    menuGroup: 'admin',
    icon: 'shield',
    closedToApiKeys: true,
  }),
  file: entityHead({
    name: 'file',
    title: 'ไฟล์',
    // API path segment only: files have no pages, they are reached through the fields that hold them.
    routeStyle: 'listOnly',
    // No role (spec §7): any signed-in user uploads; which files they read, the server decides per file (docs/security.md "Files").
    permission: '',
    branchOwned: false,
    menuGroup: null,
    icon: 'file',
    // Written by the upload calls (spec §7), never through entity CRUD.
    readOnlyEntity: true,
  }),
} as const satisfies { readonly [N in EntityName]: EntityHead<N> };

/** Every entity's head, in the sidebar's order (`ENTITY_NAMES`), as `entities` lists the declarations. */
export const entityHeadList: readonly EntityHead[] = ENTITY_NAMES.map((name) => entityHeads[name]);

/** An entity given by name, head or declaration (a declaration is a head). */
export type EntityHeadRef = EntityHead | EntityName;

export function resolveHead(entity: EntityHeadRef): EntityHead {
  if (typeof entity !== 'string') return entity;
  const found = entityHeads[entity] as EntityHead | undefined;
  // Only a name that bypassed the compiler (a cast, an `any`) gets here unknown.
  if (!found) throw new Error(`Unknown entity "${entity}". Known entities: ${ENTITY_NAMES.join(', ')}`);
  return found;
}
