import type { BanDayPattern } from '@lms/domain';

/**
 * The data the booking engine reads, as plain objects mirroring the entity declarations of
 * `@lms/domain` (field names kept). The server loads one `BookingWorld` from PostgreSQL per call.
 */

export type Id = string;
/** A calendar day `yyyy-MM-dd` (no zone). */
export type IsoDate = string;
/** A time of day `HH:mm` or `HH:mm:ss`. */
export type TimeOfDay = string;

export type UtilizationStatus = 'AVAILABLE' | 'NORMAL' | 'NEARLY_FULL' | 'FULL';

export interface VehicleDateSlot {
  readonly id: Id;
  readonly branchId: Id;
  readonly shiftDate: IsoDate;
  readonly shiftOfDayId: Id;
  readonly vehicleTypeId: Id;
  readonly shipCondId: Id;
  /** Only for the route-based ship cond (code 29): a row of the route's `routeConfig`. */
  readonly routeConfigId?: Id | null;
  readonly total: number;
  readonly special?: number | null;
}

export interface VehicleType {
  readonly id: Id;
  readonly code: string;
  readonly name: string;
  /** kg */
  readonly maxCapacityWeight: number;
  /** m³ */
  readonly maxCapacityVolume: number;
  readonly notValidForPlanning?: boolean | null;
  readonly special?: boolean | null;
}

export interface ShipCond {
  readonly id: Id;
  readonly code: string;
  readonly name: string;
  /** shipCondVehicleType: the vehicle types allowed to deliver under this ship cond. */
  readonly vehicleTypeIds: readonly Id[];
  /** Days from today before booking can start. */
  readonly sla: number;
  /** km; null = no limit. */
  readonly maxDistance?: number | null;
}

export interface TimeSlotCode {
  readonly id: Id;
  readonly code: string;
  readonly name: string;
}

export interface ShiftOfDay {
  readonly id: Id;
  readonly name: string;
  readonly startTime: TimeOfDay;
  readonly endTime: TimeOfDay;
  readonly active?: boolean | null;
  /** Lower first. */
  readonly priority?: number | null;
  readonly timeSlotCodeId?: Id | null;
  /** Minutes one vehicle can work in the shift. */
  readonly totalMinute: number;
}

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

export interface Branch {
  readonly id: Id;
  readonly code: string;
  readonly name: string;
  readonly lat?: number | null;
  readonly lon?: number | null;
  readonly vehicleTypeSettings: readonly BranchVehicleTypeSetting[];
}

export interface VehicleTypeAdjustPercent {
  readonly branchId: Id;
  readonly vehicleTypeId: Id;
  readonly bookingWeightAdjustPercent: number;
  readonly bookingVolumeAdjustPercent: number;
}

export interface UtilizationThreshold {
  readonly vehicleTypeId: Id;
  readonly status: UtilizationStatus;
  readonly minWeightPercent: number;
  readonly maxWeightPercent: number;
  readonly minVolumePercent: number;
  readonly maxVolumePercent: number;
  readonly minHourPercent: number;
  readonly maxHourPercent: number;
}

export interface TruckBanConfig {
  readonly id: Id;
  readonly name: string;
  readonly branchId: Id;
  readonly vehicleTypeId: Id;
  readonly subDistrictId: Id;
  readonly startTime: TimeOfDay;
  readonly endTime: TimeOfDay;
  readonly banDayPattern: BanDayPattern;
  readonly bannedWeekdays?: readonly number[] | null;
}

/** One member (UoM type) of the prohibit group named by `code`. */
export interface ArticleTypeProhibit {
  readonly code: string;
  readonly name: string;
  readonly articleUomTypeId: Id;
}

/** One sub-district of the route named by `code`. */
export interface RouteConfig {
  readonly id: Id;
  readonly code: string;
  readonly name: string;
  readonly subDistrictId: Id;
}

export interface ShippingPriceConfig {
  readonly vehicleTypeId: Id;
  readonly minimumFee: number;
  readonly fee75Km: number;
  readonly fee150Km: number;
}

export interface Article {
  readonly id: Id;
  readonly code: string;
  readonly name: string;
  readonly stackVolumePercent?: number | null;
  /** Minutes per unit; counted when set. */
  readonly installationTime?: number | null;
  readonly cannotSplit?: boolean | null;
  readonly noUseCap?: boolean | null;
  readonly articleUomTypeId?: Id | null;
  /** 'vehicle type does not support carrying this article'. */
  readonly unsupportedVehicleTypeIds?: readonly Id[] | null;
}

export interface SubDistrict {
  readonly id: Id;
  readonly lat?: number | null;
  readonly lon?: number | null;
}

export interface ShipTo {
  readonly id: Id;
  readonly code: string;
  readonly name: string;
  readonly subDistrictId: Id;
  readonly lat?: number | null;
  readonly lon?: number | null;
}

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
}
