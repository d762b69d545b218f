import { entityApi, entityByName, MESSAGES, STORAGE_KEYS } from '@lms/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, type UserInfo } from './authStore.ts';
import { StorageUnavailableError, storageWorks } from './browserStorage.ts';
import { rememberEarly, startEarly } from './earlyStart.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

function withStorage(storage: unknown) {
  vi.stubGlobal('window', { localStorage: storage });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const info: UserInfo = {
  userId: 'u-1',
  username: 'somchai',
  fullName: 'สมชาย',
  email: null,
  profileImageId: null,
  roles: [],
  branchInfos: [],
  mustChangePassword: false,
  buddhistEra: false,
};

describe('authStore', () => {
  it('stores a sign-in under the spec keys', () => {
    const storage = new MemoryStorage();
    withStorage(storage);
    authStore.saveLogin({ userId: 'u-1', token: 't', expiresAt: '2026-11-01T10:00:00.000Z', info });
    expect(storage.items.get(STORAGE_KEYS.authJwt)).toBe('t');
    expect(storage.items.get(STORAGE_KEYS.authExp)).toBe('2026-11-01T10:00:00.000Z');
    expect(JSON.parse(storage.items.get(STORAGE_KEYS.authInfo) ?? '')).toMatchObject({ userId: 'u-1' });
    expect(authStore.expiresAt()).toBe(Date.parse('2026-11-01T10:00:00.000Z'));
    expect(authStore.storedUserId()).toBe('u-1');
  });

  it('reads no expiry when none (or garbage) is stored', () => {
    const storage = new MemoryStorage();
    withStorage(storage);
    expect(authStore.expiresAt()).toBeNull();
    storage.setItem(STORAGE_KEYS.authExp, 'soon');
    expect(authStore.expiresAt()).toBeNull();
  });

  it('clears the auth keys and the branch on logout, and keeps the menu state', () => {
    const storage = new MemoryStorage();
    withStorage(storage);
    for (const key of Object.values(STORAGE_KEYS)) storage.setItem(key, 'x');
    authStore.clear();
    expect([...storage.items.keys()].sort()).toEqual([STORAGE_KEYS.authRedirect, STORAGE_KEYS.nav].sort());
  });

  it("forgets what the last user's pages asked first, at sign-out and at another sign-in", () => {
    const storage = new MemoryStorage();
    withStorage(storage);
    const list = `/api${entityApi(entityByName('deliveryOrder')).list.url}`;
    const asked: string[] = [];
    const send = ((input: RequestInfo | URL) => {
      asked.push(String(input));
      return Promise.resolve(new Response('{}'));
    }) as typeof fetch;
    const opened = () => startEarly(storage as unknown as Storage, '/deliveryOrder', send);
    for (const leave of [
      () => authStore.clear(),
      () => authStore.saveLogin({ userId: 'u-2', token: 't2', expiresAt: '2026-11-01T10:00:00.000Z', info }),
    ]) {
      storage.setItem(STORAGE_KEYS.authJwt, 't');
      rememberEarly(storage as unknown as Storage, STORAGE_KEYS.authJwt, '/deliveryOrder', [list]);
      leave();
      opened();
    }
    expect(asked).toEqual([]);
    // What the test checks is there to be forgotten: kept, it is asked.
    rememberEarly(storage as unknown as Storage, STORAGE_KEYS.authJwt, '/deliveryOrder', [list]);
    opened();
    expect(asked).toEqual([list]);
  });
});

describe('browser storage failures', () => {
  it('raise the cookies message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    withStorage({
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(() => authStore.token()).toThrow(StorageUnavailableError);
    try {
      authStore.token();
    } catch (error) {
      expect((error as StorageUnavailableError).messages).toEqual([MESSAGES.cookiesDisabled.text]);
    }
    expect(storageWorks()).toBe(false);
  });

  it('storageWorks is true for a working storage', () => {
    withStorage(new MemoryStorage());
    expect(storageWorks()).toBe(true);
  });
});
