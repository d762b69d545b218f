/** sessionStorage (this tab only, not one of the spec's localStorage keys): when the page last reloaded for a lost chunk. */
const RELOADED_AT = 'lms-chunk-reload';
const LOOP_GUARD_MS = 10_000;

/**
 * After a release, a tab opened before it still names the previous chunks, which the server no
 * longer has: the first lazy screen it opens cannot load. Vite then fires `vite:preloadError`;
 * reloading fetches the new page and its chunks. Once per 10 s, so a chunk that really fails
 * ends in the error instead of a reload loop.
 */
export function reloadOnStaleChunk(): void {
  window.addEventListener('vite:preloadError', (event) => {
    try {
      const last = Number(window.sessionStorage.getItem(RELOADED_AT) ?? 0);
      if (Date.now() - last < LOOP_GUARD_MS) return;
      window.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      return; // No storage: no guard against a loop, so no reload.
    }
    event.preventDefault();
    window.location.reload();
  });
}
