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
 * they outlive a reload in sessionStorage, written when the page is hidden.
 */
export function ScrollKeeper({ getKey }: { readonly getKey: (location: Location) => string }) {
  const location = useLocation();
  const action = useNavigationType();
  const key = getKey(location);
  const positions = useRef<Record<string, number> | null>(null);
  const shownKey = useRef<string | null>(null);

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
    if (action === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash)
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, action, location.hash]);
  return null;
}
