import Type, { type Static } from 'typebox';
import {
  type FailureReason,
  failureReasonOptions,
  type StopStatus,
  stopStatusOptions,
  type TripStatus,
  tripOfDay,
  tripStatusOptions,
} from '../entities/deliveryOutcomes.ts';
import { type ProofRequirement, proofRequirementOptions, shipmentStages } from '../entities/options.ts';
import {
  BranchQuery,
  ErrorBody,
  EventStream,
  IdParams,
  IsoDate,
  List,
  Nullable,
  operation,
  TimeOfDay,
  Uuid,
} from './common.ts';

/**
 * To the door (docs/delivery.md): the driver's trip on the phone (a user linked to a driver
 * record, or a trip link bound to one phone), stop events with proof of delivery, positions while
 * the trip runs, the dispatcher's board with live ETAs, the customer's view of the delivery, and a
 * booking's deliveries. Every string and list is bounded (bounds.test.ts walks them).
 */

// ---- Words ----

export { type ProofRequirement, proofRequirementOptions };
/** No setting on the ship-to nor its customer: a signature. */
export const DEFAULT_PROOF_REQUIREMENT: ProofRequirement = 'SIGNATURE';

export { type FailureReason, failureReasonOptions };

/**
 * What happened at a stop, or on the trip (`stage`: a warehouse stage tapped on the phone,
 * CheckIn … ShipStart). arrived → delivered | partial | failed → left.
 */
export const stopEventKinds = [
  { value: 'stage', label: 'บันทึกขั้นตอน' },
  { value: 'arrived', label: 'ถึงจุดส่ง' },
  { value: 'delivered', label: 'ส่งครบ' },
  { value: 'partial', label: 'ส่งได้บางส่วน' },
  { value: 'failed', label: 'ส่งไม่สำเร็จ' },
  { value: 'left', label: 'ออกจากจุดส่ง' },
] as const;
export type StopEventKind = (typeof stopEventKinds)[number]['value'];
export const kindLabelOf = (kind: StopEventKind) => stopEventKinds.find((k) => k.value === kind)!.label;

export { type StopStatus, stopStatusOptions, type TripStatus, tripOfDay, tripStatusOptions };

/** The bounds of what a phone sends (each is also in the schema below). */
export const DELIVERY_BOUNDS = {
  eventsPerCall: 50,
  positionsPerCall: 120,
  photosPerProof: 5,
  quantitiesPerEvent: 100,
  recipientLength: 120,
  reasonTextLength: 300,
  noteLength: 500,
} as const;

