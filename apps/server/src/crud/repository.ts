import {
  type EntityDef,
  entityByName,
  type FieldDef,
  LIMITS,
  type ListPageInfo,
  type ListQuery,
  listRowFields,
} from '@lms/domain';
import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Database, Executor, Tx } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { childTableOf, columnOf, isLabelled, linkTableOf, tableOf } from '../entities/naming.ts';
import { checkAttachments, checkFileColumns } from './attachments.ts';
import { cappedCount } from './cappedCount.ts';
import { attachmentFields, columnFields, refsFields, selectList, toColumnValue } from './columns.ts';
import { afterCondition, cursorAfter, keysetSort, readCursor } from './keyset.ts';
import { attachLabels, labelSql } from './labels.ts';
import { labelledRecordSql, pageItems } from './selectItems.ts';
import { whereClause } from './where.ts';

export type Row = Record<string, unknown>;

/** A list's ORDER BY: its sort (or the entity's default), then the id. */
export function orderBy(entity: EntityDef, query: ListQuery): RawBuilder<unknown> {
  const sort = query.sort.length ? query.sort : entity.defaultSort;
  const parts = sort.map(({ field, direction }) => {
    const def = entity.fields.find((f) => f.name === field);
    // PostgreSQL's default null order, the one the derived btree indexes have, so they serve the sort.
    const dir = sql.raw(direction === 'desc' ? 'desc' : 'asc');
    // A reference sorts by its label, as the user sees it.
    if (def?.type === 'ref' && def.ref && isLabelled(def.ref)) {
      const target = entityByName(def.ref);
      return sql`(select ${labelSql(target, 'r')} from ${sql.table(tableOf(target))} r where r.id = ${sql.ref(`t.${columnOf(def)}`)}) ${dir}`;
    }
    const column =
      field === 'createdAt' || field === 'updatedAt' ? columnOf({ name: field }) : columnOf({ name: field });
    return sql`${sql.ref(`t.${column}`)} ${dir}`;
  });
  return sql`order by ${sql.join([...parts, sql`t.id asc`])}`;
}

/**
 * Adds each `refs` field (ids from its link table) and each child list to the rows; `only`: those
 * of these names alone (a list page asked with `fields`).
 */
export async function attachLinksAndChildren(
  db: Executor,
  entity: EntityDef,
  rows: Row[],
  only?: ReadonlySet<string>,
): Promise<void> {
  if (rows.length === 0) return;
  const wanted = (name: string) => !only || only.has(name);
  const ids = rows.map((r) => r.id as string);
  for (const field of refsFields(entity).filter((f) => wanted(f.name))) {
    const { rows: links } = await sql<{ owner_id: string; ids: string[] }>`
      select owner_id, array_agg(ref_id order by ref_id) as ids from ${sql.table(linkTableOf(entity, field))}
       where owner_id = any(${ids}::uuid[]) group by owner_id`.execute(db);
    const byOwner = new Map(links.map((l) => [l.owner_id, l.ids]));
    for (const row of rows) row[field.name] = byOwner.get(row.id as string) ?? [];
  }
  for (const field of attachmentFields(entity).filter((f) => wanted(f.name))) {
    const { rows: links } = await sql<{ owner_id: string; ids: string[] }>`
      select owner_id, array_agg(file_id order by position) as ids from ${sql.table(linkTableOf(entity, field))}
       where owner_id = any(${ids}::uuid[]) group by owner_id`.execute(db);
    const byOwner = new Map(links.map((l) => [l.owner_id, l.ids]));
    for (const row of rows) row[field.name] = byOwner.get(row.id as string) ?? [];
  }
  for (const child of (entity.children ?? []).filter((c) => wanted(c.name))) {
    const { rows: children } = await sql<Row>`
      select ${sql.join([{ name: 'parentId' }, { name: 'id' }, ...columnFields(child)].map((f) => sql`${sql.ref(`t.${columnOf(f)}`)} as ${sql.ref(f.name)}`))}
        from ${sql.table(childTableOf(entity, child.name))} t
       where t.parent_id = any(${ids}::uuid[]) order by t.parent_id, t.position`.execute(db);
    for (const row of rows) row[child.name] = [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { parentId, ...rest } of children)
      (byId.get(parentId)?.[child.name] as Row[] | undefined)?.push(rest);
  }
}

