import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';

/**
 * Every entity table as the declarations stood when this migration shipped, frozen as SQL
 * (`0002_entities.sql`, written once by `entityDdl`). It must not follow the declarations: a
 * fresh database and an upgraded one would then disagree after the first change. A change to a
 * declaration gets its own migration; `npm run db:diff` prints the ALTERs it needs, and
 * test/schemaDrift.test.ts fails, naming them, until it exists.
 */
const snapshot = readFileSync(new URL('./0002_entities.sql', import.meta.url), 'utf8');

export async function up(db: Kysely<unknown>): Promise<void> {
  // Trigram indexes make `searchTerm` (contains, any case) fast over millions of rows.
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const statement of snapshot
    .split(/;\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement.replace(/;$/, '')).execute(db);
  }
}
