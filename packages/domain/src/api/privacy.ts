import Type, { type Static } from 'typebox';
import { IdParams, IsoDate, List, Nullable, operation, Uuid } from './common.ts';

/**
 * PDPA (docs/privacy.md): erasing a ship-to's contact data, the administrator's reading of the
 * personal-data access log, and one person's data as JSON for a data-subject request.
 */

export const EraseContactAnswer = Type.Object({
  id: Type.String({ format: 'uuid' }),
  /** Message copies whose recipient was erased (those still queued are never sent). */
  messages: Type.Integer(),
});
export type EraseContactAnswer = Static<typeof EraseContactAnswer>;

export const personalDataActions = ['read', 'export', 'erase'] as const;
export type PersonalDataAction = (typeof personalDataActions)[number];

/** Thai words of the log's actions. */
export const personalDataActionLabels: Record<PersonalDataAction, string> = {
  read: 'เปิดดูข้อมูลเต็ม',
  export: 'ส่งออก',
  erase: 'ลบข้อมูลติดต่อ',
};

export const ACCESS_LOG_PAGE_SIZE = 50;

export const AccessLogQuery = Type.Object(
  {
    /** An entity name (`shipTo`, `customer`…). */
    entity: Type.Optional(Type.String({ maxLength: 64 })),
    recordId: Type.Optional(Uuid),
    /** Who: a user or an API key id. */
    userId: Type.Optional(Uuid),
    action: Type.Optional(Type.Enum([...personalDataActions])),
    /** From this day, to this day (both included, Bangkok). */
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  },
  { additionalProperties: false },
);
export type AccessLogQuery = Static<typeof AccessLogQuery>;

export const AccessLogEntry = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  userId: Uuid,
  /** `username: full name`, or `คีย์ API: name`; null when the user is gone. */
  userLabel: Nullable(Type.String()),
  action: Type.Enum([...personalDataActions]),
  entity: Type.String(),
  recordId: Nullable(Uuid),
  /** The record's code and name; null for an export of many, or a record deleted since. */
  recordLabel: Nullable(Type.String()),
  fields: List(Type.String()),
  detail: Nullable(Type.Record(Type.String(), Type.Unknown())),
});
export type AccessLogEntry = Static<typeof AccessLogEntry>;

export const AccessLogPage = Type.Object({ items: List(AccessLogEntry), total: Type.Integer() });
export type AccessLogPage = Static<typeof AccessLogPage>;

export const PersonalDataParams = Type.Object({ entity: Type.String({ maxLength: 64 }), id: Uuid });

/** Everything held about one person's contact data (a data-subject request), as JSON. */
export const PersonalDataExport = Type.Object({
  entity: Type.String(),
  recordId: Uuid,
  exportedAt: Type.String({ format: 'date-time' }),
  /** The record as stored, personal fields whole. */
  record: Type.Record(Type.String(), Type.Unknown()),
  /** History entries that hold a personal field (past values included). */
  history: List(
    Type.Object({
      at: Type.String({ format: 'date-time' }),
      action: Type.String(),
      changes: Type.Record(Type.String(), Type.Unknown()),
    }),
  ),
  /** Message copies sent about the person's bookings (a ship-to's). */
  messages: List(
    Type.Object({
      createdAt: Type.String({ format: 'date-time' }),
      bookingDocNo: Type.String(),
      event: Type.String(),
      channel: Type.String(),
      recipient: Type.String(),
      body: Type.String(),
      status: Type.String(),
      sentAt: Nullable(Type.String({ format: 'date-time' })),
    }),
  ),
  /** Who read, exported or erased the person's data, and when. */
  accessLog: List(AccessLogEntry),
});
export type PersonalDataExport = Static<typeof PersonalDataExport>;

export const privacyMessages = {
  notPersonal: 'ข้อมูลประเภทนี้ไม่มีข้อมูลส่วนบุคคล',
  badRange: 'วันที่เริ่มต้องไม่หลังวันที่สิ้นสุด',
} as const;

export const privacyApi = {
  /**
   * Erases a ship-to's phone and LINE id, the recipients of its message copies and the values in
   * its history; its bookings, their history and the message texts stay.
   */
  eraseContact: operation({
    method: 'POST',
    url: '/shipTo/:id/eraseContact',
    schema: { params: IdParams, response: { 200: EraseContactAnswer } },
  }),
  /** The access log, newest first, a page of `ACCESS_LOG_PAGE_SIZE` (administrators). */
  accessLog: operation({
    method: 'GET',
    url: '/privacy/accessLog',
    schema: { querystring: AccessLogQuery, response: { 200: AccessLogPage } },
  }),
  /** One person's data as a JSON file; the export is itself logged (administrators). */
  personalData: operation({
    method: 'GET',
    url: '/privacy/personalData/:entity/:id',
    schema: { params: PersonalDataParams, response: { 200: PersonalDataExport } },
  }),
};
