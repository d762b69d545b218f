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

/** Registers `/sw.js` (production builds only; the dev server has no worker). Once per page. */
export function registerStaffWorker(): void {
  if (started || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  started = true;
  import('workbox-window')
    .then(({ Workbox }) => {
      const worker = new Workbox('/sw.js');
      worker.addEventListener('waiting', () =>
        offerRelease(() => {
          worker.addEventListener('controlling', () => window.location.reload());
          worker.messageSkipWaiting();
        }),
      );
      return worker.register();
    })
    // No worker (a private window, storage refused): the app works as before, from the network.
    .catch(() => undefined);
}
