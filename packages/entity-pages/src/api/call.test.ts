import {
  apiKeyApi,
  bookingApi,
  entityApi,
  entityByName,
  filesApi,
  importApi,
  presenceApi,
  privacyApi,
  savedViewsApi,
} from '@lms/domain';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from './apiClient.ts';
import { call, callForBytes, callWithFiles, callWithForm, operationPath } from './call.ts';
import { createApiClient } from './client.ts';

/** One request as the client sent it, and what the fake server answered. */
interface Sent {
  readonly method: string;
  readonly url: URL;
  readonly body: string | FormData | null;
}

function clientAnswering(status: number, answer?: unknown, headers: Record<string, string> = {}) {
  const sent: Sent[] = [];
  const api: ApiClient = createApiClient({
    baseUrl: 'http://lms.test/api',
    fetch: async (input, init) => {
      const body = init?.body;
      sent.push({
        method: init?.method ?? 'GET',
        url: new URL(String(input)),
        body: typeof body === 'string' || body instanceof FormData ? body : null,
      });
      const text = answer === undefined ? null : typeof answer === 'string' ? answer : JSON.stringify(answer);
      return new Response(text, { status, headers });
    },
  });
  return { api, sent };
}

const id = '5b0c4b0e-9d52-4c6e-9a43-8d1b5a7e2f10';
const branchId = '0d4b8a4e-5c8e-4c1e-8b7a-1f2e3d4c5b6a';

describe('call(api, operation, { params, query, body })', () => {
  it('fills the path parameters, URL-encoded, under the base', async () => {
    const { api, sent } = clientAnswering(200, { id: 'x', origName: 'ใบส่งของ.pdf' });
    await expect(call(api, filesApi.info, { params: { id: 'a/b c' } })).resolves.toEqual({
      id: 'x',
      origName: 'ใบส่งของ.pdf',
    });
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.url.pathname).toBe('/api/file/info/a%2Fb%20c');
  });

  it('fills every parameter of a path with several', async () => {
    const { api, sent } = clientAnswering(200, 'bytes', {
      'Content-Disposition': 'attachment; filename="p.json"',
    });
    const { fileName } = await callForBytes(api, privacyApi.personalData, {
      params: { entity: 'shipTo', id },
    });
    expect(sent[0]?.url.pathname).toBe(`/api/privacy/personalData/shipTo/${id}`);
    expect(fileName).toBe('p.json');
  });

  it('sends the query: lists repeated, numbers and flags as text, nothing for null or undefined', async () => {
    const { api, sent } = clientAnswering(200, []);
    const province = entityApi(entityByName('province'));
    await call(api, province.options, {
      query: { ids: ['1', '2'], size: 2, searchTerm: undefined, codeEq: null },
    });
    const query = sent[0]!.url.searchParams;
    expect(sent[0]?.url.pathname).toBe('/api/province/options');
    expect(query.getAll('ids')).toEqual(['1', '2']);
    expect(query.get('size')).toBe('2');
    expect(query.has('searchTerm')).toBe(false);
    expect(query.has('codeEq')).toBe(false);
  });

  it('sends a typed JSON body with the method of the operation', async () => {
    const { api, sent } = clientAnswering(201, { id, name: 'ERP', key: 'k' });
    await call(api, apiKeyApi.create, { body: { name: 'ERP', roleGroupId: id, branchIds: [branchId] } });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url.pathname).toBe('/api/apiKey');
    expect(JSON.parse(sent[0]?.body as string)).toEqual({
      name: 'ERP',
      roleGroupId: id,
      branchIds: [branchId],
    });
  });

  it('answers undefined for a 204', async () => {
    const { api, sent } = clientAnswering(204);
    await expect(call(api, savedViewsApi.remove, { params: { id } })).resolves.toBeUndefined();
    expect(sent[0]?.method).toBe('DELETE');
    expect(sent[0]?.url.pathname).toBe(`/api/savedViews/${id}`);
  });

  it('rejects with the Thai messages of a refusal', async () => {
    const { api } = clientAnswering(409, { messages: ['มีผู้ยืนยันไปก่อนแล้ว'] });
    await expect(call(api, bookingApi.confirm, { query: { id, branchId } })).rejects.toMatchObject({
      status: 409,
      messages: ['มีผู้ยืนยันไปก่อนแล้ว'],
    });
  });

  it('carries the acting branch on an operation that declares no query (a branch-owned record)', async () => {
    const { api, sent } = clientAnswering(204);
    await call(api, entityApi(entityByName('vehicle')).remove, { params: { id }, query: { branchId } });
    expect(sent[0]?.url.searchParams.get('branchId')).toBe(branchId);
  });

  it('puts with the body and the query both', async () => {
    const { api, sent } = clientAnswering(200, { branchId, entity: 'province', recordId: id, users: [] });
    await call(api, presenceApi.heartbeat, {
      query: { branchId },
      body: { entity: 'province', recordId: id, tabId: 'tab-1', mode: 'viewing' },
    });
    expect(sent[0]?.method).toBe('PUT');
    expect(sent[0]?.url.search).toBe(`?branchId=${branchId}`);
  });

  it('posts a form and uploads files to their operation', async () => {
    const { api, sent } = clientAnswering(200, { files: [{ id: 'f1' }] });
    const file = new File(['x'], 'a.txt');
    await expect(callWithFiles(api, filesApi.upload, [file])).resolves.toEqual({ files: [{ id: 'f1' }] });
    const form = new FormData();
    form.append('file', file);
    await callWithForm(api, importApi('customer').start, form, { query: { dryRun: 'true' } });
    expect(sent.map((s) => s.url.pathname)).toEqual(['/api/file/upload', '/api/customer/import/jobs']);
    expect(sent[1]?.url.search).toBe('?dryRun=true');
    expect((sent[0]!.body as FormData).getAll('files')).toHaveLength(1);
    expect(sent[1]?.body).toBe(form);
  });

  it('names the path of an operation for what takes only a path', () => {
    expect(operationPath(filesApi.image, { id: 'ä 1' })).toBe('/file/image/%C3%A4%201');
    expect(operationPath(apiKeyApi.list)).toBe('/apiKey');
  });
});

describe('call: the contract types the call', () => {
  it('refuses a call without what the operation requires (checked by the compiler)', () => {
    const { api } = clientAnswering(200, {});
    const never = () => {
      // @ts-expect-error: the path parameter `id` is required
      void call(api, filesApi.info);
      // @ts-expect-error: the body is required
      void call(api, apiKeyApi.create);
      // @ts-expect-error: a body of the wrong shape
      void call(api, apiKeyApi.create, { body: { name: 7 } });
      // @ts-expect-error: the draft's query (id, branchId) is required
      void call(api, bookingApi.summary);
      // @ts-expect-error: an operation without a body takes none
      void call(api, apiKeyApi.list, { body: {} });
      // @ts-expect-error: the path's parameters are the operation's
      void operationPath(filesApi.info, { token: 'x' });
    };
    expect(never).toBeTypeOf('function');
  });
});
