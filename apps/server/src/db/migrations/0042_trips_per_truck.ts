import { type Kysely, sql } from 'kysely';

/**
 * Several trips per truck (issue 42, docs/planning.md): the branch's trips per truck in a shift
 * (none = one). Numbered 0042, past the numbers other branches in flight were adding. The bound
 * is the domain's MAX_TRIPS_PER_TRUCK as of this migration (a migration keeps its own numbers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table branch add column trips_per_truck integer`.execute(db);
  await sql`alter table branch add constraint branch_trips_per_truck_check
    check (trips_per_truck between 1 and 6)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table branch drop column trips_per_truck`.execute(db);
}
