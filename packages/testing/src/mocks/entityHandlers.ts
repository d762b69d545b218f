import {
  type EntityDef,
  type EntityRef,
  entityApi,
  LIST_AFTER,
  LIST_AFTER_REFUSED,
  LIST_FIELDS,
  LIST_TOTAL,
  labelKey,
  listFieldsMessages,
  listRowFields,
  MESSAGES,
  parseListFields,
  recordLabel,
  resolveEntity,
  validateRecord,
} from '@lms/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import {
  createEntityStore,
  type EntityStore,
  entry,
  queryRecords,
  withHistoryLabels,
  withLabels,
} from './entityStore.ts';
import { type FixtureRecord, fixturesFor } from './fixtures.ts';
import { fieldRefusal, mock, refusal } from './mock.ts';

/** The mock's `next`: where a page ended, by its number (the server's names the last row's sort values). */
const mockCursor = (page: number) => `mock-page-${page}`;

/**
 * A row as a page asked with `fields` answers it (docs/api.md): the names `listRowFields` gives,
 * each reference with its label. The server reads only those; the mock drops the rest, so a
 * screen that forgets to ask for a column it shows shows it empty in its stories too.
 */
function narrowed(entity: EntityDef, only: ReadonlySet<string>, row: Record<string, unknown>) {
  const keep = new Set(only);
  for (const field of entity.fields)
    if (only.has(field.name) && (field.type === 'ref' || field.type === 'refs')) keep.add(labelKey(field));
  return Object.fromEntries(Object.entries(row).filter(([name]) => keep.has(name)));
}

/** What a story may want to see of the requests (e.g. that typing in the search box asked the server). */
export interface MockRequest {
  readonly method: string;
  readonly path: string;
  readonly params: URLSearchParams;
  readonly body?: unknown;
}

export interface EntityHandlerOptions {
  /** The table's rows; default: 12 generated fixtures. */
  readonly fixtures?: readonly FixtureRecord[];
  /** Ids whose delete answers 409 "still referenced". */
  readonly referencedIds?: readonly string[];
  /** Called for every request the handlers answer. */
  readonly onRequest?: (request: MockRequest) => void;
  /**
   * Count a list's total only this far (at least to the next page's end), as the server does
   * with `LIMITS.listExactCountLimit`: above it the total is a lower bound. Default: count all.
   */
  readonly countLimit?: number;
  /** Use this store (shared between handler sets) instead of a new one. */
  readonly store?: EntityStore;
}

/** The server's conflict messages (apps/server/src/crud/routes.ts). */
export const STALE_MESSAGE = 'ข้อมูลนี้ถูกแก้ไขโดยผู้อื่นแล้ว กรุณาโหลดข้อมูลล่าสุดก่อนบันทึก';
export const TEMPORARY_PASSWORD = 'Tmp-4821-Xk';
const VALIDATION_MESSAGE = 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบ';

/**
 * MSW handlers for one entity, derived from its declaration: list (paging, sort, filters,
 * searchTerm, ids), options, export, get, create, update (version → 409), delete and history.
 */
