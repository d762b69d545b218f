import { type Kysely, sql } from 'kysely';

/**
 * Where a write came from, beside who made it: `import: <file name>` for rows written by an Excel
 * import (docs/import.md), null for the screens' own writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table history add column source text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table history drop column source`.execute(db);
}
