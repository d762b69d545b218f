/**
 * The staff app's service worker (issue 41; built by apps/web/build/staffWorker.ts with Workbox):
 * registered once the first screen is drawn and the browser is idle, so its precache does not
 * compete with that screen's own files, and the files that screen loaded come from the HTTP cache.
 * A new release's worker waits: `waitingRelease` offers it (the update prompt), and taking it
 * reloads the page once the new worker controls it. Until then the old page keeps answering from
 * its own precache, which holds every chunk it names (no blank page against deleted chunks).
 */

type Listener = (apply: (() => void) | null) => void;

let waiting: (() => void) | null = null;
const listeners = new Set<Listener>();
let started = false;

/** The release waiting to be taken (its apply), or null; `listener` hears each change. */
export function onWaitingRelease(listener: Listener): () => void {
  listeners.add(listener);
  listener(waiting);
  return () => listeners.delete(listener);
}

/** A new release is installed and waits: `apply` takes it (stories and the worker's event call it). */
export function offerRelease(apply: (() => void) | null): void {
  waiting = apply;
  for (const listener of listeners) listener(apply);
}

/** A tab open all day moves between screens without loading a page: look for a release hourly too. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers `/sw.js` (production builds only; the dev server has no worker). Once per page. By
 * hand rather than with workbox-window: it misses a release whose worker was already installing
 * when the page registered (it listens for `updatefound` only from then on), and the page
 * registers only once its first screen is drawn.
 */
export function registerStaffWorker(): void {
  if (started || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  started = true;
  navigator.serviceWorker
    .register('/sw.js')
    .then((registration) => {
      // A worker that waits while another controls the page is a release (the first install is not).
      let offered: ServiceWorker | null = null;
      const offerIfWaiting = () => {
        const next = registration.waiting;
        if (!next || next === offered || !navigator.serviceWorker.controller) return;
        offered = next;
        offerRelease(() => take(next));
      };
      const watch = (worker: ServiceWorker | null) => worker?.addEventListener('statechange', offerIfWaiting);
      offerIfWaiting();
      watch(registration.installing);
      registration.addEventListener('updatefound', () => watch(registration.installing));
      window.setInterval(() => registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    // No worker (a private window, storage refused): the app works as before, from the network.
    .catch(() => undefined);
}

/** Takes the waiting release (Workbox's worker answers `SKIP_WAITING`), then reloads under it. */
function take(next: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  next.postMessage({ type: 'SKIP_WAITING' });
}
