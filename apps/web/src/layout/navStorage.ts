import type { NavState, NavStorage } from '@lms/design-system';
import { STORAGE_KEYS } from '@lms/domain';
import { browserStorage } from '../session/browserStorage.ts';

/** Menu state under lms-nav (spec §4, §9); AppShell debounces the saves by 1 s. */
export const navStorage: NavStorage = {
  load() {
    try {
      const stored = browserStorage.readJson<Partial<NavState>>(STORAGE_KEYS.nav);
      if (!stored || typeof stored !== 'object') return null;
      return {
        drawerOpen: typeof stored.drawerOpen === 'boolean' ? stored.drawerOpen : true,
        mobileOpen: typeof stored.mobileOpen === 'boolean' ? stored.mobileOpen : false,
        groupsOpen:
          stored.groupsOpen && typeof stored.groupsOpen === 'object' ? { ...stored.groupsOpen } : {},
      };
    } catch {
      return null;
    }
  },
  save(state) {
    try {
      browserStorage.write(STORAGE_KEYS.nav, JSON.stringify(state));
    } catch {
      // The menu works without remembering; the cookies message is shown at start.
    }
  },
};
