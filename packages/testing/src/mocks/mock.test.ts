import {
  type Answer,
  apiKeyApi,
  calendarApi,
  entityApi,
  entityByName,
  importApi,
  type Operation,
  savedViewsApi,
} from '@lms/domain';
import { call, callWithForm, createApiClient } from '@lms/entity-pages';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mock, nextHandler, queryOf, refusal } from './mock.ts';

// The mocks answer the page's own origin (`/api/…`), as in the stories' browser.
const origin = 'http://lms.test';
const api = createApiClient({ baseUrl: `${origin}/api`, getToken: () => null });
const server = setupServer();
beforeAll(() => {
  vi.stubGlobal('location', new URL(`${origin}/`));
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

const id = '5b0c4b0e-9d52-4c6e-9a43-8d1b5a7e2f10';
const branchId = '0d4b8a4e-5c8e-4c1e-8b7a-1f2e3d4c5b6a';
const customerImport = importApi('customer');

describe('mock(operation, resolver)', () => {
  it('answers the operation at its path and method, with its path parameters decoded', async () => {
    let seen: unknown;
    server.use(
      mock(customerImport.job, ({ params }) => {
        seen = params.id;
        return { id: params.id, phase: 'done' } as unknown as Answer<typeof customerImport.job>;
      }),
    );
    await call(api, customerImport.job, { params: { id: 'งาน 1/2' } });
    expect(seen).toBe('งาน 1/2');
  });

  it('reads the query as the schema says: lists, numbers, enums kept as text', async () => {
    const queries: unknown[] = [];
    server.use(
      mock(calendarApi.cells, ({ query }) => {
        queries.push(query);
        return [];
      }),
      mock(customerImport.rows, ({ query }) => {
        queries.push(query);
        return { rows: [], total: 0 };
      }),
    );
    await call(api, calendarApi.cells, {
      query: { branchId, from: '2025-01-06', to: '2025-01-12', vehicleTypeIds: [id] },
    });
    await call(api, customerImport.rows, {
      params: { id },
      query: { status: 'failed', offset: 100, limit: 50 },
    });
    expect(queries).toEqual([
      { branchId, from: '2025-01-06', to: '2025-01-12', vehicleTypeIds: [id] },
      { status: 'failed', offset: 100, limit: 50 },
    ]);
  });

  it('reads a flag as a boolean and a number as a number where the schema says so, text elsewhere', () => {
    const flagged = {
      method: 'GET',
      url: '/flagged',
      schema: {
        querystring: {
          type: 'object',
          properties: {
            on: { type: 'boolean' },
            size: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
            days: { type: 'array', items: { type: 'integer' } },
            name: { type: 'string' },
          },
        },
        response: {},
      },
    } as unknown as Operation;
    const url = new URL('http://lms.test/flagged?on=true&size=20&days=1&days=3&name=007&other=5');
    expect(queryOf(flagged, url)).toEqual({ on: true, size: 20, days: [1, 3], name: '007', other: '5' });
  });

  it('hands the resolver the typed JSON body and sends its answer with the 2xx status', async () => {
    let body: unknown;
    server.use(
      mock(apiKeyApi.create, (request) => {
        body = request.body;
        return { ...request.body, id, prefix: 'lms_Ab', secret: 's' } as unknown as Answer<
          typeof apiKeyApi.create
        >;
      }),
    );
    const sent = { name: 'ERP', roleGroupId: id, branchIds: [branchId] };
    const created = await call(api, apiKeyApi.create, { body: sent });
    expect(body).toEqual(sent);
    expect(created).toMatchObject({ name: 'ERP', secret: 's' });
  });

  it('answers 204 without a body for an operation that answers none', async () => {
    let status = 0;
    server.events.on('response:mocked', ({ response }) => {
      status = response.status;
    });
    server.use(mock(savedViewsApi.remove, () => null));
    await expect(call(api, savedViewsApi.remove, { params: { id } })).resolves.toBeUndefined();
    expect(status).toBe(204);
    server.events.removeAllListeners();
  });

  it('sends a refusal as the api.md error: its status and Thai messages', async () => {
    server.use(mock(apiKeyApi.list, () => refusal(409, 'มีผู้ใช้ชื่อนี้แล้ว', 'กรุณาเลือกชื่ออื่น')));
    await expect(call(api, apiKeyApi.list)).rejects.toMatchObject({
      status: 409,
      messages: ['มีผู้ใช้ชื่อนี้แล้ว', 'กรุณาเลือกชื่ออื่น'],
    });
  });

  it('answers once when told, then lets the next handler answer', async () => {
    const province = entityApi(entityByName('province'));
    server.use(
      mock(province.options, () => [{ id: '2', label: 'ครั้งเดียว' }], { once: true }),
      mock(province.options, () => [{ id: '1', label: 'ตลอด' }]),
    );
    const labels = async () => (await call(api, province.options)).map((option) => option.label);
    expect(await labels()).toEqual(['ครั้งเดียว']);
    expect(await labels()).toEqual(['ตลอด']);
  });

  it('leaves a request it does not answer to the next handler', async () => {
    const province = entityApi(entityByName('province'));
    server.use(
      mock(province.options, ({ query }) => (query.searchTerm ? [{ id: '1', label: 'ค้นหา' }] : nextHandler)),
      mock(province.options, () => [{ id: '2', label: 'ทั้งหมด' }]),
    );
    const labels = async (searchTerm?: string) =>
      (await call(api, province.options, { query: { searchTerm } })).map((option) => option.label);
    expect(await labels('กรุง')).toEqual(['ค้นหา']);
    expect(await labels()).toEqual(['ทั้งหมด']);
  });

  it('leaves a form unread for the resolver', async () => {
    let names: string[] = [];
    server.use(
      mock(customerImport.start, async ({ request, body }) => {
        expect(body).toBeUndefined();
        names = [...(await request.formData()).keys()];
        return refusal(422, 'ไฟล์ไม่ถูกต้อง');
      }),
    );
    const form = new FormData();
    form.append('file', new File(['x'], 'ลูกค้า.xlsx'));
    await expect(callWithForm(api, customerImport.start, form)).rejects.toMatchObject({ status: 422 });
    expect(names).toEqual(['file']);
  });
});

describe('mock: the contract types the answer', () => {
  it('refuses an answer of another shape (checked by the compiler)', () => {
    const never = () => [
      // @ts-expect-error: the list of API keys is a list
      mock(apiKeyApi.list, () => ({ id })),
      // @ts-expect-error: the path parameter is `id`, nothing else
      mock(savedViewsApi.remove, ({ params }) => (params.token ? null : null)),
    ];
    expect(never).toBeTypeOf('function');
  });
});
