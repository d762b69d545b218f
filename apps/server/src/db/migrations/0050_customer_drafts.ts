import { type Kysely, sql } from 'kysely';

/**
 * A booking draft with no user (issue 39, docs/delivery.md "The customer chooses a new slot"): the
 * customer's link books a returned DO through the confirm every booking goes through, on a draft
 * that lives only inside that request (made, confirmed or deleted). The planners' drafts keep their
 * user. Numbered 0050, past the numbers other branches in flight were adding.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table booking_draft alter column user_id drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from booking_draft where user_id is null`.execute(db);
  await sql`alter table booking_draft alter column user_id set not null`.execute(db);
}
