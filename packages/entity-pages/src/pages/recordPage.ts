import { lazyComponent } from '@lms/design-system/lazyComponent';

/**
 * A record's page in a chunk of its own: most visits to an entity's routes are its list, which then
 * does not wait for the record page's code (docs/web.md "The list's first screen loads the list").
 * The one declaration of that chunk: the host's entity screen draws it, its show routes ask it
 * beside the screen's chunk (`preloadScreenAt`), and a list fetches it when idle (`onDemand.tsx`).
 */
export const RecordPage = lazyComponent(() =>
  import('./EntityDetailPage.tsx').then((m) => m.EntityDetailPage),
);
