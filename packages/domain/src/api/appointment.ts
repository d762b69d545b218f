import Type, { type Static } from 'typebox';
import { INPUT_BOUNDS } from '../rules/inputBounds.ts';
import { BranchQuery, IdParams, IsoDate, List, Nullable, operation, TimeOfDay } from './common.ts';

/**
 * The customer's appointment link (docs/contact.md): no session, the token in the path is the
 * only key. Every answer holds the booking's own appointment and nothing else; a wrong token is
 * the plain 404 of any unknown thing, an expired or revoked (canceled) one a 410.
 */

/**
 * Days past its last delivery day that a booking's link still opens to choose a new slot for what
 * its delivery sent back (docs/delivery.md "The customer chooses a new slot"): a failure in the
 * evening leaves the customer more than that night. Confirming and moving end with the day.
 */
export const REBOOK_LINK_DAYS = 7;

export const appointmentMessages = {
  gone: 'ลิงก์นี้หมดอายุหรือนัดส่งสินค้านี้ถูกยกเลิกแล้ว กรุณาติดต่อสาขา',
  tooMany: 'มีการเรียกลิงก์นี้บ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่',
  choiceGone: 'ช่วงเวลาที่เลือกไม่ว่างแล้ว กรุณาเลือกช่วงเวลาอื่น',
  sameSlot: 'นี่คือนัดเดิมของคุณอยู่แล้ว',
  noOptions: 'ไม่มีช่วงเวลาอื่นที่ว่างในวันที่เลื่อนได้ กรุณาติดต่อสาขา',
  /** Rebooking (docs/delivery.md "The customer chooses a new slot"): nothing of this booking came back. */
  nothingToRebook: 'นัดนี้ไม่มีสินค้าที่ต้องนัดส่งใหม่',
  /** Every returned DO of this booking is booked again (by this link or by the branch). */
  rebookedAlready: 'สินค้าของนัดนี้จองส่งใหม่แล้ว ดูวันนัดใหม่ได้ในหน้านี้',
  /** A choice made on another booking's link, or naming DOs that are not this booking's to rebook. */
  notThisBooking: 'ตัวเลือกนี้ไม่ใช่ของนัดนี้ กรุณาเลือกจากรายการในหน้านี้',
  noRebookOptions: 'ยังไม่มีวันที่ว่างให้นัดส่งใหม่ สาขาจะติดต่อกลับเพื่อนัดส่งใหม่',
} as const;

export const AppointmentParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const PublicAppointment = Type.Object({
  docNo: Type.String(),
  customer: Type.String(),
  branchName: Type.String(),
  branchPhone: Nullable(Type.String()),
  date: IsoDate,
  shiftName: Type.String(),
  shiftStart: TimeOfDay,
  shiftEnd: TimeOfDay,
  time: Nullable(TimeOfDay),
  orders: List(Type.String()),
  /** The customer confirmed through the link (call status CONFIRMED_BY_CUSTOMER). */
  confirmed: Type.Boolean(),
  /** When the link stops working: the end of the last delivery day, Bangkok time. */
  expiresAt: Type.String({ format: 'date-time' }),
});
export type PublicAppointment = Static<typeof PublicAppointment>;

/** The opaque name of a move option (no id in it), as `options` gives it and `move` takes it back. */
export const MOVE_CHOICE_PATTERN = '^[A-Za-z0-9_-]{22}$';
export const MoveChoice = Type.String({ pattern: MOVE_CHOICE_PATTERN, minLength: 22, maxLength: 22 });

/** A day and shift the engine offers for a move (the whole booking fits there); `choice` names it back to `move`. */
export const MoveOption = Type.Object({
  choice: MoveChoice,
  date: IsoDate,
  shiftName: Type.String(),
  shiftStart: TimeOfDay,
  shiftEnd: TimeOfDay,
});
export type MoveOption = Static<typeof MoveOption>;

/**
 * A rebooking option's name (the customer's link of a booking a delivery sent back): the engine
 * option's slots and DO lines, base64url, then a MAC under the server's secret that binds them to
 * this booking (contact/links.ts). Nothing a customer can forge; bounded before anything is read.
 */
export const REBOOK_CHOICE_PATTERN = '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{22}$';
export const RebookChoice = Type.String({
  pattern: REBOOK_CHOICE_PATTERN,
  minLength: 24,
  maxLength: INPUT_BOUNDS.rebookChoiceLength,
});

/** One of the engine's options for the returned DOs (the wizard's suggestion), as the customer chooses it. */
export const RebookOption = Type.Object({
  choice: RebookChoice,
  /** The days and shifts it delivers on, in order (one, unless the goods need several trucks' days). */
  slots: List(
    Type.Object({ date: IsoDate, shiftName: Type.String(), shiftStart: TimeOfDay, shiftEnd: TimeOfDay }),
  ),
});
export type RebookOption = Static<typeof RebookOption>;

/** What the customer's link offers for the DOs a failed or partial delivery of its booking sent back. */
export const RebookOffer = Type.Object({
  /** The DOs back to book, with what is left of each. */
  orders: List(Type.Object({ docNo: Type.String(), qty: Type.Number() })),
  options: List(RebookOption),
  /**
   * The days searched that cannot be had, one line a day with the rule that came closest and its
   * figures (the wizard's day strip, `DayStatus`).
   */
  whyNot: List(Type.Object({ date: IsoDate, ruleLabel: Type.String(), message: Type.String() })),
  /** Why there is nothing to choose (Thai), else null. */
  reason: Nullable(Type.String()),
});
export type RebookOffer = Static<typeof RebookOffer>;

