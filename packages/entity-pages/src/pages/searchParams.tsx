import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';

/**
 * Where a list page keeps its view (filters, search, sort, page) so that a link reproduces it.
 * The package stays router-free: by default the browser's URL (`history.replaceState`); the host
 * app may supply its router's search params instead, and stories an in-memory store.
 */
export interface SearchParamsStore {
  read(): URLSearchParams;
  write(next: URLSearchParams): void;
  subscribe(listener: () => void): () => void;
}

const listeners = new Set<() => void>();

export const browserSearchParams: SearchParamsStore = {
  read: () => new URLSearchParams(window.location.search),
  write: (next) => {
    const search = next.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`,
    );
    for (const listener of listeners) listener();
  },
  subscribe: (listener) => {
    listeners.add(listener);
    window.addEventListener('popstate', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('popstate', listener);
    };
  },
};

/** A store that lives in memory (stories, tests, pages embedded in dialogs). */
export function memorySearchParams(initial = ''): SearchParamsStore {
  let current = new URLSearchParams(initial);
  const own = new Set<() => void>();
  return {
    read: () => new URLSearchParams(current),
    write: (next) => {
      current = new URLSearchParams(next);
      for (const listener of own) listener();
    },
    subscribe: (listener) => {
      own.add(listener);
      return () => own.delete(listener);
    },
  };
}

const SearchParamsContext = createContext<SearchParamsStore>(browserSearchParams);

export function SearchParamsProvider({ store, children }: { store: SearchParamsStore; children: ReactNode }) {
  return <SearchParamsContext.Provider value={store}>{children}</SearchParamsContext.Provider>;
}

/** The current search params and a setter that merges changes (null or '' removes a key). */
export function useUrlState() {
  const store = useContext(SearchParamsContext);
  const text = useSyncExternalStore(store.subscribe, () => store.read().toString());
  const params = useMemo(() => new URLSearchParams(text), [text]);
  const update = useCallback(
    (changes: Readonly<Record<string, string | readonly string[] | null | undefined>>) => {
      const next = store.read();
      for (const [key, value] of Object.entries(changes)) {
        next.delete(key);
        for (const item of value == null ? [] : [value].flat()) if (item !== '') next.append(key, item);
      }
      store.write(next);
    },
    [store],
  );
  return [params, update] as const;
}
