import Type, { type Static } from 'typebox';
import { callStatusOptions, utilizationStatusOptions } from '../entities/options.ts';
import {
  Amounts,
  BranchQuery,
  IdParams,
  IsoDate,
  List,
  NoContent,
  Nullable,
  operation,
  TimeOfDay,
  Uuid,
} from './common.ts';

/** DO booking (docs/booking.md): suggestion, drafts, fine tune, summary, confirm, cancel, call status. */

/**
 * The hard rules, in the order the engine tests them; the first failing one is reported. `CLOSED`:
 * the shift's plan is frozen (a truck of that branch, day and shift has checked in), so no booking
 * goes into it or is moved out of it (docs/booking.md "Closed shifts").
 */
export const bookingRuleCodes = [
  'SLA',
  'DISTANCE',
  'VEHICLE_TYPE',
  'ROUTE',
  'BAN',
  'CLOSED',
  'DELIVERY_TIME',
  'PROHIBITED',
  'SPLIT',
  'CAPACITY',
] as const;
export const RuleCode = Type.Enum(bookingRuleCodes);
export type RuleCode = Static<typeof RuleCode>;

export const UtilizationStatus = Type.Enum(utilizationStatusOptions.map((option) => option.value));

/** Thai reasons a set of DOs cannot be booked together (the Info step says them before the server must). */
export const bookingRequestMessages = {
  noShipTo: 'ใบส่งสินค้าบางใบไม่มีสถานที่ส่งสินค้า จึงจองไม่ได้',
  shipTos: 'ใบส่งสินค้าที่เลือกมีสถานที่ส่งสินค้าต่างกัน จองรวมกันไม่ได้ กรุณาเลือกเฉพาะที่ส่งไปที่เดียวกัน',
  shipConds: 'ใบส่งสินค้าที่เลือกมี Ship Cond ต่างกัน จองรวมกันไม่ได้ กรุณาเลือกเฉพาะ Ship Cond เดียวกัน',
  otherShipTo: (docNos: string) => `ใบส่งสินค้า ${docNos} ไม่ได้ส่งไปยังสถานที่ส่งสินค้าที่เลือก จองรวมกันไม่ได้`,
  otherShipCond: (docNos: string) => `ใบส่งสินค้า ${docNos} ไม่ได้ใช้ Ship Cond ที่เลือก จองรวมกันไม่ได้`,
  booked: (docNos: string) => `ใบส่งสินค้า ${docNos} ถูกจองไปแล้ว`,
  unknownOrders: 'ไม่พบใบส่งสินค้าบางใบในสาขานี้',
  unknownShipTo: 'ไม่พบสถานที่ส่งสินค้าที่เลือก',
  unknownShipCond: 'ไม่พบ Ship Cond ที่เลือก',
} as const;

// ---- What the planner sends ----

/** What the planner asked for in Info: kept in the draft so every later step (and a reload) has it. */
export const BookingRequest = Type.Object({
  deliveryOrderIds: List(Uuid, { minItems: 1, maxItems: 500 }),
  shipToId: Uuid,
  shipCondId: Uuid,
  wantedDate: Type.Optional(Nullable(IsoDate)),
  special: Type.Optional(Type.Boolean({ default: false })),
});
export type BookingRequest = Static<typeof BookingRequest>;

export const DraftLine = Type.Object({
  deliveryOrderId: Uuid,
  lineId: Uuid,
  qty: Type.Number({ exclusiveMinimum: 0 }),
});
export type DraftLine = Static<typeof DraftLine>;

export const DraftAllocation = Type.Object({
  slotId: Uuid,
  vehicles: Type.Integer({ minimum: 1, maximum: 1000 }),
  /** Planned time at the customer, within the shift (HH:mm). */
  deliveryTime: Type.Optional(Nullable(TimeOfDay)),
  lines: List(DraftLine, { maxItems: 500 }),
});
export type DraftAllocation = Static<typeof DraftAllocation>;
const DraftAllocations = List(DraftAllocation, { maxItems: 200 });

