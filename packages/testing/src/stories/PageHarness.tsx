import { SnackbarProvider } from '@lms/design-system';
import { type EntityDef, ROLE_ADMIN } from '@lms/domain';
import {
  EntityPartsProvider,
  memorySearchParams,
  type OpenBookingEvents,
  SearchParamsProvider,
  SessionProvider,
  type SessionUser,
} from '@lms/entity-pages';
import { partsFor } from '@lms/features/parts';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { FIXTURE_BRANCH_ID } from '../mocks/fixtures.ts';

/** A signed-in user for stories: admin by default, or exactly the given roles. */
export function storyUser(
  roles: readonly string[] = [ROLE_ADMIN],
  branchInfos: SessionUser['branchInfos'] = [
    { id: FIXTURE_BRANCH_ID, code: 'BRA001', name: 'สาขา กรุงเทพมหานคร' },
  ],
): SessionUser {
  return {
    userId: 'story-user',
    username: 'user01',
    fullName: 'สมชาย ใจดี',
    email: 'user01@example.co.th',
    roles,
    branchInfos,
  };
}

/** The read role of an entity's prefix only: sees everything, may change nothing. */
export function readOnlyRoles(entity: EntityDef): string[] {
  return [`ROLE_${entity.permission}_READ`];
}

/** A snackbar's time on screen in a story unless it names its own: longer than any story runs. */
const STORY_SNACKBAR_MS = 600_000;

/** What the host app provides around a page: session, acting branch, snackbars, URL state, the entities' parts. */
export function PageHarness({
  roles,
  search = '',
  width,
  openEvents,
  snackbarMs,
  branchInfos,
  children,
}: {
  readonly roles?: readonly string[];
  /** The user's branches (the first is the acting one); one Bangkok branch by default. */
  readonly branchInfos?: SessionUser['branchInfos'] | undefined;
  readonly search?: string;
  readonly width?: number | undefined;
  readonly openEvents?: OpenBookingEvents | undefined;
  readonly snackbarMs?: number | undefined;
  readonly children: ReactNode;
}) {
  const store = useMemo(() => memorySearchParams(search), [search]);
  // A snackbar stays until the story's screenshot by default: the screenshot is taken after the play
  // function and the a11y check, which on a loaded machine outlast the product's 5 s, and a story
  // then compared a page whose snackbar had gone with a baseline that shows it (it timed out
  // twice in a full run at load 10). A story about a snackbar's own timing passes its own `snackbarMs`.
  const durations = useMemo(() => ({ snackbar: snackbarMs ?? STORY_SNACKBAR_MS }), [snackbarMs]);
  return (
    <SessionProvider
      user={storyUser(roles, branchInfos)}
      branchId={branchInfos?.[0]?.id ?? FIXTURE_BRANCH_ID}
      openEvents={openEvents}
    >
      <SnackbarProvider durations={durations}>
        <SearchParamsProvider store={store}>
          <EntityPartsProvider registry={partsFor}>
            <div style={width ? { width, maxWidth: '100%' } : undefined}>{children}</div>
          </EntityPartsProvider>
        </SearchParamsProvider>
      </SnackbarProvider>
    </SessionProvider>
  );
}
