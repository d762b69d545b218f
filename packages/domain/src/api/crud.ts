import Type, { type Static } from 'typebox';
import { INPUT_BOUNDS } from '../rules/inputBounds.ts';
import { IdParams, List, Nullable, operation, Uuid } from './common.ts';

/**
 * The shapes of the generic entity routes that do not depend on the entity (docs/api.md Entity
 * CRUD). A record's own shape is derived from its declaration (apps/server/src/crud/jsonSchema.ts).
 */

/**
 * `GET {entity}`'s `total` parameter (issue 24): `count` (the default) counts the rows the filters
 * match beside the page; `skip` answers the page alone (`total: null`), for a screen that already
 * knows the total of these filters and only pages or sorts. Only the list takes it.
 */
export const LIST_TOTAL = { param: 'total', count: 'count', skip: 'skip' } as const;
export const ListTotal = Type.Enum([LIST_TOTAL.count, LIST_TOTAL.skip], {
  default: LIST_TOTAL.count,
  description: 'count: นับจำนวนทั้งหมดด้วย (ค่าเริ่มต้น) | skip: ไม่นับ (total เป็น null)',
});
export type ListTotal = Static<typeof ListTotal>;

/**
 * `GET {entity}`'s `after` parameter (issue 41): the `next` of the page before, which the server
 * gave with it. With it the page is read from where that page ended (keyset paging: no rows
 * skipped over, one plan PostgreSQL keeps) instead of from `page × size`; without it, any page
 * can still be asked by number ("go to page"). Only a cursor of the same filters and sort is
 * taken (the sort is checked; 400 otherwise).
 */
export const LIST_AFTER = 'after';
/** The refusal of an `after` that is not the `next` of the page before (another sort, or none the server made). */
export const LIST_AFTER_REFUSED = `${LIST_AFTER} ไม่ถูกต้อง: ใช้ค่า next ของหน้าก่อนหน้าที่มีตัวกรองและการเรียงเดียวกัน`;
export const ListAfter = Type.String({
  maxLength: INPUT_BOUNDS.queryValueLength,
  description: 'ค่า next ของหน้าก่อนหน้า (ตัวกรองและการเรียงเดียวกัน): อ่านหน้าถัดไปต่อจากหน้านั้น',
});

/**
 * `GET {entity}`'s `fields` parameter (issue 41; JSON:API's sparse fieldsets): the fields the
 * page's rows carry, comma-separated (`fields=docNo,customerId,weight`). A row carries those, the
 * labels of the references among them, and what every row needs whatever was asked
 * (`listRowFields`: its id and version, its label's fields, the sort's fields). The server then
 * reads only those columns and only those references' labels. Without it a row carries every
 * field, as before. Checked by `parseListFields` (entity/listFields.ts).
 */
export const LIST_FIELDS = 'fields';
export const ListFields = Type.String({
  maxLength: INPUT_BOUNDS.queryValueLength,
  description:
    'ชื่อฟิลด์คั่นด้วยจุลภาค: แต่ละแถวมีเฉพาะฟิลด์เหล่านี้ (กับ id, version, ฟิลด์ของชื่อรายการ และฟิลด์ที่ใช้เรียง) ไม่ระบุ: ทุกฟิลด์',
});
/** The refusals of a `fields` the list cannot answer, each naming the field (as `after`'s). */
export const listFieldsMessages = {
  once: `${LIST_FIELDS} ระบุได้ครั้งเดียว`,
  empty: `${LIST_FIELDS} ไม่ถูกต้อง: มีชื่อฟิลด์ว่าง`,
  unknown: (name: string) => `${LIST_FIELDS} ไม่ถูกต้อง: ไม่มีฟิลด์ "${name}" ในรายการนี้`,
  twice: (name: string) => `${LIST_FIELDS} ไม่ถูกต้อง: ฟิลด์ "${name}" ซ้ำกัน`,
} as const;

/** A list page's answer beside its rows (`GET {entity}`: `{ items, ...ListPageInfo }`). */
export const ListPageInfo = Type.Object({
  /** Rows the filters match, exact up to a limit (below); null when the query said `total=skip`. */
  total: Nullable(Type.Integer({ minimum: 0 })),
  /** true: more than `total` rows match (counted up to `LIMITS.listExactCountLimit` or the next page's end). */
  totalIsLowerBound: Type.Boolean(),
  /** A row follows this page: paging on needs no total. */
  hasMore: Type.Boolean(),
  page: Type.Integer({ minimum: 0 }),
  size: Type.Integer({ minimum: 1 }),
  /**
   * Where the next page starts, for its `after`: present when a row follows and the sort is one
   * the server pages by key (plain columns whose values it answers exactly; docs/api.md).
   */
  next: Type.Optional(Type.String()),
});
export type ListPageInfo = Static<typeof ListPageInfo>;
/** The whole answer of a list page; the rows' schema is the entity's (apps/server/src/crud/jsonSchema.ts). */
export type ListPageAnswer<Row> = ListPageInfo & { readonly items: readonly Row[] };

