/**
 * Runs `work` when the browser is next idle (after the first screen is up): how the shell fetches
 * the chunks of what it opens on demand (a modal spinner, the palette) before anyone asks for
 * them. Returns a cancel.
 */
export function whenIdle(work: () => unknown): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(() => work(), 1000);
  return () => window.clearTimeout(timer);
}
