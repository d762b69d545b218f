import { lazyComponent } from '@lms/design-system/lazyComponent';
import { type ComponentType, createElement, Suspense } from 'react';

/**
 * An entity's part (a slot's component: a record's actions, a form's section) in a chunk of its
 * own, fetched when its slot is first drawn. The generic pages are loaded by every entity's routes
 * and the registry with them, so a part imported there was loaded by every list's first screen:
 * printing, the shipment's stages, the booking's lead and the slot generator (docs/web.md "The
 * list's first screen loads the list"). Nothing is drawn in the slot until the part has run; its own
 * Suspense keeps the rest of the page on screen meanwhile; `preload` fetches it before.
 */
export function deferredPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload(): Promise<unknown> } {
  const Part = lazyComponent(load);
  return Object.assign(
    (props: P) => createElement(Suspense, { fallback: null }, createElement(Part, props)),
    {
      displayName: 'DeferredPart',
      // The list fetches its entity's parts when idle (entity-pages `preloadParts`), so a record's page draws them with it.
      preload: Part.preload,
    },
  );
}
