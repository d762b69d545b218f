import type { SavedView, ViewSharing, ViewState } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** The reader of the views: whose they are and what they may see. */
export interface Viewer {
  readonly userId: string;
  readonly roles: readonly string[];
  readonly branchIds: readonly string[];
}

interface Row {
  id: string;
  entity: string;
  name: string;
  state: ViewState;
  owner_id: string;
  owner_label: string;
  share_branch_id: string | null;
  share_role: string | null;
  branch_label: string | null;
  updated_at: Date;
}

/**
 * A view is visible to its owner, and when shared, to the users of its branch (if it names one)
 * who hold its role (if it names one). Everyone else never sees it: by id it is "not found".
 */
const visibleTo = (viewer: Viewer) => sql`(v.owner_id = ${viewer.userId} or (v.shared
  and (v.share_branch_id is null or v.share_branch_id = any(${[...viewer.branchIds]}::uuid[]))
  and (v.share_role is null or v.share_role = any(${[...viewer.roles]}::text[]))))`;

const selectViews = (viewer: Viewer) => sql`select v.id, v.entity, v.name, v.state, v.owner_id,
    coalesce(nullif(u.full_name, ''), u.username) as owner_label, v.share_branch_id, v.share_role,
    b.name as branch_label, v.updated_at
  from saved_view v
  join app_user u on u.id = v.owner_id
  left join branch b on b.id = v.share_branch_id
  where ${visibleTo(viewer)}`;

function toView(row: Row, viewer: Viewer): SavedView & { readonly ownerId: string } {
  return {
    id: row.id,
    entity: row.entity,
    name: row.name,
    state: row.state,
    ownerId: row.owner_id,
    ownerLabel: row.owner_label,
    mine: row.owner_id === viewer.userId,
    sharing:
      row.share_branch_id === null && row.share_role === null
        ? null
        : { branchId: row.share_branch_id, role: row.share_role },
    branchLabel: row.branch_label,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The user's own views of the list first, then those shared with them; by name within each. */
export async function listViews(db: Database, viewer: Viewer, entity: string) {
  const { rows } = await sql<Row>`${selectViews(viewer)} and v.entity = ${entity}
    order by (v.owner_id = ${viewer.userId}) desc, lower(v.name), v.id`.execute(db);
  return rows.map((row) => toView(row, viewer));
}

/** One view the user may see, else undefined (another's private view is not told apart from none). */
export async function findView(db: Database, viewer: Viewer, id: string) {
  const { rows } = await sql<Row>`${selectViews(viewer)} and v.id = ${id}`.execute(db);
  return rows[0] && toView(rows[0], viewer);
}

export async function countOwnViews(db: Database, userId: string, entity: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from saved_view
    where owner_id = ${userId} and entity = ${entity}`.execute(db);
  return rows[0]?.n ?? 0;
}

export interface ViewWrite {
  readonly name: string;
  readonly state: ViewState;
  readonly sharing: ViewSharing | null;
}

export async function insertView(db: Database, ownerId: string, entity: string, view: ViewWrite) {
  const { rows } = await sql<{ id: string }>`insert into saved_view
      (entity, owner_id, name, state, share_branch_id, share_role, shared)
    values (${entity}, ${ownerId}, ${view.name}, ${JSON.stringify(view.state)}::jsonb,
      ${view.sharing?.branchId ?? null}, ${view.sharing?.role ?? null}, ${view.sharing !== null})
    returning id`.execute(db);
  return rows[0]!.id;
}

export async function updateView(db: Database, id: string, view: ViewWrite): Promise<void> {
  await sql`update saved_view set name = ${view.name}, state = ${JSON.stringify(view.state)}::jsonb,
      share_branch_id = ${view.sharing?.branchId ?? null}, share_role = ${view.sharing?.role ?? null},
      shared = ${view.sharing !== null}, updated_at = now()
    where id = ${id}`.execute(db);
}

export async function deleteView(db: Database, id: string): Promise<void> {
  await sql`delete from saved_view where id = ${id}`.execute(db);
}

/** The user's default view of the list, while they may still see it. */
export async function defaultViewId(db: Database, viewer: Viewer, entity: string): Promise<string | null> {
  const { rows } = await sql<{ id: string }>`select v.id from saved_view_default d
    join saved_view v on v.id = d.view_id
    where d.user_id = ${viewer.userId} and d.entity = ${entity} and ${visibleTo(viewer)}`.execute(db);
  return rows[0]?.id ?? null;
}

export async function setDefaultView(db: Database, userId: string, entity: string, viewId: string | null) {
  if (viewId === null) {
    await sql`delete from saved_view_default where user_id = ${userId} and entity = ${entity}`.execute(db);
    return;
  }
  await sql`insert into saved_view_default (user_id, entity, view_id) values (${userId}, ${entity}, ${viewId})
    on conflict (user_id, entity) do update set view_id = excluded.view_id`.execute(db);
}

export async function branchExists(db: Database, id: string): Promise<boolean> {
  const { rows } = await sql`select 1 from branch where id = ${id}`.execute(db);
  return rows.length > 0;
}
