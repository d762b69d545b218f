import type { LazyComponent } from '@lms/design-system/lazyComponent';
import type { DoBookingStep, EntityPageDef, FeaturePage, MenuGroupKey, PageDef } from '@lms/domain';

/** What a route of the shell's table (routes.ts) is: what its screens take, apart from the table itself. */

/** Where a page that is no entity's sits in the sidebar (an entity's list says it with `menuGroup`). */
export interface MenuPlacement {
  readonly group: MenuGroupKey;
  /** Icon name from the design system's icon set. */
  readonly icon: string;
  /** The entry's label when it is not the page's title. */
  readonly label?: string;
}

interface RouteBase extends PageDef {
  readonly title: string;
  readonly menu?: MenuPlacement;
}

/** Home and login: the shell's own screens, not lazy (home/HomePage.tsx, auth/LoginPage.tsx; shell/router.tsx). */
export interface ShellRouteDef extends RouteBase {
  readonly kind: 'home' | 'login';
}

/** A feature page and the screen it shows, fetched in its own chunk the first time. */
export interface PageRouteDef extends RouteBase {
  readonly kind: 'page';
  /** The domain's page (`featurePages`) it shows: its path, roles and branch. */
  readonly page: FeaturePage;
  readonly screen: LazyComponent<{ readonly route: PageRouteDef }>;
  /** For the DO booking wizard's routes: the step the route shows. */
  readonly step?: DoBookingStep;
}

/** A generic page of an entity (spec §2: list, create, edit, show), shown by the entity chunk. */
export interface EntityRouteDef extends RouteBase, EntityPageDef {
  readonly screen: LazyComponent<{ readonly route: EntityRouteDef }>;
}

export type RouteDef = ShellRouteDef | PageRouteDef | EntityRouteDef;