export const deliveryMessages = {
  notRunning: 'เที่ยวรถนี้ไม่ได้กำลังส่งสินค้า จึงไม่เก็บตำแหน่ง',
  future: 'เวลาของเหตุการณ์อยู่ในอนาคต กรุณาตรวจสอบเวลาของโทรศัพท์',
  noStop: 'ไม่พบจุดส่งนี้ในเที่ยวรถ',
  stopNeeded: 'กรุณาระบุจุดส่ง',
  stageNeeded: 'กรุณาระบุขั้นตอน',
  stageAtStop: 'การส่งสินค้าเสร็จ (ShipEnd) บันทึกเองเมื่อออกจากจุดส่งสุดท้าย',
  recipient: 'กรุณาระบุชื่อผู้รับสินค้า',
  signature: 'จุดส่งนี้ต้องมีลายเซ็นผู้รับ',
  photo: 'จุดส่งนี้ต้องมีรูปถ่ายอย่างน้อย 1 รูป',
  reason: 'กรุณาเลือกเหตุผลที่ส่งไม่สำเร็จ',
  reasonText: 'กรุณาระบุเหตุผลเมื่อเลือก "อื่น ๆ"',
  quantities: 'กรุณาระบุจำนวนที่ส่งได้ของทุกใบส่งสินค้า',
  quantityRange: (docNo: string, planned: string) => `จำนวนที่ส่งของ ${docNo} ต้องอยู่ระหว่าง 0 ถึง ${planned}`,
  partialNothing: 'ส่งได้บางส่วนต้องมีจำนวนที่ส่งได้มากกว่า 0 และน้อยกว่าจำนวนที่นัดอย่างน้อยหนึ่งใบ',
  unknownFile: 'ไม่พบไฟล์รูปหรือลายเซ็นนี้ในเที่ยวรถ กรุณาอัปโหลดใหม่',
  outcomeTwice: 'จุดส่งนี้บันทึกผลการส่งไว้แล้ว',
  fieldsOfKind: 'ข้อมูลนี้ใช้กับเหตุการณ์ประเภทนี้ไม่ได้',
  linkGone: 'ลิงก์เที่ยวรถนี้หมดอายุหรือถูกยกเลิกแล้ว กรุณาขอลิงก์ใหม่จากผู้จัดรถ',
  linkOtherPhone: 'ลิงก์นี้ถูกเปิดในโทรศัพท์เครื่องอื่นแล้ว กรุณาขอลิงก์ใหม่จากผู้จัดรถ',
  linkPin: 'รหัส PIN ไม่ถูกต้อง',
  linkLocked: 'ใส่รหัส PIN ผิดหลายครั้ง ลิงก์นี้ถูกระงับ กรุณาขอลิงก์ใหม่จากผู้จัดรถ',
  linkInvalid: 'ลิงก์เที่ยวรถไม่ถูกต้องหรือหมดอายุ กรุณาเปิดลิงก์จากผู้จัดรถอีกครั้ง',
  linkNotAllowed: 'ลิงก์เที่ยวรถใช้กับรายการนี้ไม่ได้',
  linkTooMany: 'ลองเปิดลิงก์บ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่',
  noDriverPhone: 'คนขับของเที่ยวรถนี้ไม่มีเบอร์โทรศัพท์ จึงส่งลิงก์ไม่ได้ (แจ้งลิงก์และ PIN ให้คนขับเอง)',
  noDriver: 'เที่ยวรถนี้ยังไม่มีคนขับ',
  tripEnded: 'เที่ยวรถนี้ส่งครบแล้ว',
  replanStarted: (docNo: string) => `เที่ยวรถ ${docNo} เริ่มส่งสินค้าแล้ว จัดแผนใหม่ไม่ได้`,
  nextAfterFailure: 'สาขาจะติดต่อกลับเพื่อนัดส่งใหม่',
  rebooked: (date: string) => `นัดส่งใหม่วันที่ ${date}`,
} as const;

// ---- Shapes ----

/** A phone's fix: WGS 84 degrees and the accuracy radius in metres. */
export const Fix = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lon: Type.Number({ minimum: -180, maximum: 180 }),
    accuracy: Type.Number({ minimum: 0, maximum: 100_000 }),
  },
  { additionalProperties: false },
);
export type Fix = Static<typeof Fix>;

const Instant = Type.String({ format: 'date-time', maxLength: 40 });
const ProofRequirementSchema = Type.Enum(proofRequirementOptions.map((o) => o.value));
const StopStatusSchema = Type.Enum(stopStatusOptions.map((o) => o.value));
const TripStatusSchema = Type.Enum(tripStatusOptions.map((o) => o.value));
const FailureReasonSchema = Type.Enum(failureReasonOptions.map((o) => o.value));
const StageKey = Type.Enum(shipmentStages.map((s) => s.key));

/** A DO of a stop: what is to be delivered, and (after the stop) what was. */
export const StopOrder = Type.Object({
  deliveryOrderId: Uuid,
  docNo: Type.String(),
  article: Nullable(Type.String()),
  qty: Type.Number(),
  delivered: Nullable(Type.Number()),
});
export type StopOrder = Static<typeof StopOrder>;

/** The proof of a stop's outcome, stamped with the phone's time and position. */
export const StopProof = Type.Object({
  kind: Type.Enum(['delivered', 'partial', 'failed']),
  at: Instant,
  position: Nullable(Fix),
  recipient: Nullable(Type.String()),
  signatureFileId: Nullable(Uuid),
  photoFileIds: List(Uuid),
  reason: Nullable(FailureReasonSchema),
  reasonLabel: Nullable(Type.String()),
  reasonText: Nullable(Type.String()),
  note: Nullable(Type.String()),
});
export type StopProof = Static<typeof StopProof>;

