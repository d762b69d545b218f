import { entityByName } from '@lms/domain';
import { type EntityDialogState, EntityListPage, EntityPartsProvider, RecordPage } from '@lms/entity-pages';
import { partsFor } from '@lms/features/parts';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { EntityRouteDef } from '../shell/routeTypes.ts';
import { HostStatusScreen } from './HostStatusScreen.tsx';

/**
 * An entity's list, create, edit and show routes (spec §2) on the generic pages: the URL names
 * the dialog (`/x/edit/:id`, or `?id=` for appUser and appRoleGroup), and the list's filters stay
 * in the query string while a dialog opens and closes.
 */
export function EntityScreen({ route }: { route: EntityRouteDef }) {
  return (
    <WithParts>
      <EntityRoute route={route} />
    </WithParts>
  );
}

/** The entities' parts for the generic pages: handed in here, in the entity chunk, not in the shell. */
function WithParts({ children }: { children: ReactNode }) {
  return <EntityPartsProvider registry={partsFor}>{children}</EntityPartsProvider>;
}

function EntityRoute({ route }: { route: EntityRouteDef }) {
  const entity = entityByName(route.entity);
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const [search] = useSearchParams();
  const id = route.idIn === 'query' ? search.get('id') : (params.id ?? null);
  const byQuery = route.idIn === 'query' || entity.routeStyle === 'crudQueryId';

  const go = (pathname: string, recordId?: string) => {
    const query = new URLSearchParams(location.search);
    query.delete('id');
    if (recordId && byQuery) query.set('id', recordId);
    const text = query.toString();
    navigate({
      pathname: recordId && !byQuery ? `${pathname}/${recordId}` : pathname,
      search: text ? `?${text}` : '',
    });
  };
  const hrefOf = (dialog: EntityDialogState | null) => {
    if (!dialog) return go(entity.path);
    if (dialog.mode === 'create') return go(`${entity.path}/create`);
    return go(`${entity.path}/${dialog.mode}`, dialog.id);
  };

  // A list-only entity (DO report) has no sub-routes: its rows open the show dialog over the list.
  // Keyed by entity: a route from one list to another starts the list afresh (its search, filters,
  // picked rows and columns are that list's own, never the last list's).
  if (entity.routeStyle === 'listOnly') return <EntityListPage key={entity.name} entity={entity} />;
  if (route.kind === 'show') {
    return id ? (
      <RecordPage entity={entity} id={id} onBack={() => go(entity.path)} />
    ) : (
      <HostStatusScreen kind="invalid-url" />
    );
  }
  if (route.kind === 'edit' && !id) return <HostStatusScreen kind="invalid-url" />;
  const dialog: EntityDialogState | null =
    route.kind === 'create' ? { mode: 'create' } : route.kind === 'edit' && id ? { mode: 'edit', id } : null;
  return (
    <EntityListPage
      key={entity.name}
      entity={entity}
      dialog={dialog}
      onDialogChange={hrefOf}
      onOpenDetail={(recordId) => go(`${entity.path}/show`, recordId)}
    />
  );
}

/** The per-vehicle-type settings are edited in each branch's form (its child table). */
export function BranchSettingsScreen() {
  return (
    <WithParts>
      <EntityListPage entity="branch" />
    </WithParts>
  );
}
