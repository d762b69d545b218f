import { LoadingScreen } from '@lms/design-system';
import { lazyComponent } from '@lms/design-system/lazyComponent';
import { type ReactNode, Suspense } from 'react';

/**
 * What the shell shows outside the route table, each in its own chunk (the table's screens are
 * named by their routes, shell/routes.ts).
 */

/** Opened on demand (or forced after a temporary password): yup and the form stay out of the shell. */
export const ChangePasswordDialog = lazyComponent(() =>
  import('../session/ChangePasswordDialog.tsx').then((m) => m.ChangePasswordDialog),
);

/** While a screen's chunk loads: the light first-load spinner (navigations keep the old page meanwhile). */
export function ScreenSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}