/** How a page is read: with its total counted or not (`total=skip`), and after which row (`after`). */
export interface PageReading {
  readonly countTotal?: boolean;
  /** The `after` cursor as sent: the page starts past the row it names (crud/keyset.ts). */
  readonly after?: string;
  /**
   * `fields` as asked (checked, `parseListFields`): the rows carry those and what every row needs
   * (`listRowFields`), read from their columns and labels alone. Absent: every field.
   */
  readonly fields?: readonly string[];
}

/**
 * One page of a list, and the total its filters match unless `countTotal` is false (`total=skip`:
 * the screen pages or sorts a filter set whose total it already knows; issue 24). One row past the
 * page is read so that `hasMore` says whether paging on finds more, counted or not. Where the sort
 * pages by key, the answer's `next` is where the next page starts, and a page asked `after` one
 * (or the first page) is read without OFFSET by a statement PostgreSQL keeps planned (issue 41);
 * a page asked by number alone is read from `page × size`.
 */
export async function listRecords(
  db: Database,
  entity: EntityDef,
  query: ListQuery,
  branchId?: string,
  { countTotal = true, after, fields }: PageReading = {},
): Promise<ListPageInfo & { items: Row[] }> {
  const keys = keysetSort(entity, query);
  // The sort's fields are always among them: the next page's cursor is the last row's values.
  const only = fields && listRowFields(entity, fields, query.sort);
  const cursor = after === undefined ? undefined : readCursor(keys, after);
  const where = whereClause(entity, query, branchId);
  const table = sql`${sql.table(tableOf(entity))} as t`;
  const order = orderBy(entity, query);
  const byKey = keys && (cursor || query.page === 0);
  // By key: the limit is written in (sizes are few), for a limit PostgreSQL cannot see makes it plan every time.
  const pageWhere =
    cursor && keys ? whereClause(entity, query, branchId, 't', [afterCondition(keys, cursor)]) : where;
  const window = byKey
    ? sql`limit ${sql.lit(query.size + 1)}`
    : sql`limit ${query.size + 1} offset ${query.page * query.size}`;
  const whole = answeredWhole(entity);
  // Exact up to the limit past the next page, so the total shown always covers the next page.
  const countLimit = Math.max(LIMITS.listExactCountLimit, (query.page + 2) * query.size);
  const pageQuery = whole
    ? // Where one statement answers the rows whole, their links and labels come with the page (on
      // the page's rows only, sorted again by the same total order); else two more round trips.
      sql<Row>`select ${pageItems(db, entity, true, only)}
          from (select t.* from ${table} ${pageWhere} ${order} ${window}) as t ${order}`
    : sql<Row>`select ${pageItems(db, entity, false, only)} from ${table} ${pageWhere} ${order} ${window}`;
  const [{ rows }, count] = await Promise.all([
    byKey ? db.executeQuery(prepared(pageQuery.compile(db), 'list')) : pageQuery.execute(db),
    countTotal ? cappedCount(db, table, where, countLimit) : undefined,
  ]);
  const hasMore = rows.length > query.size;
  const items = hasMore ? rows.slice(0, query.size) : rows;
  if (!whole) {
    await attachLinksAndChildren(db, entity, items, only);
    await attachLabels(db, entity, items, only);
  }
  // Made before the route masks the rows; a personal field never is a key (crud/keyset.ts).
  const next = hasMore && keys ? { next: cursorAfter(keys, items.at(-1)!) } : {};
  const page = { items, hasMore, page: query.page, size: query.size, ...next };
  if (!count) return { ...page, total: null, totalIsLowerBound: false };
  return { ...page, total: count.count, totalIsLowerBound: count.isLowerBound };
}

/**
 * The ids of every row a list's query matches (its own WHERE, the acting branch included), at
 * most `limit`: a bulk action's "all matching the filter".
 */
