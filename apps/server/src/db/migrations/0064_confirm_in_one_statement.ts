import { type Kysely, sql } from 'kysely';

/**
 * A confirm in one statement (issue 41, booking/confirm.ts): the statement that locks a draft's
 * slots also checks that what it read before its locks still holds, and writes the booking. When
 * it does not hold, this function ends the statement with an error of its own: every write of the
 * statement is undone and its locks go with it, and the server decides again the way it did
 * before (under the locks, in a transaction). VOLATILE, so it runs only where the statement reaches it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function lms_confirm_changed() returns text language plpgsql volatile as $$
    begin
      raise exception 'lms_confirm_changed' using errcode = 'LMS01';
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function lms_confirm_changed()`.execute(db);
}