// ---- What the engine answers ----

/** A slot's fullness and its status band (booking.md Utilization status). */
export const Utilization = Type.Object({
  weightPercent: Type.Number(),
  volumePercent: Type.Number(),
  hourPercent: Type.Number(),
  /** The highest of the three. */
  percent: Type.Number(),
  status: UtilizationStatus,
  statusLabel: Type.String(),
  colour: Type.String(),
});
export type Utilization = Static<typeof Utilization>;

export const SlotAfter = Type.Object({
  ...Utilization.properties,
  capacity: Amounts,
  used: Amounts,
  remaining: Amounts,
});
export type SlotAfter = Static<typeof SlotAfter>;

export const AllocatedLine = Type.Object({
  deliveryOrderId: Uuid,
  lineId: Uuid,
  articleId: Uuid,
  qty: Type.Number(),
  usedWeight: Type.Number(),
  usedVolume: Type.Number(),
  /** Installation minutes; the first line of each vehicle also carries that vehicle's trip minutes. */
  usedMinute: Type.Number(),
});
export type AllocatedLine = Static<typeof AllocatedLine>;

export const VehicleLoad = Type.Object({
  lines: List(AllocatedLine),
  usedWeight: Type.Number(),
  usedVolume: Type.Number(),
  usedMinute: Type.Number(),
});
export type VehicleLoad = Static<typeof VehicleLoad>;

/** What a planner reads of a slot's shift: name, hours (`HH:mm`), priority and time slot code. */
const ShiftFields = {
  shiftName: Type.String(),
  shiftPriority: Type.Number(),
  /** The shift's hours (`HH:mm`): the delivery time must lie between them (fine tune). */
  shiftStartTime: Type.String(),
  shiftEndTime: Type.String(),
  timeSlotCode: Nullable(Type.String()),
};

/** One slot of an option or a draft: its vehicles, what they carry, the slot after it. */
export const Allocation = Type.Object({
  slotId: Uuid,
  date: IsoDate,
  shiftOfDayId: Uuid,
  ...ShiftFields,
  vehicleTypeId: Uuid,
  vehicleTypeName: Type.String(),
  vehicles: Type.Integer(),
  loads: List(VehicleLoad),
  /** One row per DO line carried (summed over vehicles): what the server writes as booking lines. */
  lines: List(AllocatedLine),
  usedWeight: Type.Number(),
  usedVolume: Type.Number(),
  usedMinute: Type.Number(),
  distanceKm: Type.Number(),
  /** One vehicle's load, unload, waiting and travel minutes: what the booking stores (× vehicles). */
  loadMinute: Type.Number(),
  unloadMinute: Type.Number(),
  waitingMinute: Type.Number(),
  travelMinute: Type.Number(),
  /** load + unload + wait + travel of one vehicle. */
  tripMinute: Type.Number(),
  /** The slot after this booking. */
  slotAfter: SlotAfter,
  /** Baht for all the vehicles; null when the vehicle type has no price. */
  fee: Nullable(Type.Number()),
});
export type Allocation = Static<typeof Allocation>;

export const BookingOption = Type.Object({
  /** 1 = best. */
  rank: Type.Integer(),
  allocations: List(Allocation),
  /** The day the last allocation is delivered: when the whole order has arrived. */
  completionDate: IsoDate,
  firstDate: IsoDate,
  vehicles: Type.Integer(),
  /** Baht; null when a vehicle type used has no price. */
  fee: Nullable(Type.Number()),
  /** How full the option's own vehicles are: the tighter of weight and volume, %. */
  fillPercent: Type.Number(),
  /** Priority of the first allocation's shift (lower first). */
  shiftPriority: Type.Number(),
});
export type BookingOption = Static<typeof BookingOption>;

