import { entities } from '@lms/domain';
import { type Kysely, sql } from 'kysely';
import { entityDdl } from '../../entities/ddl.ts';

/**
 * Every entity table, derived from the domain declarations as they stood when this migration
 * shipped. A later change to a declaration needs its own migration (ALTER …);
 * test/schema.test.ts fails when the database and the declarations disagree.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Trigram indexes make `searchTerm` (contains, any case) fast over millions of rows.
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const statement of entityDdl(entities)) await sql.raw(statement).execute(db);
}
