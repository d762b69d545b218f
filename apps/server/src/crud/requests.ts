import {
  apiKeyReaches,
  type EntityDef,
  type EntityQuery,
  LIST_AFTER,
  LIST_FIELDS,
  LIST_TOTAL,
  type ListQuery,
  listFieldsMessages,
  parseListFields,
  type RawQuery,
  validateListQuery,
} from '@lms/domain';
import type { FastifyRequest } from 'fastify';
import { isUuid } from '../auth/access.ts';
import { actingBranch } from '../auth/acting.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';

/**
 * The parts of a CRUD request the domain checks: the list query, the record's id, what may
 * accompany it. The routes run these before the contract's schema validates the request
 * (`preValidation`), so that the domain's Thai messages and statuses answer what both refuse.
 */

const INVALID_ID = 'รหัสข้อมูลไม่ถูกต้อง';

/**
 * The query as the domain's check reads it, text: before validation (where the CRUD routes run it)
 * the values are the URL's strings; the schema's numbers are read back as the text they came as.
 */
export function textQuery(query: EntityQuery): RawQuery {
  const text = (value: string | number | boolean) => String(value);
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [
      name,
      value === undefined ? undefined : Array.isArray(value) ? value.map(text) : text(value as string),
    ]),
  );
}

export function listQuery(entity: EntityDef, raw: RawQuery): ListQuery {
  const result = validateListQuery(entity, raw);
  if (!result.ok) throw new HttpError(400, result.messages);
  return result.value;
}

/**
 * A list page's request: the list query, whether to count its total (`total`), after which row
 * (`after`) and which fields its rows carry (`fields`), the list's own parameters (options and
 * export refuse them as unknown). Exported for bench/api, which replays it.
 */
export function pageRequest(entity: EntityDef, raw: RawQuery) {
  const { [LIST_TOTAL.param]: total, [LIST_AFTER]: after, [LIST_FIELDS]: fields, ...rest } = raw;
  const messages: string[] = [];
  if (Array.isArray(total)) messages.push(`${LIST_TOTAL.param} ระบุได้ครั้งเดียว`);
  else if (total !== undefined && total !== LIST_TOTAL.count && total !== LIST_TOTAL.skip)
    messages.push(`${LIST_TOTAL.param} ต้องเป็น ${LIST_TOTAL.count} หรือ ${LIST_TOTAL.skip}`);
  if (Array.isArray(after)) messages.push(`${LIST_AFTER} ระบุได้ครั้งเดียว`);
  let asked: readonly string[] | undefined;
  if (Array.isArray(fields)) messages.push(listFieldsMessages.once);
  else if (typeof fields === 'string') {
    const parsed = parseListFields(entity, fields);
    if (parsed.ok) asked = parsed.fields;
    else messages.push(...parsed.messages);
  }
  const result = validateListQuery(entity, rest);
  if (!result.ok) messages.push(...result.messages);
  if (!result.ok || messages.length) throw new HttpError(400, messages);
  return {
    query: result.value,
    reading: {
      countTotal: total !== LIST_TOTAL.skip,
      after: typeof after === 'string' ? after : undefined,
      fields: asked,
    },
  };
}

/** A record's id from the path: one that is no UUID is a record not found. */
export function recordId(id: string): string {
  if (!isUuid(id)) throw notFound(INVALID_ID);
  return id;
}

/** Only `branchId` may accompany a single-record call, and only for branch-owned entities. */
export function checkRecordQuery(entity: EntityDef, query: unknown) {
  const names = query !== null && typeof query === 'object' ? Object.keys(query) : [];
  const extra = names.filter((k) => !(entity.branchOwned && k === 'branchId'));
  if (extra.length) throw badRequest(`ไม่รู้จักพารามิเตอร์: ${extra.join(', ')}`);
}

/** The domain's checks of a call on one record (`/:id`): what accompanies it, then its id. */
export const checkRecordCall =
  (entity: EntityDef) =>
  async (request: { readonly query: unknown; readonly params: { readonly id: string } }) => {
    checkRecordQuery(entity, request.query);
    recordId(request.params.id);
  };

/** A CRUD route's declaration: the right it needs, whether an ERP key reaches it, its branch. */
export const crudConfig = (
  entity: EntityDef,
  action: 'read' | 'create' | 'update' | 'delete' | 'export',
) => ({
  access: { entity: entity.name, action },
  // A spreadsheet export is a person's tool; the ERP reads pages (docs/integration.md).
  apiKey: action !== 'export' && apiKeyReaches(entity, action) ? ('open' as const) : ('closed' as const),
  branchScoped: entity.branchOwned,
});

/** The branch an entity's route acts for (declared `branchScoped: entity.branchOwned`): none for shared records. */
export const entityBranch = (entity: EntityDef, request: FastifyRequest): string | undefined =>
  entity.branchOwned ? actingBranch(request) : undefined;

/** What the domain's check made of a request's parts (`preValidation`), kept for its handler. */
export class Checked<T> {
  private readonly made = new WeakMap<FastifyRequest, T>();

  keep(request: FastifyRequest, value: T): void {
    this.made.set(request, value);
  }

  of(request: FastifyRequest): T {
    if (!this.made.has(request)) throw new Error(`${request.routeOptions.url}: its check did not run`);
    return this.made.get(request) as T;
  }
}