/** One stop of a trip as the driver's phone shows it. */
export const DriverStop = Type.Object({
  id: Uuid,
  /** 1, 2, … in the trip's order. */
  seq: Type.Integer(),
  bookingId: Uuid,
  bookingDocNo: Type.String(),
  shipToName: Type.String(),
  address: Nullable(Type.String()),
  /** The ship-to's phone as booked (tap to call). */
  phone: Nullable(Type.String()),
  lat: Nullable(Type.Number()),
  lon: Nullable(Type.Number()),
  /** Opens the phone's navigation app at the stop (null without coordinates). */
  navigationUrl: Nullable(Type.String()),
  windowFrom: Instant,
  windowTo: Instant,
  plannedArrival: Instant,
  plannedDeparture: Instant,
  /** Recomputed from what happened; null once the stop is left. */
  eta: Nullable(Instant),
  /** The ETA falls after the window's end (or the stop was reached after it). */
  late: Type.Boolean(),
  serviceMinutes: Type.Integer(),
  proofRequired: ProofRequirementSchema,
  status: StopStatusSchema,
  arrivedAt: Nullable(Instant),
  leftAt: Nullable(Instant),
  orders: List(StopOrder),
  proof: Nullable(StopProof),
  /** Its booking was cancelled after the plan (as `BoardStop.canceled`): not to be delivered. */
  canceled: Type.Optional(Type.Boolean()),
});
export type DriverStop = Static<typeof DriverStop>;

export const TripStage = Type.Object({
  stage: StageKey,
  plan: Nullable(Instant),
  actual: Nullable(Instant),
});

/** A trip (a shipment) as the driver's phone shows it. */
export const DriverTrip = Type.Object({
  id: Uuid,
  docNo: Type.String(),
  date: IsoDate,
  licensePlate: Nullable(Type.String()),
  driverName: Nullable(Type.String()),
  branchName: Type.String(),
  branchPhone: Nullable(Type.String()),
  status: TripStatusSchema,
  /**
   * The first instant the trip's taps and events are not refused (`tapsOpenAt`: six hours before
   * its shift's start); null without a planned shift. Before it, tomorrow's trip is for reading.
   */
  tapsFrom: Nullable(Instant),
  stages: List(TripStage),
  stops: List(DriverStop),
});
export type DriverTrip = Static<typeof DriverTrip>;

/** A trip in the day's list (the phone's first screen). */
export const DriverTripSummary = Type.Object({
  id: Uuid,
  docNo: Type.String(),
  date: IsoDate,
  licensePlate: Nullable(Type.String()),
  status: TripStatusSchema,
  stops: Type.Integer(),
  done: Type.Integer(),
  start: Nullable(Instant),
});
export type DriverTripSummary = Static<typeof DriverTripSummary>;

/**
 * One event as the phone records it: its own UUID (sent again, recorded once), the phone's time,
 * position and accuracy, and for an outcome the proof.
 */