export function entityHandlers(entityRef: EntityRef, options: EntityHandlerOptions = {}): HttpHandler[] {
  const entity: EntityDef = resolveEntity(entityRef);
  const store = options.store ?? createEntityStore(entity, options.fixtures ?? fixturesFor(entity));
  const calls = entityApi(entity);
  const seen = (request: Request, body?: unknown, id?: string) => {
    const url = new URL(request.url);
    options.onRequest?.({ method: request.method, path: url.pathname, params: url.searchParams, body });
    if (entity.branchOwned && !url.searchParams.get('branchId'))
      return { url, error: refusal(400, MESSAGES.selectCompany.text) };
    const record = id ? store.records.find((candidate) => candidate.id === id) : undefined;
    if (id && !record) return { url, error: refusal(404, MESSAGES.notFound.text) };
    return { url, body, record };
  };
  const answer = (record: Record<string, unknown>) => withLabels(entity, record);

  return [
    mock(calls.options, ({ request }) => {
      const { url, error } = seen(request);
      if (error) return error;
      const size = Number(url.searchParams.get('size') ?? 20);
      const rows = queryRecords(store, url.searchParams).slice(0, size);
      return rows.map((record) => ({ id: record.id, label: recordLabel(entity, answer(record)) }));
    }),
    mock(calls.export, ({ request }) => {
      const { error } = seen(request);
      if (error) return error;
      return new HttpResponse(new Blob(['PK mock xlsx']), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="${entity.name}.xlsx"`,
        },
      });
    }),
    mock(calls.history, ({ request, params }) => {
      const { error, record } = seen(request, undefined, params.id);
      if (error) return error;
      const entries = [...(store.history.get(record?.id ?? '') ?? [])].reverse();
      return entries.map((item) => withHistoryLabels(entity, item));
    }),
    mock(calls.get, ({ request, params }) => {
      const { error, record } = seen(request, undefined, params.id);
      return error ?? answer(record as FixtureRecord);
    }),
    mock(calls.list, ({ request }) => {
      const { url, error } = seen(request);
      if (error) return error;
      const page = Number(url.searchParams.get('page') ?? 0);
      const size = Number(url.searchParams.get('size') ?? 20);
      const rows = queryRecords(store, url.searchParams);
      // `total=skip`: the page alone, as the server answers it (api/crud.ts ListPageInfo).
      const skip = url.searchParams.get(LIST_TOTAL.param) === LIST_TOTAL.skip;
      const limit = Math.max(options.countLimit ?? rows.length, (page + 2) * size);
      // Keyset paging as the server's (docs/api.md): a page that a row follows says where it
      // ended, and `after` must be the `next` of the page before; the rows are the same.
      const after = url.searchParams.get(LIST_AFTER);
      if (after !== null && after !== mockCursor(page - 1)) return refusal(400, LIST_AFTER_REFUSED);
      const fields = url.searchParams.getAll(LIST_FIELDS);
      if (fields.length > 1) return refusal(400, listFieldsMessages.once);
      const parsed = fields[0] === undefined ? undefined : parseListFields(entity, fields[0]);
      if (parsed && !parsed.ok) return refusal(400, ...parsed.messages);
      const sort = url.searchParams.getAll('sort').map((item) => {
        const [field = '', direction] = item.split(',');
        return { field, direction: direction === 'desc' ? ('desc' as const) : ('asc' as const) };
      });
      const only = parsed?.ok ? listRowFields(entity, parsed.fields, sort) : undefined;
      const hasMore = rows.length > (page + 1) * size;
      return {
        items: rows
          .slice(page * size, page * size + size)
          .map(answer)
          .map((row) => (only ? narrowed(entity, only, row) : row)),
        total: skip ? null : Math.min(rows.length, limit),
        totalIsLowerBound: !skip && rows.length > limit,
        hasMore,
        page,
        size,
        ...(hasMore ? { next: mockCursor(page) } : {}),
      };
    }),
    mock(calls.create, ({ request, body }) => {
      const { error, url } = seen(request, body);
      if (error) return error;
      const result = validateRecord(entity, 'create', body ?? {});
      if (!result.ok) return fieldRefusal(result.errors, VALIDATION_MESSAGE, ...Object.values(result.errors));
      const id = crypto.randomUUID();
      const record: FixtureRecord = { ...result.value, id, version: 1 };
      if (entity.branchOwned) record.branchId = url.searchParams.get('branchId');
      store.records.push(record);
      store.history.set(id, [entry('create', result.value)]);
      // Records with a password to reset (users) are created with a temporary one, as on the server.
      const extra = entity.actions?.includes('resetPassword')
        ? { temporaryPassword: TEMPORARY_PASSWORD }
        : {};
      return { ...answer(record), ...extra };
    }),
    mock(calls.update, ({ request, params, body }) => {
      const { error, record } = seen(request, body, params.id);
      if (error) return error;
      const current = record as FixtureRecord;
      const version = (body as { version?: unknown } | undefined)?.version;
      if (!Number.isInteger(version))
        return fieldRefusal({ version: 'กรุณาระบุ version ของข้อมูลที่แก้ไข' }, VALIDATION_MESSAGE);
      if (version !== current.version) return refusal(409, STALE_MESSAGE);
      const result = validateRecord(entity, 'update', body ?? {});
      if (!result.ok) return fieldRefusal(result.errors, VALIDATION_MESSAGE, ...Object.values(result.errors));
      const { version: _version, ...values } = result.value;
      const changes = Object.fromEntries(
        Object.entries(values)
          .filter(([key, value]) => JSON.stringify(value ?? null) !== JSON.stringify(current[key] ?? null))
          .map(([key, value]) => [key, { from: current[key] ?? null, to: value ?? null }]),
      );
      const updated: FixtureRecord = { ...current, ...values, version: current.version + 1 };
      store.records = store.records.map((candidate) => (candidate.id === current.id ? updated : candidate));
      store.history.get(current.id)?.push(entry('update', changes));
      return answer(updated);
    }),
    mock(calls.remove, ({ request, params }) => {
      const { error, record } = seen(request, undefined, params.id);
      if (error) return error;
      const current = record as FixtureRecord;
      if (options.referencedIds?.includes(current.id))
        return refusal(409, 'ลบไม่ได้ เพราะยังมีข้อมูลอื่นอ้างถึงรายการนี้');
      store.records = store.records.filter((candidate) => candidate.id !== current.id);
      store.history.get(current.id)?.push(entry('delete', {}));
      return null;
    }),
  ];
}
