import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router-dom';

const SAVED = 'lms-scroll-positions';

function readSaved(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SAVED) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * The window's scroll position per page (React Router's `ScrollRestoration`, which needs its data
 * router: issue 41): another page opens at its top, or at its `#hash`; back/forward and a reload
 * return where the page was; moves within one page (`getKey` the same) leave it where it is.
 * Positions are noted as the window scrolls, so the one noted is the page's before the next drew;
 * they outlive a reload in sessionStorage, written when the page is hidden. Back on a page whose
 * rows come after it (a list's data), the position is asked again until the page is tall enough.
 */
/** What the user does to scroll on their own: a restore still under way gives way to it. */
const USER_SCROLLS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
/** How long a restore waits for the page to grow tall enough (its rows drawn from their data). */
const RESTORE_WAIT_MS = 2000;

/**
 * Scrolls back to `top`, asking again frame by frame while the page is still too short to reach it
 * (a list back from a record draws its rows after the route: the browser clamps the first ask),
 * until it is reached, the user scrolls, or RESTORE_WAIT_MS pass. Answers how to stop it early.
 */
function restoreTo(top: number): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const event of USER_SCROLLS) window.removeEventListener(event, stop);
  };
  for (const event of USER_SCROLLS) window.addEventListener(event, stop, { passive: true });
  const ask = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) < 1 || performance.now() - started > RESTORE_WAIT_MS) stop();
    else frame = requestAnimationFrame(ask);
  };
  ask();
  return stop;
}

export function ScrollKeeper({ getKey }: { readonly getKey: (location: Location) => string }) {
  const location = useLocation();
  const action = useNavigationType();
  const key = getKey(location);
  const positions = useRef<Record<string, number> | null>(null);
  const shownKey = useRef<string | null>(null);
  const restoring = useRef<(() => void) | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const note = () => {
      if (positions.current && shownKey.current !== null)
        positions.current[shownKey.current] = window.scrollY;
    };
    const save = () => {
      try {
        sessionStorage.setItem(SAVED, JSON.stringify(positions.current ?? {}));
      } catch {
        // A browser without session storage restores within the tab's life only.
      }
    };
    window.addEventListener('scroll', note, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', note);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readSaved();
    if (shownKey.current === key) return;
    shownKey.current = key;
    const saved = positions.current[key];
    restoring.current?.();
    restoring.current = null;
    if (action === 'POP' && saved !== undefined) restoring.current = restoreTo(saved);
    else if (location.hash)
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, action, location.hash]);
  return null;
}
