import type { DateFormatOptions, EntityName, EntityRecord } from '@lms/domain';

/**
 * The data the booking engine reads, as plain objects mirroring the entity declarations of
 * `@lms/domain` (field names kept). The server loads one `BookingWorld` from PostgreSQL per call.
 */

export type Id = string;
/** A calendar day `yyyy-MM-dd` (no zone). */
export type IsoDate = string;
/** A time of day `HH:mm` or `HH:mm:ss`. */
export type TimeOfDay = string;

export type UtilizationStatus = EntityRecord<'vehicleUtilizationThresholds'>['status'];

/**
 * The fields `K` of entity `N`'s record (`EntityRecord`, derived from its declaration), with those
 * in `Set` always present: the server loads only rows where they are (a branch's own slots).
 */
type RecordPart<N extends EntityName, K extends keyof EntityRecord<N>, Set extends K = never> = Pick<
  EntityRecord<N>,
  Exclude<K, Set>
> & { readonly [P in Set]-?: NonNullable<EntityRecord<N>[P]> };

export type VehicleDateSlot = RecordPart<
  'vehicleDateSlot',
  // routeConfigId: only for the route-based ship cond (code 29), a row of the route's routeConfig.
  | 'id'
  | 'branchId'
  | 'shiftDate'
  | 'shiftOfDayId'
  | 'vehicleTypeId'
  | 'shipCondId'
  | 'routeConfigId'
  | 'total'
  | 'special',
  'branchId'
>;

/** Capacities in kg and m³. */
export type VehicleType = RecordPart<
  'vehicleType',
  'id' | 'code' | 'name' | 'maxCapacityWeight' | 'maxCapacityVolume' | 'notValidForPlanning' | 'special',
  'maxCapacityWeight' | 'maxCapacityVolume'
>;

/**
 * `vehicleTypeIds` (the spec's shipCondVehicleType): the vehicle types allowed to deliver under it;
 * `sla`: days from today before booking can start; `maxDistance` km, null = no limit.
 */
export type ShipCond = RecordPart<
  'shipCond',
  'id' | 'code' | 'name' | 'maxDistance' | 'sla' | 'vehicleTypeIds',
  'sla' | 'vehicleTypeIds'
>;

export type TimeSlotCode = RecordPart<'timeSlotCode', 'id' | 'code' | 'name'>;

/** `priority`: lower first; `totalMinute`: minutes one vehicle can work in the shift. */
export type ShiftOfDay = RecordPart<
  'shiftOfDay',
  'id' | 'name' | 'startTime' | 'endTime' | 'active' | 'priority' | 'timeSlotCodeId' | 'totalMinute',
  'totalMinute'
>;

/** Branch child row: how long a trip of this vehicle type under this ship cond takes. */
export interface BranchVehicleTypeSetting {
  readonly vehicleTypeId: Id;
  readonly shipCondId: Id;
  /** Minutes per km. */
  readonly speedPerKm: number;
  readonly loadTime: number;
  readonly unloadTime: number;
  readonly waitTime: number;
}

export type Branch = RecordPart<'branch', 'id' | 'code' | 'name' | 'lat' | 'lon'> & {
  readonly vehicleTypeSettings: readonly BranchVehicleTypeSetting[];
};

export type VehicleTypeAdjustPercent = RecordPart<
  'vehicleTypeAdjustPercent',
  'branchId' | 'vehicleTypeId' | 'bookingWeightAdjustPercent' | 'bookingVolumeAdjustPercent',
  'branchId'
>;

export type UtilizationThreshold = RecordPart<
  'vehicleUtilizationThresholds',
  | 'vehicleTypeId'
  | 'status'
  | 'minWeightPercent'
  | 'maxWeightPercent'
  | 'minVolumePercent'
  | 'maxVolumePercent'
  | 'minHourPercent'
  | 'maxHourPercent'
>;

export type TruckBanConfig = RecordPart<
  'truckBanConfig',
  | 'id'
  | 'name'
  | 'branchId'
  | 'vehicleTypeId'
  | 'subDistrictId'
  | 'startTime'
  | 'endTime'
  | 'banDayPattern'
  | 'bannedWeekdays',
  'branchId'
>;

/** One member (UoM type) of the prohibit group named by `code`. */
export type ArticleTypeProhibit = RecordPart<'articleTypeProhibit', 'code' | 'name' | 'articleUomTypeId'>;

