import Type, { type Static } from 'typebox';
import { IdParams, List, NoContent, Nullable, operation, Uuid } from './common.ts';

/**
 * The ERP integration (issue 18, docs/integration.md): API keys, which only an administrator
 * manages, and the report of a bulk upsert (`POST {entity}/bulk`).
 */

/** Every API key starts with this: easy to recognise in a leaked log or a secret scanner. */
export const API_KEY_PREFIX = 'lms_';
/** At most this many records in one `POST {entity}/bulk` (one transaction). */
export const BULK_MAX_RECORDS = 1000;

export const ApiKey = Type.Object({
  id: Uuid,
  name: Type.String(),
  /** The first characters of the secret (`lms_AbCd…`), to tell keys apart; never the secret. */
  prefix: Type.String(),
  roleGroupId: Uuid,
  roleGroupLabel: Type.String(),
  branchIds: List(Uuid),
  branchLabels: List(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  createdByLabel: Nullable(Type.String()),
  lastUsedAt: Nullable(Type.String({ format: 'date-time' })),
  revokedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type ApiKey = Static<typeof ApiKey>;

export const NewApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    roleGroupId: Uuid,
    branchIds: Type.Array(Uuid, { minItems: 1, maxItems: 500, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type NewApiKeyBody = Static<typeof NewApiKeyBody>;

/** The key as created: `secret` is answered this once and never again (only its hash is kept). */
export const CreatedApiKey = Type.Object({ ...ApiKey.properties, secret: Type.String() });
export type CreatedApiKey = Static<typeof CreatedApiKey>;

export const apiKeyApi = {
  list: operation({ method: 'GET', url: '/apiKey', schema: { response: { 200: List(ApiKey) } } }),
  create: operation({
    method: 'POST',
    url: '/apiKey',
    schema: { body: NewApiKeyBody, response: { 201: CreatedApiKey } },
  }),
  revoke: operation({
    method: 'POST',
    url: '/apiKey/:id/revoke',
    schema: { params: IdParams, response: { 204: NoContent } },
  }),
};

export const UpsertStatus = Type.Enum(['created', 'updated', 'unchanged', 'failed']);
export type UpsertStatus = Static<typeof UpsertStatus>;

/** One record of a bulk call: `row` counts from 1 in the order sent; `errors` is field → Thai message. */
export const UpsertRow = Type.Object({
  row: Type.Integer({ minimum: 1 }),
  key: Nullable(Type.String()),
  status: UpsertStatus,
  errors: Type.Record(Type.String(), Type.String()),
});
export type UpsertRow = Static<typeof UpsertRow>;

/** What a bulk upsert did; when any row failed nothing was written and `rows` lists the failed ones. */
export const UpsertReport = Type.Object({
  total: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
  rows: List(UpsertRow),
});
export type UpsertReport = Static<typeof UpsertReport>;

/** A refused upsert: the Thai messages and, when records were checked, the report of those that failed. */
export const UpsertRefusal = Type.Object({
  messages: List(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  // Absent when the call is refused before any record is read (too many records, a reused Idempotency-Key).
  ...Type.Partial(UpsertReport).properties,
});
