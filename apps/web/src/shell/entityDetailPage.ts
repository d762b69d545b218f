import { lazyComponent } from '@lms/design-system/lazyComponent';

/**
 * A record's page, drawn by the entity screen (pages/EntityScreen.tsx) in a chunk of its own: most
 * visits to an entity's routes are its list, which then does not wait for the record page's code
 * (docs/web.md "The list's first screen loads the list"). A show route asks it beside the screen's
 * (`preloadScreenAt`). A module of its own: the shell and the entity screen both name it, and the
 * screen may not import the route table that imports it.
 */
export const EntityDetailPage = lazyComponent(() =>
  import('@lms/entity-pages/detail').then((m) => m.EntityDetailPage),
);
