/** The DO booking API's answers as the screens read them (docs/api.md, apps/server/src/booking). */

export interface SlotUtilization {
  readonly weightPercent: number;
  readonly volumePercent: number;
  readonly hourPercent: number;
  readonly percent: number;
  readonly status: string;
  readonly statusLabel: string;
  readonly colour: string;
}

export interface AllocationLine {
  readonly deliveryOrderId: string;
  readonly lineId: string;
  readonly articleId?: string;
  readonly qty: number;
  readonly usedWeight: number;
  readonly usedVolume: number;
  readonly usedMinute: number;
}

export interface Allocation {
  readonly slotId: string;
  readonly date: string;
  readonly shiftOfDayId: string;
  readonly shiftName: string;
  /** The shift's hours (`HH:mm`); the delivery time must lie between them. */
  readonly shiftStartTime: string;
  readonly shiftEndTime: string;
  readonly timeSlotCode: string | null;
  readonly vehicleTypeId: string;
  readonly vehicleTypeName: string;
  readonly vehicles: number;
  readonly lines: readonly AllocationLine[];
  readonly usedWeight: number;
  readonly usedVolume: number;
  readonly usedMinute: number;
  readonly distanceKm: number;
  readonly slotAfter: SlotUtilization;
  readonly fee: number | null;
}

export interface BookingOption {
  readonly rank: number;
  readonly allocations: readonly Allocation[];
  readonly completionDate: string;
  readonly vehicles: number;
  readonly fee: number | null;
}

export interface WhyNot {
  readonly date: string;
  readonly vehicleTypeId: string;
  readonly rule: string;
  readonly ruleLabel: string;
  readonly message: string;
}

/** Whether anything can be booked on a day (not: whether an option uses it), and the rule when not. */
export interface DayStatus {
  readonly date: string;
  readonly bookable: boolean;
  readonly rule: string | null;
  readonly ruleLabel: string | null;
  readonly message: string | null;
}

export interface Suggestion {
  readonly earliestDate: string;
  readonly from: string;
  readonly to: string;
  readonly distanceKm: number | null;
  readonly options: readonly BookingOption[];
  readonly whyNot: readonly WhyNot[];
  readonly days: readonly DayStatus[];
  readonly problem: string | null;
}

/** A slot Fine Tune may move an allocation to (`GET doBooking/slots`): what it has left now, the first rule it breaks. */
export interface SlotChoice {
  readonly slotId: string;
  readonly date: string;
  readonly shiftOfDayId: string;
  readonly shiftName: string;
  readonly shiftStartTime: string;
  readonly shiftEndTime: string;
  readonly timeSlotCode: string | null;
  readonly vehicleTypeId: string;
  readonly vehicleTypeName: string;
  readonly vehicles: number;
  readonly remaining: Amounts;
  readonly utilization: SlotUtilization;
  readonly ruleBreak: { readonly rule: string; readonly ruleLabel: string; readonly message: string } | null;
}

export interface SlotChoices {
  readonly from: string | null;
  readonly to: string | null;
  readonly slots: readonly SlotChoice[];
  readonly problem: string | null;
}

/** What the planner asked for in Info: kept in the draft so every later step (and a reload) has it. */
export interface BookingRequest {
  readonly deliveryOrderIds: readonly string[];
  readonly shipToId: string;
  readonly shipCondId: string;
  readonly wantedDate?: string | null;
  readonly special?: boolean;
}

export interface DraftLine {
  readonly deliveryOrderId: string;
  readonly lineId: string;
  readonly qty: number;
}

export interface DraftAllocation {
  readonly slotId: string;
  readonly vehicles: number;
  readonly deliveryTime?: string | null;
  readonly lines: readonly DraftLine[];
}

export type EvaluatedAllocation =
  | { readonly ok: true; readonly allocation: Allocation; readonly deliveryTime: string | null }
  | {
      readonly ok: false;
      readonly index: number;
      readonly rule: string;
      readonly message: string;
      readonly slotId: string;
    };

export interface DraftAnswer {
  readonly draft: {
    readonly id: string;
    readonly request: BookingRequest;
    readonly allocations: readonly DraftAllocation[];
    readonly version: number;
  };
  readonly evaluation: {
    readonly allocations: readonly EvaluatedAllocation[];
    readonly ok: boolean;
    readonly uncovered: readonly string[];
    readonly totals: {
      readonly weight: number;
      readonly volume: number;
      readonly minute: number;
      readonly vehicles: number;
      readonly fee: number;
    };
  };
}

export interface ConfirmAnswer {
  readonly id: string;
  readonly totals?: DraftAnswer['evaluation']['totals'];
}

/** An unbooked DO from the generic list (`GET deliveryOrder?isBookingEq=false`). */
export interface UnbookedDo {
  readonly id: string;
  readonly docNo: string;
  readonly customerId: string;
  readonly customerLabel?: string;
  readonly soShipToId: string | null;
  readonly soShipToLabel?: string;
  readonly shipCondId: string;
  readonly shipCondLabel?: string;
  readonly articleUomLabel?: string;
  readonly deliveryAt?: string | null;
  readonly qty?: number | null;
  readonly weight: number;
  readonly volume: number;
}

export interface Amounts {
  readonly weight: number;
  readonly volume: number;
  readonly minute: number;
}

export interface CalendarCell {
  readonly date: string;
  readonly shiftOfDayId: string;
  readonly shiftName: string;
  readonly vehicleTypeId: string;
  readonly vehicleTypeName: string;
  readonly vehicles: number;
  readonly capacity: Amounts;
  readonly used: Amounts;
  readonly weightPercent: number;
  readonly volumePercent: number;
  readonly hourPercent: number;
  readonly status: string;
  readonly statusLabel: string;
  readonly colour: string;
}

export interface CellBooking {
  readonly id: string;
  readonly docNo: string;
  readonly callStatus: string;
  readonly customerLabel: string | null;
  readonly shipToLabel: string | null;
}

/** One change of a booking, pushed by the server (`event: booking`). */
export interface BookingEvent {
  readonly branchId: string;
  readonly kind: string;
  readonly bookingId: string;
  readonly slotIds: readonly string[];
  readonly dates: readonly string[];
}

export type WizardStep = 'info' | 'suggestion' | 'fineTune' | 'summary';
