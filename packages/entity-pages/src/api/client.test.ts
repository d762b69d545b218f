import { MESSAGES, noJsonContentMessage, unknownErrorMessage } from '@lms/domain';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError.ts';
import { createApiClient } from './client.ts';
import { fileNameFromContentDisposition, type SaveEnvironment, saveBlob } from './download.ts';
import { queryString } from './query.ts';

const base = 'http://lms.test/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(() => server.close());

function clientWith(token: string | null = 'tok-1') {
  const onUnauthorized = vi.fn();
  const client = createApiClient({ baseUrl: base, getToken: () => token, onUnauthorized });
  return { client, onUnauthorized };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe('requests (spec §7)', () => {
  it('sends JSON with the stored bearer token', async () => {
    let seen: Request | undefined;
    let body: unknown;
    server.use(
      http.post(`${base}/province`, async ({ request }) => {
        seen = request;
        body = await request.json();
        return HttpResponse.json({ id: '7' }, { status: 201 });
      }),
    );
    const { client } = clientWith('tok-abc');
    await expect(client.post('province', { code: '10' })).resolves.toEqual({ id: '7' });
    expect(seen?.headers.get('authorization')).toBe('Bearer tok-abc');
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(body).toEqual({ code: '10' });
  });

  it('leaves the token out when switched off, or when there is none', async () => {
    const authorizations: (string | null)[] = [];
    server.use(
      http.get(`${base}/health`, ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return HttpResponse.json({ status: 'ok' });
      }),
    );
    await clientWith('tok').client.get('health', undefined, { auth: false });
    await clientWith(null).client.get('health');
    expect(authorizations).toEqual([null, null]);
  });

  it('reads the token at each call, so a renewed token is used at once', async () => {
    let token = 'first';
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${base}/x`, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({});
      }),
    );
    const client = createApiClient({ baseUrl: base, getToken: () => token });
    await client.get('x');
    token = 'second';
    await client.get('x');
    expect(seen).toEqual(['Bearer first', 'Bearer second']);
  });

  it('URL-encodes query parameters and drops null ones', async () => {
    let url: URL | undefined;
    server.use(
      http.get(`${base}/shipment`, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ items: [] });
      }),
    );
    await clientWith().client.get('shipment', {
      searchTerm: 'กรุงเทพ & co',
      branchId: null,
      page: 0,
      ids: ['1', '2'],
      docNoEq: undefined,
    });
    expect(url?.searchParams.get('searchTerm')).toBe('กรุงเทพ & co');
    expect(url?.searchParams.getAll('ids')).toEqual(['1', '2']);
    expect(url?.searchParams.get('page')).toBe('0');
    expect(url?.searchParams.has('branchId')).toBe(false);
    expect(url?.searchParams.has('docNoEq')).toBe(false);
    expect(queryString({ a: null, b: undefined })).toBe('');
  });

  it('reads the single-value form from `value`', async () => {
    server.use(http.get(`${base}/count`, () => HttpResponse.json({ value: 42 })));
    await expect(clientWith().client.getValue<number>('count')).resolves.toBe(42);
  });

  it('answers undefined for an empty 204', async () => {
    server.use(http.delete(`${base}/province/1`, () => new HttpResponse(null, { status: 204 })));
    await expect(clientWith().client.delete('province/1')).resolves.toBeUndefined();
  });

  it('uploads multipart with a repeated `files` field and no JSON content type', async () => {
    let contentType: string | null = null;
    let names: string[] = [];
    server.use(
      http.post(`${base}/file/upload`, async ({ request }) => {
        contentType = request.headers.get('content-type');
        const form = await request.formData();
        names = form.getAll('files').map((file) => (file as File).name);
        return HttpResponse.json({ files: [{ id: 'f1' }, { id: 'f2' }] });
      }),
    );
    const files = [new File(['a'], 'a.pdf'), new File(['b'], 'ข.pdf')];
    await expect(clientWith().client.upload('file/upload', files)).resolves.toEqual({
      files: [{ id: 'f1' }, { id: 'f2' }],
    });
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(names).toEqual(['a.pdf', 'ข.pdf']);
  });
});

describe('401 (spec §8)', () => {
  it('logs out with the messages of the body', async () => {
    server.use(
      http.get(`${base}/account/userInfo`, () =>
        HttpResponse.json({ messages: ['โทเคนถูกยกเลิก'] }, { status: 401 }),
      ),
    );
    const { client, onUnauthorized } = clientWith();
    const error = await failureOf(client.get('account/userInfo'));
    expect(error.status).toBe(401);
    expect(error.messages).toEqual(['โทเคนถูกยกเลิก']);
    expect(onUnauthorized).toHaveBeenCalledWith(['โทเคนถูกยกเลิก']);
  });

  it('falls back to the session-expired message', async () => {
    server.use(http.get(`${base}/x`, () => new HttpResponse('nope', { status: 401 })));
    const { client, onUnauthorized } = clientWith();
    const error = await failureOf(client.get('x'));
    expect(error.messages).toEqual([MESSAGES.sessionExpired.text]);
    expect(onUnauthorized).toHaveBeenCalledWith([MESSAGES.sessionExpired.text]);
  });

  it('does not log out where switched off (sign-in), and shows the server message', async () => {
    server.use(
      http.post(`${base}/auth/webLogin`, () =>
        HttpResponse.json({ messages: ['ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง'] }, { status: 401 }),
      ),
    );
    const { client, onUnauthorized } = clientWith(null);
    const error = await failureOf(
      client.post('auth/webLogin', { username: 'a', password: 'b' }, undefined, {
        auth: false,
        redirectOnUnauthorized: false,
      }),
    );
    expect(error.status).toBe(401);
    expect(error.messages).toEqual(['ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('other failures (spec §8)', () => {
  it.each([
    ['messages', { messages: ['ไม่พบข้อมูล'] }, ['ไม่พบข้อมูล']],
    ['errors as a list', { errors: ['ก', 'ข'] }, ['ก', 'ข']],
    ['error as a string', { error: 'เสีย' }, ['เสีย']],
    ['nothing known', { foo: 1 }, [unknownErrorMessage('{"foo":1}')]],
  ])('reads %s', async (_name, body, expected) => {
    server.use(http.get(`${base}/x`, () => HttpResponse.json(body, { status: 409 })));
    const error = await failureOf(clientWith().client.get('x'));
    expect(error.status).toBe(409);
    expect(error.messages).toEqual(expected);
  });

  it('keeps the per-field errors of a 422', async () => {
    server.use(
      http.post(`${base}/account/changePassword`, () =>
        HttpResponse.json(
          { messages: ['ข้อมูลไม่ถูกต้อง', 'รหัสผ่านเก่า ไม่ถูกต้อง'], errors: { oldPassword: 'รหัสผ่านเก่า ไม่ถูกต้อง' } },
          { status: 422 },
        ),
      ),
    );
    const error = await failureOf(clientWith().client.post('account/changePassword', {}));
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual({ oldPassword: 'รหัสผ่านเก่า ไม่ถูกต้อง' });
  });

  it('says a failure without JSON has no JSON content', async () => {
    server.use(http.get(`${base}/x`, () => new HttpResponse('<html>bad gateway</html>', { status: 502 })));
    const error = await failureOf(clientWith().client.get('x'));
    expect(error.status).toBe(502);
    expect(error.messages).toEqual([noJsonContentMessage(502)]);
  });

  it('says "unexpected error, see console" for messages of the wrong shape', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    server.use(http.get(`${base}/x`, () => HttpResponse.json({ messages: [{ text: 1 }] }, { status: 400 })));
    const error = await failureOf(clientWith().client.get('x'));
    expect(error.messages).toEqual([MESSAGES.unexpectedShape.text]);
    expect(console).toHaveBeenCalled();
  });

  it('turns a network failure into status 400 "could not connect"', async () => {
    server.use(http.get(`${base}/x`, () => HttpResponse.error()));
    const error = await failureOf(clientWith().client.get('x'));
    expect(error.status).toBe(400);
    expect(error.messages).toEqual([MESSAGES.cannotConnect.text]);
    // Told apart from the server's own 400, which the same words could never come back as.
    expect(error.connectionFailed).toBe(true);
    server.use(
      http.get(`${base}/x`, () => HttpResponse.json({ messages: ['ข้อมูลไม่ถูกต้อง'] }, { status: 400 })),
    );
    expect((await failureOf(clientWith().client.get('x'))).connectionFailed).toBe(false);
  });

  it('says the response could not be parsed when an ok answer is not JSON', async () => {
    server.use(http.get(`${base}/x`, () => new HttpResponse('{not json', { status: 200 })));
    const error = await failureOf(clientWith().client.get('x'));
    expect(error.messages).toEqual([MESSAGES.cannotParseResponse.text]);
  });

  it('reports anything else as an unexpected failure while connecting', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createApiClient({
      baseUrl: base,
      fetch: () => Promise.reject(new RangeError('boom')),
    });
    const error = await failureOf(client.get('x'));
    expect(error.messages).toEqual([MESSAGES.unexpectedConnectionFailure.text]);
  });
});

describe('downloads', () => {
  it.each([
    [
      `attachment; filename*=UTF-8''%E0%B8%A3%E0%B8%B2%E0%B8%A2%E0%B8%87%E0%B8%B2%E0%B8%99.xlsx`,
      'รายงาน.xlsx',
    ],
    [`attachment; filename="plain.pdf"; filename*=UTF-8''ok%20name.pdf`, 'ok name.pdf'],
    ['attachment; filename="a \\"quoted\\" name.txt"', 'a "quoted" name.txt'],
    ['attachment; filename=bare.csv', 'bare.csv'],
    ['inline', undefined],
    [null, undefined],
  ])('reads the file name of %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });

  function fakeEnvironment() {
    const link = {
      href: '',
      download: '',
      rel: '',
      style: {} as Record<string, string>,
      click: vi.fn(),
      remove: vi.fn(),
    };
    const timers: { ms: number; run: () => void }[] = [];
    const env = {
      document: { createElement: () => link, body: { appendChild: vi.fn() } },
      url: { createObjectURL: vi.fn(() => 'blob:1'), revokeObjectURL: vi.fn() },
      setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
    };
    return { env: env as unknown as SaveEnvironment & typeof env, link, timers };
  }

  it('saves under the Content-Disposition name and revokes the URL after 40 s', async () => {
    server.use(
      http.get(`${base}/file/9`, () =>
        HttpResponse.arrayBuffer(new TextEncoder().encode('hello').buffer as ArrayBuffer, {
          headers: { 'Content-Disposition': `attachment; filename*=UTF-8''%E0%B8%81.txt` },
        }),
      ),
    );
    const { env, link, timers } = fakeEnvironment();
    const client = createApiClient({ baseUrl: base, getToken: () => 't', saveEnvironment: env });
    await client.download('file/9');
    expect(link.download).toBe('ก.txt');
    expect(link.href).toBe('blob:1');
    expect(link.click).toHaveBeenCalledOnce();
    expect(timers.map((timer) => timer.ms)).toEqual([40_000]);
    expect(env.url.revokeObjectURL).not.toHaveBeenCalled();
    timers[0]?.run();
    expect(env.url.revokeObjectURL).toHaveBeenCalledWith('blob:1');
  });

  it('raises "could not download file" when saving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(`${base}/file/9`, () => HttpResponse.text('x')));
    const { env } = fakeEnvironment();
    env.url.createObjectURL.mockImplementation(() => {
      throw new Error('no URL');
    });
    const client = createApiClient({ baseUrl: base, saveEnvironment: env });
    const error = await failureOf(client.download('file/9'));
    expect(error.messages).toEqual([MESSAGES.downloadFailed.text]);
  });

  it('saveBlob revokes even when the click throws', () => {
    const { env, link, timers } = fakeEnvironment();
    link.click.mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(() => saveBlob(new Blob(['x']), 'x.txt', env)).toThrow('blocked');
    expect(timers).toHaveLength(1);
  });
});
