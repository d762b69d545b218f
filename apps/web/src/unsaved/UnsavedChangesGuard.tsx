import { whenIdle } from '@lms/design-system';
import { lazyComponent } from '@lms/design-system/lazyComponent';
import { createUnsavedChanges, UnsavedChangesProvider } from '@lms/entity-pages';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useLeaveBlocker } from '../shell/GuardedRouter.tsx';

const LeaveDialog = lazyComponent(() => import('./LeaveDialog.tsx').then((m) => m.LeaveDialog));

/**
 * Leaving a form with unsaved input asks first (issue 22 item 7). Forms report their state to
 * the store this provides (`useUnsavedForm` in entity-pages); here the host asks:
 *
 * - a route change (a link, the palette, back/forward): `useLeaveBlocker`, the app's router's hold
 *   on navigation (shell/GuardedRouter.tsx; React Router's `useBlocker` needs its data router);
 * - a branch switch: it happens on `/selectBranch`, so going there is such a route change;
 * - closing or reloading the tab: `beforeunload`, where the browser shows its own question (the
 *   text of that dialog cannot be set).
 *
 * Changes of the query string alone (a list's page, filters) leave the form on screen and pass.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [store] = useState(createUnsavedChanges);
  const blocker = useLeaveBlocker(
    ({ currentLocation, nextLocation }) =>
      store.isDirty() &&
      (currentLocation.pathname !== nextLocation.pathname ||
        leavesDialog(currentLocation.search, nextLocation.search)),
  );

  // The question's dialog is a chunk fetched and mounted (closed) once the first screen is up, or when a leave is first blocked.
  const [asked, setAsked] = useState(false);
  useEffect(() => whenIdle(() => LeaveDialog.preload().then(() => setAsked(true))), []);
  if (blocker.state === 'blocked' && !asked) setAsked(true);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!store.isDirty()) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [store]);

  return (
    <UnsavedChangesProvider value={store}>
      {children}
      {asked && (
        <Suspense fallback={null}>
          <LeaveDialog
            isOpen={blocker.state === 'blocked'}
            onLeave={() => blocker.proceed()}
            onStay={() => blocker.reset()}
          />
        </Suspense>
      )}
    </UnsavedChangesProvider>
  );
}

/** The edit/show dialogs of `crudQueryId` entities live in `?id=`: losing it closes the form. */
function leavesDialog(current: string, next: string): boolean {
  return new URLSearchParams(current).get('id') !== new URLSearchParams(next).get('id');
}
