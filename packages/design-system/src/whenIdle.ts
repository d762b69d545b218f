/** The longest idle work waits for the first screen (`holdIdleWork`): a hung request holds nothing for good. */
export const IDLE_HOLD_MAX_MS = 10_000;

let held: Promise<unknown> = Promise.resolve();

/**
 * Holds idle work back until `until` settles (the app passes its first screen's chunk and data,
 * `preloadScreenAt`), or for `IDLE_HOLD_MAX_MS` at most. While a page loads, its main thread is idle
 * mostly because it waits for the network, and what idle work fetches (a dialog's chunk, the
 * service worker's precache) would share that network with the screen's own files: from an empty
 * cache they took a round of the list's requests (docs/web.md "Idle work waits for the first screen").
 */
export function holdIdleWork(until: Promise<unknown>): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, IDLE_HOLD_MAX_MS);
  });
  held = Promise.race([until.then(noop, noop), cap]).finally(() => clearTimeout(timer));
}

const noop = () => undefined;

/**
 * Runs `work` when the browser is next idle after the first screen is up (`holdIdleWork`): how the
 * shell fetches the chunks of what it opens on demand (a modal spinner, the palette) before anyone
 * asks for them. Returns a cancel.
 */
export function whenIdle(work: () => unknown): () => void {
  let cancelled = false;
  let cancel: (() => void) | undefined;
  held.then(() => {
    if (!cancelled) cancel = onIdle(work);
  });
  return () => {
    cancelled = true;
    cancel?.();
  };
}

function onIdle(work: () => unknown): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(() => work(), 1000);
  return () => window.clearTimeout(timer);
}