export const StopEventInput = Type.Object(
  {
    id: Uuid,
    kind: Type.Enum(stopEventKinds.map((k) => k.value)),
    /** The stop (every kind but `stage`). */
    stopId: Type.Optional(Uuid),
    /** The warehouse stage tapped (`stage` only): CheckIn, LoadStart, LoadEnd, ShipCom, ShipStart. */
    stage: Type.Optional(StageKey),
    at: Instant,
    position: Type.Optional(Fix),
    recipient: Type.Optional(Type.String({ maxLength: DELIVERY_BOUNDS.recipientLength })),
    signatureFileId: Type.Optional(Uuid),
    photoFileIds: Type.Optional(List(Uuid, { maxItems: DELIVERY_BOUNDS.photosPerProof })),
    /** Delivered per DO (`partial`; `delivered` may send them, they must then be the planned ones). */
    quantities: Type.Optional(
      List(
        Type.Object(
          { deliveryOrderId: Uuid, qty: Type.Number({ minimum: 0, maximum: 1e9 }) },
          { additionalProperties: false },
        ),
        { maxItems: DELIVERY_BOUNDS.quantitiesPerEvent },
      ),
    ),
    reason: Type.Optional(FailureReasonSchema),
    reasonText: Type.Optional(Type.String({ maxLength: DELIVERY_BOUNDS.reasonTextLength })),
    note: Type.Optional(Type.String({ maxLength: DELIVERY_BOUNDS.noteLength })),
    /**
     * `stage` only: the driver confirmed a time the server asked about (an `ImpliedStage` with
     * `confirmUnusual`), sent as a new event; what cannot be right is refused all the same.
     */
    confirmUnusual: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type StopEventInput = Static<typeof StopEventInput>;

export const EventsBody = Type.Object(
  { events: List(StopEventInput, { minItems: 1, maxItems: DELIVERY_BOUNDS.eventsPerCall }) },
  { additionalProperties: false },
);
export type EventsBody = Static<typeof EventsBody>;

/** What became of one event; `stages` are the shipment stages it implied (recorded, or why not). */
export const EventResult = Type.Object({
  id: Uuid,
  duplicate: Type.Boolean(),
});
export const ImpliedStage = Type.Object({
  stage: StageKey,
  recorded: Type.Boolean(),
  /** Why it was not recorded (Thai), or the question about an unusual time. */
  message: Nullable(Type.String()),
  /**
   * The tapped time is unusual for the shipment's planned day and shift (docs/planning.md "Stage
   * times"): not recorded; `message` asks, and a new `stage` event with `confirmUnusual` records it.
   * A stage the stop events imply is recorded at their time without asking.
   */
  confirmUnusual: Type.Boolean(),
});
export const EventsAnswer = Type.Object({
  results: List(EventResult),
  stages: List(ImpliedStage),
  trip: DriverTrip,
});
export type EventsAnswer = Static<typeof EventsAnswer>;

export const PositionsBody = Type.Object(
  {
    positions: List(Type.Object({ ...Fix.properties, at: Instant }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: DELIVERY_BOUNDS.positionsPerCall,
    }),
  },
  { additionalProperties: false },
);
export type PositionsBody = Static<typeof PositionsBody>;

/** Kept: stored; ignored: closer than the throttle to a kept one, or outside the running trip. */
export const PositionsAnswer = Type.Object({ kept: Type.Integer(), ignored: Type.Integer() });
export type PositionsAnswer = Static<typeof PositionsAnswer>;

/** A photo or signature upload: the phone's own id for it makes a resend answer the same file. */
export const UploadQuery = Type.Object({ id: Uuid });
export const UploadedFile = Type.Object({ id: Uuid, duplicate: Type.Boolean() });
export type UploadedFile = Static<typeof UploadedFile>;

// ---- Trip links ----

export const TripLinkCreate = Type.Object(
  { send: Type.Boolean({ description: 'Send the link to the driver through the outbox (LINE/SMS)' }) },
  { additionalProperties: false },
);

/** Created once: the URL and the PIN are shown to the dispatcher now and never again. */
export const TripLinkCreated = Type.Object({
  url: Type.String(),
  pin: Type.String(),
  expiresAt: Instant,
  /** The masked recipient when the link was queued for sending. */
  sentTo: Nullable(Type.String()),
  channel: Nullable(Type.Enum(['line', 'sms', 'log'])),
});
export type TripLinkCreated = Static<typeof TripLinkCreated>;

/** The phone opens the link: its token, the device key it keeps, and the PIN the dispatcher read out. */
export const TripLinkClaim = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    deviceKey: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', minLength: 43, maxLength: 43 }),
    pin: Type.String({ pattern: '^\\d{6}$', minLength: 6, maxLength: 6 }),
  },
  { additionalProperties: false },
);
export type TripLinkClaim = Static<typeof TripLinkClaim>;