/** `GET {entity}/options`: `[{ id, label }]`, label `code: name`. */
export const OptionItem = Type.Object({ id: Type.String(), label: Type.String() });
export type OptionItem = Static<typeof OptionItem>;

/** `GET {entity}/{id}/history`, newest first. */
export const HistoryEntry = Type.Object({
  id: Type.String(),
  action: Type.Enum(['create', 'update', 'delete']),
  /** The set fields on create/delete, `{ from, to }` per changed field on update. */
  changes: Type.Unsafe<Readonly<Record<string, unknown>>>({ type: 'object', additionalProperties: true }),
  at: Type.String({ format: 'date-time' }),
  userId: Type.Union([Type.String(), Type.Null()]),
  userLabel: Type.Union([Type.String(), Type.Null()]),
  /** Where the write came from when not a screen: `import: <file name>` (docs/import.md). */
  source: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Id → label of every reference in `changes`, child rows included (never an id on screen). */
  labels: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type HistoryEntry = Static<typeof HistoryEntry>;

/** `POST appUser/{id}/resetPassword`. */
export const ResetPasswordAnswer = Type.Object({ temporaryPassword: Type.String() });
export type ResetPasswordAnswer = Static<typeof ResetPasswordAnswer>;

/** The user's own action beside its CRUD (the declaration's `actions: ['resetPassword']`). */
export const appUserApi = {
  /** A new temporary password, answered this once; the user changes it at the next sign-in. */
  resetPassword: operation({
    method: 'POST',
    url: '/appUser/:id/resetPassword',
    schema: { params: IdParams, response: { 200: ResetPasswordAnswer } },
  }),
};

/**
 * `POST {entity}/bulkAction` (issue 22, docs/entity-pages.md "Bulk actions"): one action on many
 * rows, in one transaction. The rows are picked by id (optionally with the version the screen
 * showed: a row changed since is refused as stale) or by the list's own query parameters (the same
 * WHERE as the list). `POST {entity}/bulk` is the ERP's upsert (integration.ts), hence the name.
 */
export const bulkActionPath = (entity: string) => `/${entity}/bulkAction`;

export const BulkRow = Type.Object(
  { id: Uuid, version: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
export type BulkRow = Static<typeof BulkRow>;

/**
 * Picked rows, or every row matching the list's parameters (`filter`: as in the list's URL, no
 * paging): exactly one of the two. One object, not a union: the server's validator strips unknown
 * properties while trying a union's first branch, which would drop the second's.
 */
export const BulkSelection = Type.Object(
  {
    // At most LIMITS.bulkActionMaxRows, checked by the route: the same 413 as a filter that matches more.
    rows: Type.Optional(List(BulkRow, { minItems: 1 })),
    filter: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Union([
          Type.String({ maxLength: INPUT_BOUNDS.queryValueLength }),
          List(Type.String({ maxLength: INPUT_BOUNDS.queryValueLength }), {
            maxItems: INPUT_BOUNDS.queryValueCount,
          }),
        ]),
      ),
    ),
  },
  { additionalProperties: false },
);
export type BulkSelection = Static<typeof BulkSelection>;

export const BulkActionBody = Type.Object(
  {
    action: Type.Enum(['delete', 'set']),
    selection: BulkSelection,
    /** `set`: a field the declaration marks `bulkEditable`. */
    field: Type.Optional(Type.String({ maxLength: INPUT_BOUNDS.filterValueLength })),
    /** `set`: its new value, as a form would send it (`null` empties it). */
    value: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type BulkActionBody = Static<typeof BulkActionBody>;

/** A row the action left alone, and why (Thai: referenced by…, another branch, changed since…). */
export const BulkRefusal = Type.Object({
  id: Uuid,
  /** `code: name` as in the list; the id when the row no longer exists. */
  label: Type.String(),
  reasons: List(Type.String()),
});
export type BulkRefusal = Static<typeof BulkRefusal>;

export const BulkActionAnswer = Type.Object({
  action: Type.Enum(['delete', 'set']),
  /** Rows selected (by id, or matching the filter). */
  selected: Type.Integer({ minimum: 0 }),
  /** Rows deleted or changed (a row that already had the value is counted, not rewritten). */
  done: Type.Integer({ minimum: 0 }),
  refused: List(BulkRefusal),
});
export type BulkActionAnswer = Static<typeof BulkActionAnswer>;
