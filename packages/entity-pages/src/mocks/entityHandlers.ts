import {
  type EntityDef,
  type EntityRef,
  LIST_TOTAL,
  MESSAGES,
  recordLabel,
  resolveEntity,
  validateRecord,
} from '@lms/domain';
import { type HttpHandler, HttpResponse, http } from 'msw';
import {
  createEntityStore,
  type EntityStore,
  entry,
  queryRecords,
  withHistoryLabels,
  withLabels,
} from './entityStore.ts';
import { type FixtureRecord, fixturesFor } from './fixtures.ts';

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

const fail = (status: number, messages: readonly string[], errors?: Record<string, string>) =>
  HttpResponse.json(errors ? { messages, errors } : { messages }, { status });

/**
 * MSW handlers for one entity, derived from its declaration: list (paging, sort, filters,
 * searchTerm, ids), options, export, get, create, update (version → 409), delete and history.
 */
export function entityHandlers(entityRef: EntityRef, options: EntityHandlerOptions = {}): HttpHandler[] {
  const entity: EntityDef = resolveEntity(entityRef);
  const store = options.store ?? createEntityStore(entity, options.fixtures ?? fixturesFor(entity));
  const base = `/api/${entity.name}`;
  const seen = async (request: Request, id?: string) => {
    const url = new URL(request.url);
    const body = ['POST', 'PUT'].includes(request.method)
      ? await request
          .clone()
          .json()
          .catch(() => undefined)
      : undefined;
    options.onRequest?.({ method: request.method, path: url.pathname, params: url.searchParams, body });
    if (entity.branchOwned && !url.searchParams.get('branchId'))
      return { url, error: fail(400, [MESSAGES.selectCompany.text]) };
    const record = id ? store.records.find((candidate) => candidate.id === id) : undefined;
    if (id && !record) return { url, error: fail(404, [MESSAGES.notFound.text]) };
    return { url, body, record };
  };
  const answer = (record: Record<string, unknown>) => withLabels(entity, record);

  return [
    http.get(`${base}/options`, async ({ request }) => {
      const { url, error } = await seen(request);
      if (error) return error;
      const size = Number(url.searchParams.get('size') ?? 20);
      const rows = queryRecords(store, url.searchParams).slice(0, size);
      return HttpResponse.json(
        rows.map((record) => ({ id: record.id, label: recordLabel(entity, answer(record)) })),
      );
    }),
    http.get(`${base}/export`, async ({ request }) => {
      const { error } = await seen(request);
      if (error) return error;
      return new HttpResponse(new Blob(['PK mock xlsx']), {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename="${entity.name}.xlsx"`,
        },
      });
    }),
    http.get(`${base}/:id/history`, async ({ request, params }) => {
      const { error, record } = await seen(request, String(params.id));
      if (error) return error;
      const entries = [...(store.history.get(record?.id ?? '') ?? [])].reverse();
      return HttpResponse.json(entries.map((item) => withHistoryLabels(entity, item)));
    }),
    http.get(`${base}/:id`, async ({ request, params }) => {
      const { error, record } = await seen(request, String(params.id));
      return error ?? HttpResponse.json(answer(record as FixtureRecord));
    }),
    http.get(base, async ({ request }) => {
      const { url, error } = await seen(request);
      if (error) return error;
      const page = Number(url.searchParams.get('page') ?? 0);
      const size = Number(url.searchParams.get('size') ?? 20);
      const rows = queryRecords(store, url.searchParams);
      // `total=skip`: the page alone, as the server answers it (api/crud.ts ListPageInfo).
      const skip = url.searchParams.get(LIST_TOTAL.param) === LIST_TOTAL.skip;
      const limit = Math.max(options.countLimit ?? rows.length, (page + 2) * size);
      return HttpResponse.json({
        items: rows.slice(page * size, page * size + size).map(answer),
        total: skip ? null : Math.min(rows.length, limit),
        totalIsLowerBound: !skip && rows.length > limit,
        hasMore: rows.length > (page + 1) * size,
        page,
        size,
      });
    }),
    http.post(base, async ({ request }) => {
      const { error, body, url } = await seen(request);
      if (error) return error;
      const result = validateRecord(entity, 'create', body ?? {});
      if (!result.ok) return fail(422, [VALIDATION_MESSAGE, ...Object.values(result.errors)], result.errors);
      const id = crypto.randomUUID();
      const record: FixtureRecord = { ...result.value, id, version: 1 };
      if (entity.branchOwned) record.branchId = url.searchParams.get('branchId');
      store.records.push(record);
      store.history.set(id, [entry('create', result.value)]);
      // Records with a password to reset (users) are created with a temporary one, as on the server.
      const extra = entity.actions?.includes('resetPassword')
        ? { temporaryPassword: TEMPORARY_PASSWORD }
        : {};
      return HttpResponse.json({ ...answer(record), ...extra }, { status: 201 });
    }),
    http.put(`${base}/:id`, async ({ request, params }) => {
      const { error, body, record } = await seen(request, String(params.id));
      if (error) return error;
      const current = record as FixtureRecord;
      const version = (body as { version?: unknown } | undefined)?.version;
      if (!Number.isInteger(version))
        return fail(422, [VALIDATION_MESSAGE], { version: 'กรุณาระบุ version ของข้อมูลที่แก้ไข' });
      if (version !== current.version) return fail(409, [STALE_MESSAGE]);
      const result = validateRecord(entity, 'update', body ?? {});
      if (!result.ok) return fail(422, [VALIDATION_MESSAGE, ...Object.values(result.errors)], result.errors);
      const { version: _version, ...values } = result.value;
      const changes = Object.fromEntries(
        Object.entries(values)
          .filter(([key, value]) => JSON.stringify(value ?? null) !== JSON.stringify(current[key] ?? null))
          .map(([key, value]) => [key, { from: current[key] ?? null, to: value ?? null }]),
      );
      const updated: FixtureRecord = { ...current, ...values, version: current.version + 1 };
      store.records = store.records.map((candidate) => (candidate.id === current.id ? updated : candidate));
      store.history.get(current.id)?.push(entry('update', changes));
      return HttpResponse.json(answer(updated));
    }),
    http.delete(`${base}/:id`, async ({ request, params }) => {
      const { error, record } = await seen(request, String(params.id));
      if (error) return error;
      const current = record as FixtureRecord;
      if (options.referencedIds?.includes(current.id))
        return fail(409, ['ลบไม่ได้ เพราะยังมีข้อมูลอื่นอ้างถึงรายการนี้']);
      store.records = store.records.filter((candidate) => candidate.id !== current.id);
      store.history.get(current.id)?.push(entry('delete', {}));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