/** The bearer the phone sends from now on (`Authorization: Bearer …`), and the trip it opens. */
export const TripLinkClaimed = Type.Object({ bearer: Type.String(), tripId: Uuid, expiresAt: Instant });
export type TripLinkClaimed = Static<typeof TripLinkClaimed>;

// ---- The dispatcher's board ----

export const BoardStop = Type.Object({
  id: Uuid,
  seq: Type.Integer(),
  bookingId: Uuid,
  bookingDocNo: Type.String(),
  shipToName: Type.String(),
  status: StopStatusSchema,
  windowFrom: Instant,
  windowTo: Instant,
  plannedArrival: Instant,
  eta: Nullable(Instant),
  late: Type.Boolean(),
  arrivedAt: Nullable(Instant),
  leftAt: Nullable(Instant),
  /**
   * Its booking was cancelled after the plan was confirmed (true; absent otherwise): the truck is
   * not to deliver it. The phone says so in place of the arrival; the dispatcher's planning screen
   * names it until the plan is confirmed again (docs/planning.md "Left the plan").
   */
  canceled: Type.Optional(Type.Boolean()),
});
export type BoardStop = Static<typeof BoardStop>;

export const BoardTrip = Type.Object({
  id: Uuid,
  docNo: Type.String(),
  date: IsoDate,
  licensePlate: Nullable(Type.String()),
  driverName: Nullable(Type.String()),
  status: TripStatusSchema,
  /** Only while the trip runs (PDPA). */
  position: Nullable(Type.Object({ ...Fix.properties, at: Instant })),
  done: Type.Integer(),
  /** The next stop not yet left (null when done). */
  nextStopId: Nullable(Uuid),
  late: Type.Integer(),
  stops: List(BoardStop),
  /** When this view was computed. */
  at: Instant,
});
export type BoardTrip = Static<typeof BoardTrip>;

export const BoardQuery = Type.Object({ branchId: Uuid, date: Type.Optional(IsoDate) });

/**
 * The board live (docs/delivery.md "The board"): the stream sends deltas of what the board read,
 * never whole trips. `positions`: a list of trucks that moved, each its trip's new position.
 */
export const BoardPosition = Type.Object({ tripId: Uuid, ...Fix.properties, at: Instant });
export type BoardPosition = Static<typeof BoardPosition>;

/** A stop as it changes while the trip runs: its state, times and ETA (the rest of BoardStop stays). */
const stop = BoardStop.properties;
export const StopProgress = Type.Object({
  id: stop.id,
  status: stop.status,
  eta: stop.eta,
  late: stop.late,
  arrivedAt: stop.arrivedAt,
  leftAt: stop.leftAt,
});
export type StopProgress = Static<typeof StopProgress>;

/**
 * `trips`: a list of trips whose state or ETAs changed — after a stop event, and while it runs at
 * most every ETA_REFRESH_S seconds as its positions move it. Merged into the board's trip by `id`.
 */
export const TripProgress = Type.Object({
  id: Uuid,
  status: TripStatusSchema,
  done: Type.Integer(),
  nextStopId: Nullable(Uuid),
  late: Type.Integer(),
  stops: List(StopProgress),
  at: Instant,
});
export type TripProgress = Static<typeof TripProgress>;

/** A running trip's ETAs are computed again from its positions at most this often (stop events: at once). */
export const ETA_REFRESH_S = 30;

// ---- A booking's deliveries (its page, the delivery note) ----

