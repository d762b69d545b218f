import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
} from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, Router } from 'react-router-dom';
import { createLeaveGuard, type LeaveGuard, type LeaveTest } from './leaveGuard.ts';
import { MovePending } from './MovePending.tsx';

const GuardContext = createContext<LeaveGuard | null>(null);

/**
 * React Router's `BrowserRouter` (declarative mode: no data router in the shell, issue 41) with
 * the unsaved-changes guard's hold on navigation (leaveGuard.ts). Like `BrowserRouter`, each move
 * is drawn in a transition: the old page stays until the next one's chunk is in, with a bar at
 * the top meanwhile (`MovePending`).
 */
export function GuardedRouter({ children }: { readonly children: ReactNode }) {
  const [guard] = useState(() => createLeaveGuard(createBrowserHistory({ v5Compat: true })));
  const [shown, setShown] = useState(() => ({
    action: guard.history.action,
    location: guard.history.location,
  }));
  const [moving, startMove] = useTransition();
  useLayoutEffect(
    () => guard.listen(({ action, location }) => startMove(() => setShown({ action, location }))),
    [guard],
  );
  return (
    <GuardContext.Provider value={guard}>
      {moving && <MovePending />}
      <Router location={shown.location} navigationType={shown.action} navigator={guard.navigator}>
        {children}
      </Router>
    </GuardContext.Provider>
  );
}

export interface LeaveBlocker {
  readonly state: 'blocked' | 'unblocked';
  /** Makes the held move. */
  readonly proceed: () => void;
  /** Drops it: the page stays. */
  readonly reset: () => void;
}

const unguarded: LeaveBlocker = { state: 'unblocked', proceed: () => {}, reset: () => {} };
const never = () => () => {};

/**
 * Holds the moves `when` says to ask about (React Router's `useBlocker`, for `GuardedRouter`).
 * Under another router (a story's `MemoryRouter`) nothing is held.
 */
export function useLeaveBlocker(when: LeaveTest): LeaveBlocker {
  const guard = useContext(GuardContext);
  const test = useRef(when);
  useLayoutEffect(() => {
    test.current = when;
  });
  useEffect(() => guard?.block((args) => test.current(args)), [guard]);
  const blocked = useSyncExternalStore(guard?.subscribe ?? never, () => guard?.isBlocked() ?? false);
  if (!guard) return unguarded;
  return { state: blocked ? 'blocked' : 'unblocked', proceed: guard.proceed, reset: guard.reset };
}
