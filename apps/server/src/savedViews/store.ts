import { type SavedView, type ViewSharing, ViewState } from '@lms/domain';
import { expressionBuilder } from 'kysely';
import { Compile } from 'typebox/compile';
import type { Database } from '../db/database.ts';
import { storedJson } from '../db/fields.ts';
import type { DB } from '../db/schema.generated.ts';

/** The reader of the views: whose they are and what they may see. */
export interface Viewer {
  readonly userId: string;
  readonly roles: readonly string[];
  readonly branchIds: readonly string[];
}

/**
 * A view is visible to its owner, and when shared, to the users of its branch (if it names one)
 * who hold its role (if it names one). Everyone else never sees it: by id it is "not found".
 */
function visibleTo(viewer: Viewer) {
  const { eb, and, or, fn, val } = expressionBuilder<{ v: DB['saved_view'] }, 'v'>();
  return or([
    eb('v.owner_id', '=', viewer.userId),
    and([
      eb.ref('v.shared'),
      or([
        eb('v.share_branch_id', 'is', null),
        eb('v.share_branch_id', '=', fn.any(val([...viewer.branchIds]))),
      ]),
      or([eb('v.share_role', 'is', null), eb('v.share_role', '=', fn.any(val([...viewer.roles])))]),
    ]),
  ]);
}

const selectViews = (db: Database, viewer: Viewer) =>
  db
    .selectFrom('saved_view as v')
    .innerJoin('app_user as u', 'u.id', 'v.owner_id')
    .leftJoin('branch as b', 'b.id', 'v.share_branch_id')
    .select((eb) => [
      'v.id',
      'v.entity',
      'v.name',
      'v.state',
      'v.owner_id',
      eb.fn
        .coalesce(eb.fn<string | null>('nullif', ['u.full_name', eb.val('')]), 'u.username')
        .as('owner_label'),
      'v.share_branch_id',
      'v.share_role',
      'b.name as branch_label',
      'v.updated_at',
    ])
    .where(visibleTo(viewer));

const storedState = Compile(ViewState);

type Row = Awaited<ReturnType<ReturnType<typeof selectViews>['executeTakeFirstOrThrow']>>;

function toView(row: Row, viewer: Viewer): SavedView & { readonly ownerId: string } {
  return {
    id: row.id,
    entity: row.entity,
    name: row.name,
    // Stored only from a checked ViewState (insertView, updateView), checked again as it comes back.
    state: storedJson(storedState, row.state, 'saved_view.state'),
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
  const rows = await selectViews(db, viewer)
    .where('v.entity', '=', entity)
    .orderBy((eb) => eb('v.owner_id', '=', viewer.userId), 'desc')
    .orderBy((eb) => eb.fn('lower', ['v.name']))
    .orderBy('v.id')
    .execute();
  return rows.map((row) => toView(row, viewer));
}

/** One view the user may see, else undefined (another's private view is not told apart from none). */
export async function findView(db: Database, viewer: Viewer, id: string) {
  const row = await selectViews(db, viewer).where('v.id', '=', id).executeTakeFirst();
  return row && toView(row, viewer);
}

export async function countOwnViews(db: Database, userId: string, entity: string): Promise<number> {
  const row = await db
    .selectFrom('saved_view')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', userId)
    .where('entity', '=', entity)
    .executeTakeFirst();
  return row?.n ?? 0;
}

export interface ViewWrite {
  readonly name: string;
  readonly state: ViewState;
  readonly sharing: ViewSharing | null;
}

/** The columns a write sets: the sharing as two nullable columns and the flag. */
const columnsOf = (view: ViewWrite) => ({
  name: view.name,
  state: JSON.stringify(view.state),
  share_branch_id: view.sharing?.branchId ?? null,
  share_role: view.sharing?.role ?? null,
  shared: view.sharing !== null,
});

export async function insertView(db: Database, ownerId: string, entity: string, view: ViewWrite) {
  const row = await db
    .insertInto('saved_view')
    .values({ entity, owner_id: ownerId, ...columnsOf(view) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateView(db: Database, id: string, view: ViewWrite): Promise<void> {
  await db
    .updateTable('saved_view')
    .set((eb) => ({ ...columnsOf(view), updated_at: eb.fn<Date>('now') }))
    .where('id', '=', id)
    .execute();
}

export async function deleteView(db: Database, id: string): Promise<void> {
  await db.deleteFrom('saved_view').where('id', '=', id).execute();
}

/** The user's default view of the list, while they may still see it. */
export async function defaultViewId(db: Database, viewer: Viewer, entity: string): Promise<string | null> {
  const row = await db
    .selectFrom('saved_view_default as d')
    .innerJoin('saved_view as v', 'v.id', 'd.view_id')
    .select('v.id')
    .where('d.user_id', '=', viewer.userId)
    .where('d.entity', '=', entity)
    .where(visibleTo(viewer))
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function setDefaultView(db: Database, userId: string, entity: string, viewId: string | null) {
  if (viewId === null) {
    await db
      .deleteFrom('saved_view_default')
      .where('user_id', '=', userId)
      .where('entity', '=', entity)
      .execute();
    return;
  }
  await db
    .insertInto('saved_view_default')
    .values({ user_id: userId, entity, view_id: viewId })
    .onConflict((oc) =>
      oc.columns(['user_id', 'entity']).doUpdateSet((eb) => ({ view_id: eb.ref('excluded.view_id') })),
    )
    .execute();
}

export async function branchExists(db: Database, id: string): Promise<boolean> {
  return !!(await db.selectFrom('branch').select('id').where('id', '=', id).executeTakeFirst());
}