/** A booking's deliveries in words: its page (BookingDeliveries) and the printed slip and delivery note. */
export const bookingDeliveryText = {
  title: 'การส่งถึงปลายทาง',
  loading: 'กำลังโหลดการส่งถึงปลายทาง...',
  none: 'ยังไม่มีการส่งถึงปลายทาง',
  stop: (docNo: string, seq: number) => `ใบขนส่ง ${docNo} · จุดที่ ${seq}`,
  arrived: 'ถึง',
  left: 'ออก',
  recipient: 'ผู้รับสินค้า',
  recordedAt: 'บันทึกเมื่อ',
  reason: 'เหตุผล',
  note: 'หมายเหตุ',
  signature: 'ลายเซ็นผู้รับ',
  photo: (n: number) => `รูปถ่ายที่ ${n}`,
  orders: 'จำนวนที่ส่ง',
  delivered: (docNo: string, delivered: number | null, qty: number) =>
    `${docNo}: ${delivered === null ? '-' : delivered.toLocaleString('th-TH')} / ${qty.toLocaleString('th-TH')}`,
  returned: (docNo: string, qty: number, reason: string) =>
    `${docNo} กลับไปรอจองใหม่ ${qty.toLocaleString('th-TH')} (${reason})`,
  rebooked: (docNo: string) => `จองใหม่แล้ว: ${docNo}`,
  planned: 'นัดถึง',
  outcome: 'ผลการส่ง',
  proof: 'หลักฐานการส่ง',
} as const;

export const DeliveryReturn = Type.Object({
  deliveryOrderId: Uuid,
  docNo: Type.String(),
  qty: Type.Number(),
  reasonLabel: Type.String(),
  /** The booking that takes the DO again, once there is one. */
  rebookedBookingId: Nullable(Uuid),
  rebookedBookingDocNo: Nullable(Type.String()),
});
export type DeliveryReturn = Static<typeof DeliveryReturn>;

export const BookingDelivery = Type.Object({
  shipmentId: Uuid,
  shipmentDocNo: Type.String(),
  licensePlate: Nullable(Type.String()),
  driverName: Nullable(Type.String()),
  stop: BoardStop,
  orders: List(StopOrder),
  proof: Nullable(StopProof),
  returns: List(DeliveryReturn),
});
export type BookingDelivery = Static<typeof BookingDelivery>;

// ---- The customer's link ----

export const customerDeliveryStates = [
  { value: 'PLANNED', label: 'นัดส่งแล้ว' },
  { value: 'ON_THE_WAY', label: 'กำลังไปส่ง' },
  { value: 'ARRIVED', label: 'รถถึงแล้ว' },
  { value: 'DELIVERED', label: 'ส่งสินค้าแล้ว' },
  { value: 'PARTIAL', label: 'ส่งสินค้าได้บางส่วน' },
  { value: 'FAILED', label: 'ส่งสินค้าไม่สำเร็จ' },
] as const;
export type CustomerDeliveryState = (typeof customerDeliveryStates)[number]['value'];

/** What the customer sees: no id, no phone, no driver's position. */
export const CustomerDelivery = Type.Object({
  state: Type.Enum(customerDeliveryStates.map((s) => s.value)),
  stateLabel: Type.String(),
  /** Planned, or the ETA while on the way (HH:mm, Bangkok). */
  plannedTime: Nullable(TimeOfDay),
  eta: Nullable(TimeOfDay),
  /** Stops the truck still serves before this one. */
  stopsBefore: Nullable(Type.Integer()),
  deliveredAt: Nullable(Instant),
  recipient: Nullable(Type.String()),
  orders: List(Type.Object({ docNo: Type.String(), qty: Type.Number(), delivered: Nullable(Type.Number()) })),
  reasonLabel: Nullable(Type.String()),
  /** What happens next after a failure. */
  next: Nullable(Type.String()),
});
export type CustomerDelivery = Static<typeof CustomerDelivery>;

// ---- Settings ----

export const DeliverySettings = Type.Object(
  {
    /** Send the customer an "on the way" message when the stop before theirs is done. */
    onTheWayMessage: Type.Boolean(),
    onTheWayTemplate: Type.String({ minLength: 1, maxLength: 1000 }),
    tripLinkTemplate: Type.String({ minLength: 1, maxLength: 1000 }),
  },
  { additionalProperties: false },
);
export type DeliverySettings = Static<typeof DeliverySettings>;

export const defaultDeliverySettings: DeliverySettings = {
  onTheWayMessage: false,
  onTheWayTemplate:
    'เรียน {customer} รถกำลังไปส่งสินค้า {orders} คาดว่าจะถึงประมาณ {time} น. ติดตามได้ที่ {link} สอบถาม {branchPhone}',
  tripLinkTemplate: 'เที่ยวรถ {shipment} วันที่ {date} ทะเบียน {plate} เปิดที่ {link} (ขอรหัส PIN จากผู้จัดรถ)',
};

