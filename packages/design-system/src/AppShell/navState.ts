import { useEffect, useRef, useState } from 'react';

/** What the shell remembers between visits (spec §4: menu state). */
export interface NavState {
  /** Desktop drawer expanded (true) or collapsed to the icon rail (false). */
  readonly drawerOpen: boolean;
  /** Mobile (temporary) drawer shown. */
  readonly mobileOpen: boolean;
  /** Per-group open flag by group key; a missing key means open. */
  readonly groupsOpen: Readonly<Record<string, boolean>>;
}

/** Where NavState lives; the host decides (e.g. localStorage key `lms-nav`, spec §9). */
export interface NavStorage {
  load(): NavState | null;
  save(state: NavState): void;
}

/** Spec §9: menu state save debounce. */
export const navSaveDebounceMs = 1000;

export const defaultNavState: NavState = { drawerOpen: true, mobileOpen: false, groupsOpen: {} };

export function useNavState(storage: NavStorage | undefined) {
  const storageRef = useRef(storage);
  storageRef.current = storage;
  const [state, setState] = useState<NavState>(() => ({ ...defaultNavState, ...storage?.load() }));
  // The state last loaded or saved: nothing to write while it is unchanged.
  const persisted = useRef(state);

  useEffect(() => {
    if (persisted.current === state) return;
    const timer = setTimeout(() => {
      persisted.current = state;
      storageRef.current?.save(state);
    }, navSaveDebounceMs);
    return () => clearTimeout(timer);
  }, [state]);

  return [state, setState] as const;
}

export function isGroupOpen(state: Pick<NavState, 'groupsOpen'>, key: string): boolean {
  return state.groupsOpen[key] ?? true;
}
