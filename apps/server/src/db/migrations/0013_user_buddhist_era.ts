import { type Kysely, sql } from 'kysely';

/** A user's own setting (appUser.buddhistEra): printed documents show พ.ศ. years when set. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user add column buddhist_era boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user drop column buddhist_era`.execute(db);
}