/** An option's allocations as a draft stores them (the wizard's choice, the demo's seeding). */
export function draftAllocationsOf(option: BookingOption): DraftAllocation[] {
  return option.allocations.map((allocation) => ({
    slotId: allocation.slotId,
    vehicles: allocation.vehicles,
    lines: allocation.lines.map(({ deliveryOrderId, lineId, qty }) => ({ deliveryOrderId, lineId, qty })),
  }));
}

/** Why a day is not offered: per day and vehicle type, the first rule that ruled it out. */
export const WhyNot = Type.Object({
  date: IsoDate,
  vehicleTypeId: Uuid,
  vehicleTypeName: Type.String(),
  rule: RuleCode,
  ruleLabel: Type.String(),
  /** Thai, for the planner. */
  message: Type.String(),
});
export type WhyNot = Static<typeof WhyNot>;

/** Whether anything can be booked on a day (not: whether an option uses it), and the rule when not. */
export const DayStatus = Type.Object({
  date: IsoDate,
  bookable: Type.Boolean(),
  rule: Nullable(RuleCode),
  ruleLabel: Nullable(Type.String()),
  /** Thai, for the planner; null when bookable. */
  message: Nullable(Type.String()),
});
export type DayStatus = Static<typeof DayStatus>;

export const Suggestion = Type.Object({
  earliestDate: Nullable(IsoDate),
  /** The days searched. */
  from: Nullable(IsoDate),
  to: Nullable(IsoDate),
  distanceKm: Nullable(Type.Number()),
  options: List(BookingOption),
  whyNot: List(WhyNot),
  /** Per day searched: can any allocation be made that day (not: is it among the options). */
  days: List(DayStatus),
  /** Set when the request itself cannot be served (no vehicle type, nothing to book). */
  problem: Nullable(Type.String()),
});
export type Suggestion = Static<typeof Suggestion>;

/** A slot Fine Tune may move an allocation to (`GET doBooking/slots`): what it has left now, the first rule it breaks. */
export const SlotChoice = Type.Object({
  slotId: Uuid,
  date: IsoDate,
  shiftOfDayId: Uuid,
  ...ShiftFields,
  vehicleTypeId: Uuid,
  vehicleTypeName: Type.String(),
  /** Vehicles this booking may use in the slot. */
  vehicles: Type.Integer(),
  /** Left by confirmed bookings (a draft's own allocations are not counted). */
  remaining: Amounts,
  /** The slot as it stands, before this booking. */
  utilization: Utilization,
  /** The first rule (SLA … capacity) the slot breaks for this order, or null. */
  ruleBreak: Nullable(Type.Object({ rule: RuleCode, ruleLabel: Type.String(), message: Type.String() })),
});
export type SlotChoice = Static<typeof SlotChoice>;

export const SlotChoices = Type.Object({
  from: Nullable(IsoDate),
  to: Nullable(IsoDate),
  /** Chronological, as the suggestion searches them. */
  slots: List(SlotChoice),
  problem: Nullable(Type.String()),
});
export type SlotChoices = Static<typeof SlotChoices>;

/** A draft allocation re-checked: the engine's allocation, or the first rule it breaks (`INPUT`: not a rule, a bad edit). */
export const EvaluatedAllocation = Type.Union([
  Type.Object({ ok: Type.Literal(true), allocation: Allocation, deliveryTime: Nullable(Type.String()) }),
  Type.Object({
    ok: Type.Literal(false),
    index: Type.Integer(),
    rule: Type.Union([RuleCode, Type.Literal('INPUT')]),
    message: Type.String(),
    slotId: Uuid,
  }),
]);
export type EvaluatedAllocation = Static<typeof EvaluatedAllocation>;

export const DraftTotals = Type.Object({
  weight: Type.Number(),
  volume: Type.Number(),
  minute: Type.Number(),
  vehicles: Type.Number(),
  fee: Type.Number(),
});
export type DraftTotals = Static<typeof DraftTotals>;

