import { type Kysely, sql } from 'kysely';

/**
 * A contractor's own account (issue 40, docs/freight.md): the user a contractor record is, who
 * reads that contractor's approved freight statements. Numbered 0054, past the numbers other
 * branches in flight are adding.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contractor add column app_user_id uuid references app_user (id)`.execute(db);
  await sql`create index on contractor (app_user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contractor drop column app_user_id`.execute(db);
}
