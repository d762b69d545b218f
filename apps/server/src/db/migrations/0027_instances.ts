import { type Kysely, sql } from 'kysely';

/**
 * Several API instances on one database (docs/operations.md "Several instances"):
 *
 * - `rate_limit`: the throttles' counters (auth/throttle.ts), shared by every instance instead of
 *   held in each one's memory. Unlogged: a counter is worth no WAL, and a crash that empties the
 *   table only forgets who was held back for a few minutes.
 * - Triggers that NOTIFY `lms_session` whenever what a session's principal is made of changes: the
 *   session (sign-out), the user (password, token version, active, names …), its groups or
 *   branches, a group's roles. In the writing transaction, whatever path writes (a route, an
 *   import, SQL by hand): every instance drops its cached principals at commit (auth/principal.ts).
 *   PostgreSQL folds the same payload sent twice in one transaction into one notification.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unlogged table rate_limit (
    key text primary key,
    hits integer not null,
    window_ends_at timestamptz not null,
    blocked_until timestamptz,
    hit_limit integer not null,
    block_ms integer not null
  )`.execute(db);
  await sql`create index rate_limit_expiry on rate_limit (window_ends_at)`.execute(db);

  // Payload 'u:<user id>' drops one user's sessions; '*' drops every cached session.
  // The column naming the user is the trigger's argument: id, user_id or owner_id.
  await sql`create function lms_notify_session_user() returns trigger language plpgsql as $$
    declare changed record;
    begin
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      perform pg_notify('lms_session', 'u:' || (to_jsonb(changed) ->> tg_argv[0]));
      return null;
    end $$`.execute(db);
  await sql`create function lms_notify_session_all() returns trigger language plpgsql as $$
    begin
      perform pg_notify('lms_session', '*');
      return null;
    end $$`.execute(db);
  // Not on every update of app_user: a sign-in writes last_login_at, which no principal holds.
  await sql`create trigger app_user_session_notify after update on app_user for each row
    when (old.username is distinct from new.username or old.full_name is distinct from new.full_name
      or old.email is distinct from new.email or old.profile_image_id is distinct from new.profile_image_id
      or old.must_change_password is distinct from new.must_change_password or old.active is distinct from new.active
      or old.token_version is distinct from new.token_version or old.password_hash is distinct from new.password_hash)
    execute function lms_notify_session_user('id')`.execute(db);
  await sql`create trigger app_user_delete_session_notify after delete on app_user for each row
    execute function lms_notify_session_user('id')`.execute(db);
  await sql`create trigger user_session_notify after update or delete on user_session for each row
    when (pg_trigger_depth() = 0) execute function lms_notify_session_user('user_id')`.execute(db);
  for (const table of ['app_user__role_group_ids', 'app_user__branch_ids']) {
    await sql`create trigger ${sql.id(`${table}_session_notify`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function lms_notify_session_user('owner_id')`.execute(db);
  }
  await sql`create trigger app_role_group_session_notify after update or delete on app_role_group for each row
    execute function lms_notify_session_all()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['app_user__role_group_ids', 'app_user__branch_ids']) {
    await sql`drop trigger ${sql.id(`${table}_session_notify`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop trigger app_role_group_session_notify on app_role_group`.execute(db);
  await sql`drop trigger user_session_notify on user_session`.execute(db);
  await sql`drop trigger app_user_delete_session_notify on app_user`.execute(db);
  await sql`drop trigger app_user_session_notify on app_user`.execute(db);
  await sql`drop function lms_notify_session_all()`.execute(db);
  await sql`drop function lms_notify_session_user()`.execute(db);
  await sql`drop table rate_limit`.execute(db);
}
