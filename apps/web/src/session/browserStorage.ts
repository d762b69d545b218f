import { MESSAGES, type STORAGE_KEYS } from '@lms/domain';
import { ApiError } from '@lms/entity-pages';

/**
 * The one door to localStorage (shared by every tab, which is what lets a tab see that another
 * signed in). A browser that refuses storage gets the cookies message of spec §8.
 */

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export class StorageUnavailableError extends ApiError {
  constructor() {
    super(0, [MESSAGES.cookiesDisabled.text]);
    this.name = 'StorageUnavailableError';
  }
}

function storage(): Storage {
  try {
    const store = window.localStorage;
    if (!store) throw new Error('no localStorage');
    return store;
  } catch (error) {
    console.error('Browser storage is not available', error);
    throw new StorageUnavailableError();
  }
}

function guarded<T>(work: (store: Storage) => T): T {
  const store = storage();
  try {
    return work(store);
  } catch (error) {
    console.error('Browser storage failed', error);
    throw new StorageUnavailableError();
  }
}

export const browserStorage = {
  read: (key: StorageKey): string | null => guarded((store) => store.getItem(key)),
  write: (key: StorageKey, value: string): void => guarded((store) => store.setItem(key, value)),
  remove: (key: StorageKey): void => guarded((store) => store.removeItem(key)),
  readJson<T>(key: StorageKey): T | null {
    const text = browserStorage.read(key);
    if (text === null) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  },
};

/** True when storage can be written and read back; the host checks once before anything else. */
export function storageWorks(): boolean {
  const probe = 'lms-storage-probe';
  try {
    const store = storage();
    store.setItem(probe, probe);
    const ok = store.getItem(probe) === probe;
    store.removeItem(probe);
    return ok;
  } catch {
    return false;
  }
}
