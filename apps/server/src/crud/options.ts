import { type EntityDef, type ListQuery, recordKeyField } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { columnOf, tableOf } from '../entities/naming.ts';
import { labelSql } from './labels.ts';
import { caseVariants, escapeLike, startsWith } from './prefix.ts';
import { orderBy } from './repository.ts';
import { whereClause } from './where.ts';

type Option = { id: string; label: string };

/** A term with more spellings in case than this is searched by `%…%` alone (each spelling is a btree range). */
const MAX_PREFIX_SPELLINGS = 8;

/**
 * `[{ id, label }]` for reference pickers: by search term or by ids (to show current values).
 * With a search term, records whose key starts with it come first, in key order, read as ranges
 * of the key's btree (per spelling in case); the other matches (`%…%` in any searchable field,
 * the trigram indexes) follow in the list's order, read by a second statement only when the
 * first leaves room on the page. The matches are the same as the list's search; when more than a
 * page match, the page shows the key's prefix matches first rather than the first in the list's order.
 */
export async function recordOptions(
  db: Database,
  entity: EntityDef,
  query: ListQuery,
  branchId?: string,
): Promise<Option[]> {
  const table = sql`${sql.table(tableOf(entity))} as t`;
  const keyField = recordKeyField(entity);
  const term = query.filters.searchTerm;
  const spellings =
    typeof term === 'string' && term && keyField ? caseVariants(term, MAX_PREFIX_SPELLINGS) : undefined;
  if (!keyField || !spellings?.length) {
    const { rows } = await sql<Option>`
      select t.id, ${labelSql(entity, 't')} as label from ${table}
      ${whereClause(entity, query, branchId)} ${orderBy(entity, query)} limit ${query.size}`.execute(db);
    return rows;
  }
  const key = sql.ref(`t.${columnOf(keyField)}`);
  const label = labelSql(entity, 't');
  const { searchTerm: _, ...others } = query.filters;
  const prefixed = spellings.map(
    (spelling) =>
      sql`(select t.id, ${label} as label, ${key} as key from ${table}
        ${whereClause(entity, { ...query, filters: others }, branchId, 't', [startsWith(key, spelling)])}
        order by ${key} limit ${query.size})`,
  );
  const { rows: first } = await sql<Option>`select id, label
    from (${sql.join(prefixed, sql` union all `)}) p order by key limit ${query.size}`.execute(db);
  if (first.length >= query.size) return first;
  // A statement of its own, planned only when needed: planning it was half the PostgreSQL time of every search.
  const { rows: rest } = await sql<Option>`select t.id, ${label} as label from ${table}
    ${whereClause(entity, query, branchId, 't', [sql`not (${key} ilike ${`${escapeLike(term as string)}%`})`])}
    ${orderBy(entity, query)} limit ${query.size - first.length}`.execute(db);
  return [...first, ...rest];
}
