import { accountApi, type UserInfo } from '@lms/domain';
import { ApiError, call, createApiClient } from '@lms/entity-pages';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchSentEarly, sendSessionCheckEarly } from './earlyRequests.ts';
import { rememberEarly, startEarly } from './earlyStart.ts';

const base = 'http://lms.test/api';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const user = { userId: 'u-1', username: 'planner.bkk' } as unknown as UserInfo;

/** The session's check on the server: how many came, and with which token. */
function userInfoAnswers(answer: (token: string | null) => Response) {
  const tokens: (string | null)[] = [];
  server.use(
    http.get(`${base}${accountApi.userInfo.url}`, ({ request }) => {
      const token = request.headers.get('authorization');
      tokens.push(token);
      return answer(token);
    }),
  );
  return tokens;
}

const appClient = (token: string) => {
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: base,
    getToken: () => token,
    onUnauthorized,
    fetch: fetchSentEarly,
  });
  return { client, onUnauthorized };
};

describe('the session check sent as the page starts', () => {
  it('answers the app’s own check: one request on the wire, the answer read whole', async () => {
    const tokens = userInfoAnswers(() => HttpResponse.json(user));
    sendSessionCheckEarly(() => 'tok-1', base);
    const { client } = appClient('tok-1');
    await expect(call(client, accountApi.userInfo)).resolves.toEqual(user);
    expect(tokens).toEqual(['Bearer tok-1']);
    // Taken once: the next check is a request of its own.
    await expect(call(client, accountApi.userInfo)).resolves.toEqual(user);
    expect(tokens).toEqual(['Bearer tok-1', 'Bearer tok-1']);
  });

  it('is not used for another token: a tab that signed in meanwhile asks again', async () => {
    const tokens = userInfoAnswers(() => HttpResponse.json(user));
    sendSessionCheckEarly(() => 'tok-old', base);
    const { client } = appClient('tok-new');
    await expect(call(client, accountApi.userInfo)).resolves.toEqual(user);
    await vi.waitFor(() => expect(tokens).toHaveLength(2));
    expect(tokens.sort()).toEqual(['Bearer tok-new', 'Bearer tok-old']);
    // Leave nothing for the next test: the old token's check is taken by a call with that token.
    await call(appClient('tok-old').client, accountApi.userInfo);
    expect(tokens).toHaveLength(2);
  });

  it('hands a refusal to the app’s call, which logs out as on any 401', async () => {
    userInfoAnswers(() => HttpResponse.json({ messages: ['หมดเวลา'] }, { status: 401 }));
    sendSessionCheckEarly(() => 'tok-expired', base);
    const { client, onUnauthorized } = appClient('tok-expired');
    const failure = await call(client, accountApi.userInfo).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledWith(['หมดเวลา']);
  });

  it('passes every other request through', async () => {
    const tokens = userInfoAnswers(() => HttpResponse.json(user));
    const { client } = appClient('tok-2');
    await expect(call(client, accountApi.userInfo)).resolves.toEqual(user);
    expect(tokens).toEqual(['Bearer tok-2']);
  });

  it('takes the answer earlyStart.ts started from what the page asked last time: one request on the wire', async () => {
    const tokens = userInfoAnswers(() => HttpResponse.json(user));
    // The app's URLs are relative to the page ('/api/…'), as in the browser.
    const wire = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      wire(new URL(String(input), 'http://lms.test'), init),
    );
    try {
      const items = new Map<string, string>([['lms-auth-jwt', 'tok-3']]);
      const storage = {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
      } as unknown as Storage;
      rememberEarly(storage, 'lms-auth-jwt', '/deliveryOrder', [`/api${accountApi.userInfo.url}`]);
      startEarly(storage, '/deliveryOrder', (input, init) => fetch(input, init));
      await vi.waitFor(() => expect(tokens).toEqual(['Bearer tok-3']));
      // The early client builds the request as the app's client does (its default base), and
      // takes the one started.
      sendSessionCheckEarly(() => 'tok-3');
      const client = createApiClient({ getToken: () => 'tok-3', fetch: fetchSentEarly });
      await expect(call(client, accountApi.userInfo)).resolves.toEqual(user);
      expect(tokens).toEqual(['Bearer tok-3']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
