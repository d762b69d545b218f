import type { NavigationType as Action, Location, Navigator, To } from 'react-router-dom';

/** What a history (React Router's browser or memory history, `v5Compat`) gives the guard. */
export interface GuardedHistory {
  readonly action: Action;
  readonly location: Location;
  listen(listener: (update: HistoryUpdate) => void): () => void;
  createHref(to: To): string;
  encodeLocation(to: To): Pick<Location, 'pathname' | 'search' | 'hash'>;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
}

export interface HistoryUpdate {
  readonly action: Action;
  readonly location: Location;
  /** How far back/forward a POP went; `null` when the entry is not the app's. */
  readonly delta: number | null;
}

/** Whether leaving `currentLocation` for `nextLocation` must be asked first. */
export type LeaveTest = (args: {
  readonly currentLocation: Location;
  readonly nextLocation: Pick<Location, 'pathname' | 'search' | 'hash'>;
}) => boolean;

export interface LeaveGuard {
  /** What React Router's `<Router>` navigates with: pushes and replaces that the test holds are held. */
  readonly navigator: Navigator;
  readonly history: GuardedHistory;
  /** The updates that went through: a held back/forward is undone and never reaches `onChange`. */
  listen(onChange: (update: HistoryUpdate) => void): () => void;
  /** Holds the moves `test` says to ask about, until it is taken back. One test at a time. */
  block(test: LeaveTest): () => void;
  /** A move is held, waiting for `proceed` or `reset`. */
  isBlocked(): boolean;
  subscribe(onBlockedChange: () => void): () => void;
  /** Makes the held move. */
  proceed(): void;
  /** Drops the held move: the page stays. */
  reset(): void;
}

/**
 * The unsaved-changes question's hold on navigation (docs/web.md "Unsaved changes"), over React
 * Router's declarative `<Router>`: its data router (`createBrowserRouter`, for `useBlocker`) cost the
 * shell 16.5 kB gzip (issue 41). A link, `navigate()` or the palette go through `navigator`, held
 * before the address changes; back/forward has already changed it when the browser says so, so a
 * held one is undone (`go(-delta)`) and made again on `proceed` — what `useBlocker` does.
 */
export function createLeaveGuard(history: GuardedHistory): LeaveGuard {
  let test: LeaveTest | null = null;
  let held: (() => void) | null = null;
  let current = history.location;
  // The pop that undoes a held back/forward, and the one that makes it on proceed: not asked again.
  let undoing = false;
  let passing = false;
  const watchers = new Set<() => void>();
  const hold = (move: (() => void) | null) => {
    held = move;
    for (const watcher of watchers) watcher();
  };
  const asks = (to: To) =>
    test?.({ currentLocation: current, nextLocation: history.encodeLocation(to) }) ?? false;

  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state) => (asks(to) ? hold(() => history.push(to, state)) : history.push(to, state)),
    replace: (to, state) => (asks(to) ? hold(() => history.replace(to, state)) : history.replace(to, state)),
  };

  return {
    navigator,
    history,
    listen: (onChange) =>
      history.listen((update) => {
        if (undoing) {
          undoing = false;
          return;
        }
        if (passing) passing = false;
        else if (update.action === 'POP' && update.delta && asks(update.location)) {
          const { delta } = update;
          undoing = true;
          history.go(-delta);
          hold(() => {
            passing = true;
            history.go(delta);
          });
          return;
        }
        current = update.location;
        onChange(update);
      }),
    block(next) {
      test = next;
      return () => {
        if (test === next) test = null;
      };
    },
    isBlocked: () => held !== null,
    subscribe(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    proceed() {
      const move = held;
      hold(null);
      move?.();
    },
    reset: () => hold(null),
  };
}