export const Evaluation = Type.Object({
  allocations: List(EvaluatedAllocation),
  /** Every allocation passes every rule and the DOs are booked in full. */
  ok: Type.Boolean(),
  /** DOs whose quantity is not fully allocated (Thai). */
  uncovered: List(Type.String()),
  totals: DraftTotals,
});
export type Evaluation = Static<typeof Evaluation>;

/** The draft as stored (the request with its defaults filled in) and its evaluation now. */
export const DraftAnswer = Type.Object({
  draft: Type.Object({
    id: Uuid,
    request: Type.Object({
      ...BookingRequest.properties,
      wantedDate: Nullable(IsoDate),
      special: Type.Boolean(),
    }),
    allocations: DraftAllocations,
    version: Type.Integer(),
  }),
  evaluation: Evaluation,
});
export type DraftAnswer = Static<typeof DraftAnswer>;

/** The booking made: its id (its page) and its number (`BK20261125000042`), and what it holds. */
export const ConfirmAnswer = Type.Object({ id: Uuid, docNo: Type.String(), totals: DraftTotals });
export type ConfirmAnswer = Static<typeof ConfirmAnswer>;

/** A confirm refused by what others did meanwhile (409): the DOs were booked, or the capacity is gone (then `remaining`: what the slot has left). */
export const ConfirmConflict = Type.Object({
  messages: List(Type.String()),
  remaining: Type.Optional(Amounts),
});
export type ConfirmConflict = Static<typeof ConfirmConflict>;

const DraftQuery = Type.Object({ id: Uuid, branchId: Uuid });

export const bookingApi = {
  suggestion: operation({
    method: 'POST',
    url: '/doBooking/suggestion',
    schema: { querystring: BranchQuery, body: BookingRequest, response: { 200: Suggestion } },
  }),
  createDraft: operation({
    method: 'POST',
    url: '/doBooking/draft',
    schema: {
      querystring: BranchQuery,
      body: Type.Object({ ...BookingRequest.properties, allocations: Type.Optional(DraftAllocations) }),
      response: { 201: DraftAnswer },
    },
  }),
  fineTune: operation({
    method: 'GET',
    url: '/doBooking/fineTune',
    schema: { querystring: DraftQuery, response: { 200: DraftAnswer } },
  }),
  slots: operation({
    method: 'GET',
    url: '/doBooking/slots',
    schema: { querystring: DraftQuery, response: { 200: SlotChoices } },
  }),
  saveAllocations: operation({
    method: 'PUT',
    url: '/doBooking/fineTune',
    schema: {
      querystring: DraftQuery,
      body: Type.Object({ version: Type.Integer(), allocations: DraftAllocations }),
      response: { 200: DraftAnswer },
    },
  }),
  summary: operation({
    method: 'GET',
    url: '/doBooking/summary',
    schema: { querystring: DraftQuery, response: { 200: DraftAnswer } },
  }),
  deleteDraft: operation({
    method: 'DELETE',
    url: '/doBooking/draft',
    schema: { querystring: DraftQuery, response: { 204: NoContent } },
  }),
  confirm: operation({
    method: 'POST',
    url: '/doBooking/confirm',
    schema: { querystring: DraftQuery, response: { 201: ConfirmAnswer, 409: ConfirmConflict } },
  }),
  cancel: operation({
    method: 'POST',
    url: '/bookingReport/:id/cancel',
    schema: {
      params: IdParams,
      querystring: BranchQuery,
      body: Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }),
      response: { 200: Type.Object({ id: Uuid, alreadyCanceled: Type.Boolean() }) },
    },
  }),
  changeCallStatus: operation({
    method: 'PUT',
    url: '/bookingReport/:id/callStatus',
    schema: {
      params: IdParams,
      querystring: BranchQuery,
      body: Type.Object({ callStatus: Type.Enum(callStatusOptions.map((option) => option.value)) }),
      response: { 200: Type.Object({ id: Uuid, callStatus: Type.String() }) },
    },
  }),
};
