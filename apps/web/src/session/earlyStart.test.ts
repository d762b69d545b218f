import { accountApi, entityApi, entityByName, type Operation } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { bearer, forgetEarly, rememberEarly, startEarly, takeStarted } from './earlyStart.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const TOKEN_KEY = 'lms-auth-jwt';
/** An operation's URL as the app's client asks it (its base is `/api`). */
const asked = (operation: Operation, query = '') => `/api${operation.url}${query}`;
const listOf = (entity: Parameters<typeof entityByName>[0]) => entityApi(entityByName(entity)).list;
const list = asked(listOf('deliveryOrder'), '?page=0&size=20&fields=docNo');
const check = asked(accountApi.userInfo);
/** Distinct API URLs: entities' lists. */
const lists = (
  [
    'province',
    'district',
    'customer',
    'vehicle',
    'driver',
    'warehouse',
    'branch',
    'region',
    'article',
  ] as const
).map((entity) => asked(listOf(entity)));

let browsers = 0;
/**
 * A storage with `token` stored, and a fetch that records what it was asked. Each browser's token is
 * its own: an answer started and not taken stays started (a page starts once), and a test must not
 * find another test's.
 */
function browser(token: string | null = `tok-b${++browsers}`) {
  const storage = new MemoryStorage();
  if (token) storage.setItem(TOKEN_KEY, token);
  const asked: { url: string; authorization: string | null }[] = [];
  const send = (async (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ url: String(input), authorization: new Headers(init?.headers).get('Authorization') });
    return new Response(String(input));
  }) as typeof fetch;
  return { storage: storage as unknown as Storage & MemoryStorage, asked, send };
}

describe('the requests a page asked first, asked again at its next start', () => {
  it('asks what this page asked last time, with the token stored now, each answer taken once', async () => {
    const { storage, asked, send } = browser('tok-1');
    rememberEarly(storage, TOKEN_KEY, '/deliveryOrder', [check, list]);
    storage.setItem(TOKEN_KEY, 'tok-2');
    startEarly(storage, '/deliveryOrder', send);
    expect(asked).toEqual([
      { url: check, authorization: 'Bearer tok-2' },
      { url: list, authorization: 'Bearer tok-2' },
    ]);
    const answer = takeStarted(list, bearer('tok-2'));
    expect(await answer?.then((r) => r.text())).toBe(list);
    expect(takeStarted(list, bearer('tok-2'))).toBeUndefined();
    // Another token's request is not this one: a tab that signed in meanwhile asks again.
    expect(takeStarted(check, bearer('tok-1'))).toBeUndefined();
    expect(takeStarted(check, null)).toBeUndefined();
    expect(takeStarted(check, bearer('tok-2'))).toBeDefined();
  });

  it('asks nothing for another page, without a token, or from storage it cannot read', () => {
    const other = browser();
    rememberEarly(other.storage, TOKEN_KEY, '/deliveryOrder', [list]);
    startEarly(other.storage, '/deliveryOrder?filter=x', other.send);
    startEarly(other.storage, '/doBooking', other.send);
    expect(other.asked).toEqual([]);

    const signedOut = browser(null);
    rememberEarly(signedOut.storage, TOKEN_KEY, '/deliveryOrder', [list]);
    startEarly(signedOut.storage, '/deliveryOrder', signedOut.send);
    expect(signedOut.asked).toEqual([]);

    for (const garbage of [
      '{',
      '"text"',
      '{"tokenKey":1,"pages":[]}',
      '{"tokenKey":"lms-auth-jwt","pages":[null]}',
    ]) {
      const broken = browser();
      broken.storage.setItem('lms-early-requests', garbage);
      startEarly(broken.storage, '/deliveryOrder', broken.send);
      expect(broken.asked, garbage).toEqual([]);
    }
  });

  it("replays the app's own API alone, at most four requests a page", () => {
    const { storage, asked: sent, send } = browser();
    const elsewhere = [
      `https://elsewhere.example${list}`,
      '/assets/main.js',
      `${check}?q=${'x'.repeat(2_000)}`,
    ];
    rememberEarly(storage, TOKEN_KEY, '/deliveryOrder', [...elsewhere, ...lists.slice(0, 5)]);
    startEarly(storage, '/deliveryOrder', send);
    expect(sent.map((a) => a.url)).toEqual(lists.slice(0, 4));
  });

  it('keeps the latest opening of each page, eight pages at most, and forgets them all on request', () => {
    const { storage, asked: sent, send } = browser();
    rememberEarly(storage, TOKEN_KEY, '/deliveryOrder', [lists[0]!]);
    rememberEarly(storage, TOKEN_KEY, '/deliveryOrder', [check, list]);
    startEarly(storage, '/deliveryOrder', send);
    expect(sent.map((a) => a.url)).toEqual([check, list]);
    sent.length = 0;
    for (let n = 1; n <= 8; n += 1) rememberEarly(storage, TOKEN_KEY, `/page${n}`, [lists[n]!]);
    startEarly(storage, '/deliveryOrder', send);
    expect(sent).toEqual([]);
    startEarly(storage, '/page1', send);
    startEarly(storage, '/page8', send);
    expect(sent.map((a) => a.url)).toEqual([lists[1], lists[8]]);

    rememberEarly(storage, TOKEN_KEY, '/deliveryOrder', [list]);
    forgetEarly(() => storage);
    startEarly(storage, '/deliveryOrder', send);
    expect(sent).toHaveLength(2);
  });

  it('keeps nothing, and throws nothing, when storage refuses', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(() => rememberEarly(refusing, TOKEN_KEY, '/deliveryOrder', [list])).not.toThrow();
    expect(() => forgetEarly(() => refusing)).not.toThrow();
  });
});