export async function matchingIds(
  db: Executor,
  entity: EntityDef,
  query: ListQuery,
  branchId: string | undefined,
  limit: number,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select t.id from ${sql`${sql.table(tableOf(entity))} as t`}
    ${whereClause(entity, query, branchId)} ${orderBy(entity, query)} limit ${limit}`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * Rows of a list without paging, in batches, for the Excel export (keeps memory flat). The
 * filters are checked here, at the call, not at the first batch: a bad filter is a 400 before
 * the download starts rather than a dropped connection in the middle of it.
 */
export function streamRecords(
  db: Database,
  entity: EntityDef,
  query: ListQuery,
  branchId?: string,
  batch = 2000,
): AsyncGenerator<Row[]> {
  const where = whereClause(entity, query, branchId);
  return (async function* () {
    for (let offset = 0; ; offset += batch) {
      const { rows } =
        await sql<Row>`select ${selectList(entity)} from ${sql`${sql.table(tableOf(entity))} as t`} ${where}
        ${orderBy(entity, query)} limit ${batch} offset ${offset}`.execute(db);
      await attachLinksAndChildren(db, entity, rows);
      await attachLabels(db, entity, rows);
      yield rows;
      if (rows.length < batch) return;
    }
  })();
}

/** A branch-owned row is only ever the acting branch's: another branch's is as missing as an unknown id. */
const inBranch = (entity: EntityDef, branchId: string | undefined) =>
  entity.branchOwned ? sql`and t.branch_id = ${branchId ?? null}` : sql``;

export async function findRecord(
  db: Executor,
  entity: EntityDef,
  id: string,
  branchId?: string,
  lock = false,
) {
  const { rows } = await sql<Row>`select ${selectList(entity)} from ${sql`${sql.table(tableOf(entity))} as t`}
    where t.id = ${id} ${inBranch(entity, branchId)} ${lock ? sql`for update` : sql``}`.execute(db);
  if (!rows[0]) return undefined;
  await attachLinksAndChildren(db, entity, rows);
  return rows[0];
}

/**
 * One record as the by-id read answers it — columns, `refs` ids, attachments and every reference's
 * label — in one statement, where `findRecord` + `withLabels` took three round trips. Entities
 * with child lists (their rows' labels too) and those whose personal data is a reference (masked
 * before its label is read) take that path still.
 */
export async function findLabelledRecord(db: Database, entity: EntityDef, id: string, branchId?: string) {
  if (!answeredWhole(entity)) {
    const row = await findRecord(db, entity, id, branchId);
    return row && withLabels(db, entity, row);
  }
  // Named: its label subqueries were planned again on every read.
  const { rows } = await db.executeQuery<Row>(
    prepared(
      CompiledQuery.raw(labelledRecordSql(db, entity), entity.branchOwned ? [id, branchId ?? null] : [id]),
    ),
  );
  return rows[0];
}

/**
 * Entities whose rows one statement answers whole (`selectItems.ts`): not those with child lists (their
 * rows' labels too), nor those whose personal data is a reference (masked before its label is read).
 */
const answeredWhole = (entity: EntityDef) =>
  !entity.children?.length &&
  !entity.fields.some((f) => f.personal && (f.type === 'ref' || f.type === 'refs'));

export async function withLabels(db: Database, entity: EntityDef, row: Row): Promise<Row> {
  await attachLabels(db, entity, [row]);
  return row;
}

/** Writes the columns, links and children of one record; answers its id. */
export async function writeRecord(
  trx: Tx,
  entity: EntityDef,
  values: Row,
  audit: { userId: string; branchId?: string },
  existing?: { id: string; version: number },
): Promise<string | undefined> {
  const fields = columnFields(entity).filter((f) => !f.readOnly && f.name in values);
  const assignments = fields.map((f) => [columnOf(f), toColumnValue(f, values[f.name])] as const);
  if (entity.branchOwned && !existing) assignments.push(['branch_id', audit.branchId ?? null] as const);
  await checkFileColumns(trx, tableOf(entity), fields, values, existing?.id, audit.userId);
  let id: string | undefined;
  if (existing) {
    const sets = [
      ...assignments.map(([c, v]) => sql`${sql.ref(c)} = ${v}`),
      sql`version = version + 1`,
      sql`updated_at = now()`,
      sql`updated_by = ${audit.userId}`,
    ];
    const { rows } = await sql<{ id: string }>`update ${sql.table(tableOf(entity))} set ${sql.join(sets)}
      where id = ${existing.id} and version = ${existing.version} returning id`.execute(trx);
    id = rows[0]?.id;
    if (!id) return undefined;
  } else {
    const columns = [...assignments.map(([c]) => sql.ref(c)), sql.ref('created_by'), sql.ref('updated_by')];
    const vals = [...assignments.map(([, v]) => sql`${v}`), sql`${audit.userId}`, sql`${audit.userId}`];
    const { rows } = await sql<{
      id: string;
    }>`insert into ${sql.table(tableOf(entity))} (${sql.join(columns)})
      values (${sql.join(vals)}) returning id`.execute(trx);
    id = rows[0]!.id;
  }
  for (const field of refsFields(entity).filter((f) => f.name in values)) {
    const table = sql.table(linkTableOf(entity, field));
    const ids = [...new Set((values[field.name] as string[] | null) ?? [])];
    await sql`delete from ${table} where owner_id = ${id}`.execute(trx);
    if (ids.length)
      await sql`insert into ${table} (owner_id, ref_id) select ${id}, unnest(${ids}::uuid[])`.execute(trx);
  }
  for (const field of attachmentFields(entity).filter((f) => f.name in values)) {
    const table = sql.table(linkTableOf(entity, field));
    const ids = (values[field.name] as string[] | null) ?? [];
    await checkAttachments(trx, field, linkTableOf(entity, field), existing?.id, ids, audit.userId);
    await sql`delete from ${table} where owner_id = ${id}`.execute(trx);
    if (ids.length)
      await sql`insert into ${table} (owner_id, position, file_id)
        select ${id}, f.position - 1, f.id from unnest(${ids}::uuid[]) with ordinality as f(id, position)`.execute(
        trx,
      );
  }
  for (const child of (entity.children ?? []).filter((c) => c.name in values)) {
    const table = sql.table(childTableOf(entity, child.name));
    await sql`delete from ${table} where parent_id = ${id}`.execute(trx);
    const rows = (values[child.name] as Row[] | null) ?? [];
    const childFields = columnFields(child);
    for (const [position, row] of rows.entries()) {
      const cols = [
        sql.ref('parent_id'),
        sql.ref('position'),
        ...childFields.map((f) => sql.ref(columnOf(f))),
      ];
      const vals = [
        sql`${id}`,
        sql`${position}`,
        ...childFields.map((f) => sql`${toColumnValue(f, row[f.name])}`),
      ];
      await sql`insert into ${table} (${sql.join(cols)}) values (${sql.join(vals)})`.execute(trx);
    }
  }
  return id;
}

export async function deleteRecord(trx: Tx, entity: EntityDef, id: string): Promise<void> {
  await deleteRecords(trx, entity, [id]);
}

export async function deleteRecords(trx: Tx, entity: EntityDef, ids: readonly string[]): Promise<void> {
  await sql`delete from ${sql.table(tableOf(entity))} where id = any(${ids}::uuid[])`.execute(trx);
}

/** Rows by id in the acting branch, locked for the write that follows (a bulk action's; others are absent). */
export async function lockRecords(
  trx: Tx,
  entity: EntityDef,
  ids: readonly string[],
  branchId: string | undefined,
) {
  const { rows } = await sql<Row>`select ${selectList(entity)} from ${sql`${sql.table(tableOf(entity))} as t`}
    where t.id = any(${ids}::uuid[]) ${inBranch(entity, branchId)} order by t.id for update`.execute(trx);
  return rows;
}

/** One column set to one value on many rows (a bulk "set"): each row's version moves on. */
export async function setColumn(
  trx: Tx,
  entity: EntityDef,
  field: FieldDef,
  value: unknown,
  ids: readonly string[],
  userId: string,
): Promise<void> {
  await sql`update ${sql.table(tableOf(entity))} set ${sql.ref(columnOf(field))} = ${toColumnValue(field, value)},
      version = version + 1, updated_at = now(), updated_by = ${userId}
    where id = any(${ids}::uuid[])`.execute(trx);
}