/** The new booking a rebooking made: its number, its own link's path and its appointment. */
export const Rebooked = Type.Object({
  docNo: Type.String(),
  link: Type.String(),
  appointment: PublicAppointment,
});
export type Rebooked = Static<typeof Rebooked>;

export const appointmentApi = {
  read: operation({
    method: 'GET',
    url: '/public/appointment/:token',
    schema: { params: AppointmentParams, response: { 200: PublicAppointment } },
  }),
  confirm: operation({
    method: 'POST',
    url: '/public/appointment/:token/confirm',
    schema: { params: AppointmentParams, response: { 200: PublicAppointment } },
  }),
  options: operation({
    method: 'GET',
    url: '/public/appointment/:token/options',
    schema: {
      params: AppointmentParams,
      response: {
        200: Type.Object({
          /** Days and shifts, each once, by day then shift start (docs/contact.md "Moving"). */
          options: List(MoveOption),
          /** Why none may be chosen (the booking's shift is closed by a check-in, none is open): Thai. */
          reason: Type.Optional(Nullable(Type.String())),
        }),
      },
    },
  }),
  move: operation({
    method: 'POST',
    url: '/public/appointment/:token/move',
    schema: {
      params: AppointmentParams,
      body: Type.Object({ choice: MoveChoice }),
      response: { 200: PublicAppointment },
    },
  }),
  /** The engine's options for the booking's returned DOs (404 nothing came back, 409 booked again already). */
  rebookOptions: operation({
    method: 'GET',
    url: '/public/appointment/:token/rebook',
    schema: { params: AppointmentParams, response: { 200: RebookOffer } },
  }),
  /** Books the returned DOs into the chosen option: a new booking linked to this one, which stays. */
  rebook: operation({
    method: 'POST',
    url: '/public/appointment/:token/rebook',
    schema: {
      params: AppointmentParams,
      body: Type.Object({ choice: RebookChoice }),
      response: { 201: Rebooked },
    },
  }),
};

// ---- The planner's side: the messages of a booking, and resend ----

export const contactMessageStatuses = [
  { value: 'queued', label: 'รอส่ง' },
  { value: 'sent', label: 'ส่งแล้ว' },
  { value: 'dead', label: 'ส่งไม่สำเร็จ' },
] as const;

export const ContactMessage = Type.Object({
  id: Type.String({ format: 'uuid' }),
  event: Type.Enum(['confirmed', 'moved', 'canceled', 'reminder', 'onTheWay', 'tripLink']),
  channel: Type.Enum(['line', 'sms', 'log']),
  /** Masked: a list is no place for a phone number or LINE id (PDPA, docs/contact.md). */
  recipient: Type.String(),
  status: Type.Enum(contactMessageStatuses.map((s) => s.value)),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  sentAt: Nullable(Type.String({ format: 'date-time' })),
});
export type ContactMessage = Static<typeof ContactMessage>;

/** Thai answers of a booking's resend (4xx): why a fresh message could not be queued. */
export const resendMessages = {
  off: 'ยังไม่ได้ตั้งค่าช่องทางส่งข้อความถึงลูกค้า (LINE หรือ SMS) จึงส่งข้อความไม่ได้',
  canceled: 'การจองนี้ถูกยกเลิกแล้ว ส่งข้อความนัดหมายซ้ำไม่ได้',
  unreachable: 'สถานที่ส่งสินค้านี้ไม่มี LINE หรือเบอร์โทรศัพท์ที่ส่งข้อความได้',
} as const;

export const contactApi = {
  messages: operation({
    method: 'GET',
    url: '/bookingReport/:id/messages',
    schema: {
      params: IdParams,
      querystring: BranchQuery,
      response: { 200: Type.Object({ messages: List(ContactMessage) }) },
    },
  }),
  resend: operation({
    method: 'POST',
    url: '/bookingReport/:id/messages/:messageId/resend',
    schema: {
      params: Type.Object({
        id: Type.String({ format: 'uuid' }),
        messageId: Type.String({ format: 'uuid' }),
      }),
      querystring: BranchQuery,
      response: { 201: ContactMessage },
    },
  }),
  /**
   * The planner's "ส่งข้อความอีกครั้ง": a fresh message of the booking's appointment as it is now
   * (current slot, current phone or LINE id, a new link), not a copy of an old one.
   */
  resendBooking: operation({
    method: 'POST',
    url: '/bookingReport/:id/messages/resend',
    schema: { params: IdParams, querystring: BranchQuery, response: { 201: ContactMessage } },
  }),
};

// ---- The admin's templates (docs/contact.md) ----

export const ContactTemplates = Type.Object({
  confirmed: Type.String({ minLength: 1, maxLength: 1000 }),
  moved: Type.String({ minLength: 1, maxLength: 1000 }),
  canceled: Type.String({ minLength: 1, maxLength: 1000 }),
  reminder: Type.String({ minLength: 1, maxLength: 1000 }),
});
export type ContactTemplates = Static<typeof ContactTemplates>;

export const contactTemplateApi = {
  read: operation({
    method: 'GET',
    url: '/contact/templates',
    schema: { response: { 200: ContactTemplates } },
  }),
  save: operation({
    method: 'PUT',
    url: '/contact/templates',
    schema: { body: ContactTemplates, response: { 200: ContactTemplates } },
  }),
};