/** One sub-district of the route named by `code`. */
export type RouteConfig = RecordPart<'routeConfig', 'id' | 'code' | 'name' | 'subDistrictId'>;

/** Every row of the price list: the fee uses the one valid on the day (`priceListOn`). */
export type ShippingPriceConfig = RecordPart<
  'shippingPriceConfig',
  'vehicleTypeId' | 'validFrom' | 'minimumFee' | 'fee75Km' | 'fee150Km'
>;

/**
 * `installationTime`: minutes per unit, counted when set; `unsupportedVehicleTypeIds`: "vehicle
 * type does not support carrying this article".
 */
export type Article = RecordPart<
  'article',
  | 'id'
  | 'code'
  | 'name'
  | 'stackVolumePercent'
  | 'installationTime'
  | 'cannotSplit'
  | 'noUseCap'
  | 'articleUomTypeId'
  | 'unsupportedVehicleTypeIds'
>;

export type SubDistrict = RecordPart<'subDistrict', 'id' | 'lat' | 'lon'>;

export type ShipTo = RecordPart<'shipTo', 'id' | 'code' | 'name' | 'subDistrictId' | 'lat' | 'lon'>;

/** A line of a DO: `weight` (kg) and `volume` (m³) are for the whole `qty`. */
export interface DeliveryOrderLine {
  readonly id: Id;
  readonly articleId: Id;
  readonly qty: number;
  readonly weight: number;
  readonly volume: number;
}

export interface DeliveryOrder {
  readonly id: Id;
  readonly docNo: string;
  readonly lines: readonly DeliveryOrderLine[];
}

/** A line of an existing booking that uses a slot's capacity. */
export interface BookedLine {
  readonly slotId: Id;
  readonly usedWeight: number;
  readonly usedVolume: number;
  readonly usedMinute: number;
  /** The booking was cancelled: its capacity is free again. */
  readonly canceled?: boolean | null;
}

/**
 * A branch's shift on one day whose plan is frozen: a truck of it has checked in (docs/booking.md
 * "Closed shifts"). No booking goes into its slots, and none is moved out of them.
 */
export interface ClosedShift {
  readonly branchId: Id;
  readonly shiftDate: IsoDate;
  readonly shiftOfDayId: Id;
  /** The first truck of the shift to check in: its plate (else its shipment's number). */
  readonly truck: string;
  /** When it checked in (Asia/Bangkok). */
  readonly checkedInDate: IsoDate;
  readonly checkedInTime: TimeOfDay;
}

export interface BookingWorld {
  readonly branches: readonly Branch[];
  readonly slots: readonly VehicleDateSlot[];
  readonly vehicleTypes: readonly VehicleType[];
  readonly shipConds: readonly ShipCond[];
  readonly shifts: readonly ShiftOfDay[];
  readonly timeSlotCodes: readonly TimeSlotCode[];
  readonly adjustPercents: readonly VehicleTypeAdjustPercent[];
  readonly thresholds: readonly UtilizationThreshold[];
  readonly truckBans: readonly TruckBanConfig[];
  readonly prohibits: readonly ArticleTypeProhibit[];
  readonly routes: readonly RouteConfig[];
  readonly prices: readonly ShippingPriceConfig[];
  readonly articles: readonly Article[];
  readonly subDistricts: readonly SubDistrict[];
  readonly shipTos: readonly ShipTo[];
  readonly deliveryOrders: readonly DeliveryOrder[];
  readonly bookedLines: readonly BookedLine[];
  /** The shifts of the branch closed to bookings in the days the world covers. */
  readonly closedShifts: readonly ClosedShift[];
}

/** What Order Suggestion is asked. */
export interface SuggestRequest {
  readonly branchId: Id;
  readonly shipToId: Id;
  readonly shipCondId: Id;
  readonly deliveryOrderIds: readonly Id[];
  /** Today: a calendar day, or an instant read in Asia/Bangkok. */
  readonly today: IsoDate | Date;
  readonly wantedDate?: IsoDate | null;
  /** A special booking may also use the vehicles kept for special jobs. */
  readonly special?: boolean;
  /** The reader's era for the days the answer's messages name (`BookingWhere.era`). */
  readonly era?: DateFormatOptions;
}
