import type { EntityParts } from './types.ts';

/**
 * Fetches every part of an entity that is in a chunk of its own — a component with `preload`, as
 * the host's parts registry makes them — so that the record's page, opened next, draws its actions
 * and sections with it instead of after it (a second wait on a slow link). A failed fetch is left
 * to the part's own drawing, which tries again.
 */
export function preloadParts(parts: EntityParts): void {
  for (const part of Object.values(parts)) {
    const preload = typeof part === 'function' ? (part as { preload?: unknown }).preload : undefined;
    if (typeof preload === 'function') (preload as () => Promise<unknown>)().catch(() => undefined);
  }
}