// ---- Operations ----

const TripParams = Type.Object({ id: Uuid });
const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

/** The driver's phone: a user linked to a driver record, or a trip link (its own trip only). */
export const driverApi = {
  trips: operation({
    method: 'GET',
    url: '/driver/trips',
    schema: {
      querystring: Type.Object({ date: Type.Optional(IsoDate) }),
      response: { 200: List(DriverTripSummary) },
    },
  }),
  trip: operation({
    method: 'GET',
    url: '/driver/trips/:id',
    schema: { params: TripParams, response: { 200: DriverTrip } },
  }),
  events: operation({
    method: 'POST',
    url: '/driver/trips/:id/events',
    schema: { params: TripParams, body: EventsBody, response: { 200: EventsAnswer, 422: ErrorBody } },
  }),
  positions: operation({
    method: 'POST',
    url: '/driver/trips/:id/positions',
    schema: { params: TripParams, body: PositionsBody, response: { 200: PositionsAnswer } },
  }),
  /** One image (multipart `files`), resized on the phone: a photo or the drawn signature. */
  upload: operation({
    method: 'POST',
    url: '/driver/trips/:id/files',
    schema: { params: TripParams, querystring: UploadQuery, response: { 200: UploadedFile } },
  }),
  /** The phone opens a trip link: binds it to this device (first one only) with the PIN. */
  claimLink: operation({
    method: 'POST',
    url: '/public/tripLink/claim',
    schema: { body: TripLinkClaim, response: { 200: TripLinkClaimed } },
  }),
};

/** The dispatcher: the day's board, live; trip links. */
export const deliveryApi = {
  board: operation({
    method: 'GET',
    url: '/delivery/board',
    schema: { querystring: BoardQuery, response: { 200: List(BoardTrip) } },
  }),
  boardEvents: operation({
    method: 'GET',
    url: '/delivery/board/events',
    schema: {
      querystring: BranchQuery,
      response: {
        200: EventStream(
          '`positions` events (a list of BoardPosition: trucks that moved) and `trips` events (a list of TripProgress: stop states and ETAs that changed), of the branch',
        ),
      },
      produces: ['text/event-stream'],
    },
  }),
  /** One trip with its stops and proofs (the board's detail). */
  trip: operation({
    method: 'GET',
    url: '/delivery/trips/:id',
    schema: { params: IdParams, querystring: BranchQuery, response: { 200: DriverTrip } },
  }),
  createLink: operation({
    method: 'POST',
    url: '/delivery/trips/:id/link',
    schema: {
      params: IdParams,
      querystring: BranchQuery,
      body: TripLinkCreate,
      response: { 201: TripLinkCreated, 409: ErrorBody, 422: ErrorBody },
    },
  }),
  revokeLink: operation({
    method: 'POST',
    url: '/delivery/trips/:id/link/revoke',
    schema: {
      params: IdParams,
      querystring: BranchQuery,
      response: { 200: Type.Object({ revoked: Type.Integer() }) },
    },
  }),
  bookingDeliveries: operation({
    method: 'GET',
    url: '/bookingReport/:id/deliveries',
    schema: { params: IdParams, querystring: BranchQuery, response: { 200: List(BookingDelivery) } },
  }),
  /** The customer's appointment link: the delivery's state (no session; the token is the key). */
  customer: operation({
    method: 'GET',
    url: '/public/appointment/:token/delivery',
    schema: { params: TokenParams, response: { 200: List(CustomerDelivery) } },
  }),
  settings: operation({
    method: 'GET',
    url: '/delivery/settings',
    schema: { response: { 200: DeliverySettings } },
  }),
  saveSettings: operation({
    method: 'PUT',
    url: '/delivery/settings',
    schema: { body: DeliverySettings, response: { 200: DeliverySettings } },
  }),
};
