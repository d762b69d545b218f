import {
  type EntityDef,
  type FoundRecord,
  findableEntities,
  RECORD_SEARCH,
  recordKeyField,
  searchApi,
} from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { actingPrincipal, optionalBranch } from '../auth/acting.ts';
import { labelSql } from '../crud/labels.ts';
import { caseVariants, escapeLike, startsWith } from '../crud/prefix.ts';
import type { Database } from '../db/database.ts';
import { columnOf, tableOf } from '../entities/naming.ts';
import { typed } from '../http/contract.ts';
import { badRequest } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';

export const searchMessages = {
  tooShort: `กรุณาพิมพ์รหัสหรือเลขที่เอกสารอย่างน้อย ${RECORD_SEARCH.minLength} ตัวอักษร`,
} as const;

type Match = FoundRecord & { readonly exact: boolean; readonly prefix: boolean };

/** The shortest term a trigram index can serve: below it, `%…%` reads every row of a table. */
const TRIGRAM = 3;
/** A short term's candidates per spelling, taken in key order from the btree before ranking. */
const SHORT_CANDIDATES = 20;

/**
 * One entity's best matches. `ilike '%…%'` is served by the key's trigram index (every key field
 * is searchable); the order is an expression (exact, then prefix, then shorter keys), so the
 * planner filters through that index instead of walking the unique btree in key order.
 *
 * A term shorter than a trigram (`DO`) has none to look up and matches nearly every row, which
 * PostgreSQL then had to sort (766 ms on 200,000 DOs). Such a term finds keys that start with it:
 * per spelling in case, the first few in key order from the key's btree, ranked as any match.
 * The btree is read as a range (crud/prefix.ts `startsWith`).
 */
function entityMatches(entity: EntityDef, term: string, branchId: string) {
  const key = sql.ref(`t.${columnOf(recordKeyField(entity)!)}`);
  const escaped = escapeLike(term);
  const branch = entity.branchOwned ? sql`and t.branch_id = ${branchId}` : sql``;
  const exact = sql<boolean>`lower(${key}) = lower(${term})`;
  const prefix = sql<boolean>`${key} ilike ${`${escaped}%`}`;
  const table = sql`${sql.table(tableOf(entity))} as t`;
  const rows =
    term.length < TRIGRAM
      ? sql`(${sql.join(
          // A term this short has at most 2 ** (TRIGRAM - 1) spellings.
          (caseVariants(term, 2 ** TRIGRAM) ?? [term]).map(
            (spelling) =>
              sql`(select t.* from ${table}
                where ${startsWith(key, spelling)} ${branch}
                order by ${key} limit ${SHORT_CANDIDATES})`,
          ),
          sql` union all `,
        )}) as t`
      : sql`${table} where ${key} ilike ${`%${escaped}%`} ${branch}`;
  return sql`(select ${entity.name}::text as entity, t.id, ${key}::text as key, ${labelSql(entity, 't')} as label,
      ${exact} as exact, ${prefix} as prefix
    from ${rows}
    order by ${exact} desc, ${prefix} desc, length(${key}), ${key}
    limit ${RECORD_SEARCH.perEntity})`;
}

/**
 * Records of every entity the user may read whose key contains the term, in one round trip:
 * exact matches of any entity first, then each entity's in the order the domain lists them.
 */
export async function findRecords(
  db: Database,
  roles: readonly string[],
  term: string,
  branchId: string | undefined,
): Promise<FoundRecord[]> {
  const searched = findableEntities(roles).filter((entity) => !entity.branchOwned || branchId);
  if (searched.length === 0) return [];
  const rank = new Map<string, number>(searched.map((entity, index) => [entity.name, index]));
  const parts = searched.map((entity) => entityMatches(entity, term, branchId ?? ''));
  const { rows } = await sql<Match>`${sql.join(parts, sql` union all `)}`.execute(db);
  // Union all keeps no order: each part says how well it matched, and the whole is ordered here.
  const weight = (row: Match) => (row.exact ? 0 : 2) + (row.prefix ? 0 : 1);
  return rows
    .sort(
      (a, b) =>
        weight(a) - weight(b) ||
        rank.get(a.entity)! - rank.get(b.entity)! ||
        a.key.length - b.key.length ||
        a.key.localeCompare(b.key),
    )
    .slice(0, RECORD_SEARCH.total)
    .map(({ entity, id, key, label }) => ({ entity, id, key, label }));
}

/** The command palette's record search (docs/web.md). */
export function searchRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    typed(fastify).route({
      ...searchApi.records,
      schema: { ...searchApi.records.schema, tags: ['ค้นหา'] },
      config: { access: { signedIn: true }, apiKey: 'closed', branchOptional: true },
      handler: async (request) => {
        const term = request.query.term.trim();
        if (term.length < RECORD_SEARCH.minLength) throw badRequest(searchMessages.tooShort);
        return findRecords(ctx.db, actingPrincipal(request).roles, term, optionalBranch(request));
      },
    });
  };
}
