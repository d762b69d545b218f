import { type Kysely, sql } from 'kysely';

/**
 * The planner's side of customer contact (docs/contact.md): each booking's message state, kept
 * by the database from the outbox and the call status so that no writer (confirm, cancel, the
 * customer's link, the worker, resend) can forget it; the branch's cut-off for "ต้องโทร"; and the
 * log of reads, exports and erasures of personal data (PDPA, docs/privacy.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table branch add column confirm_cutoff time without time zone`.execute(db);
  await sql`alter table booking_report add column message_state text`.execute(db);
  await sql`alter table booking_report add check (message_state = any (array['QUEUED', 'SENT', 'FAILED', 'CONFIRMED', 'MOVED']))`.execute(
    db,
  );
  // The customer's own act first (a confirmation through the link; a move, which only the link
  // makes and which always writes a 'moved' message), else how the newest message went.
  await sql`create function booking_message_state(booking uuid, call_status text) returns text
    language sql stable as $$
      select case
        when call_status = 'CONFIRMED_BY_CUSTOMER' then 'CONFIRMED'
        when exists (select 1 from contact_message m where m.booking_id = booking and m.event = 'moved') then 'MOVED'
        else (select case m.status when 'queued' then 'QUEUED' when 'sent' then 'SENT' else 'FAILED' end
                from contact_message m where m.booking_id = booking order by m.created_at desc, m.id desc limit 1)
      end $$`.execute(db);
  await sql`create function booking_report_message_state() returns trigger language plpgsql as $$
    begin
      new.message_state := booking_message_state(new.id, new.call_status);
      return new;
    end $$`.execute(db);
  await sql`create trigger booking_report_message_state before update of call_status on booking_report
    for each row execute function booking_report_message_state()`.execute(db);
  // A message queued, sent or dead changes its booking's state; the live calendar is told as for
  // any booking change (the same channel and event shape as booking/confirm.ts's notify).
  await sql`create function contact_message_state() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      update booking_report b set message_state = booking_message_state(b.id, b.call_status)
       where b.id = new.booking_id and b.message_state is distinct from booking_message_state(b.id, b.call_status)
      returning b.id, b.branch_id into changed;
      if changed.id is not null then
        perform pg_notify('lms_booking', json_build_object('branchId', changed.branch_id, 'kind', 'message',
          'bookingId', changed.id, 'slotIds', json_build_array(), 'dates', json_build_array())::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger contact_message_state after insert or update of status on contact_message
    for each row execute function contact_message_state()`.execute(db);
  // PDPA (docs/privacy.md): every unmasked read of personal data, every export, every erasure.
  await sql`create table personal_data_access (
    id bigint generated always as identity primary key,
    at timestamptz not null default now(),
    user_id uuid not null,
    action text not null check (action in ('read', 'export', 'erase')),
    entity text not null,
    record_id uuid,
    fields text[] not null,
    detail jsonb
  )`.execute(db);
  await sql`create index on personal_data_access (entity, record_id, at desc)`.execute(db);
  // Bookings that already have messages.
  await sql`update booking_report b set message_state = booking_message_state(b.id, b.call_status)
    where exists (select 1 from contact_message m where m.booking_id = b.id) or b.call_status = 'CONFIRMED_BY_CUSTOMER'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table personal_data_access`.execute(db);
  await sql`drop trigger contact_message_state on contact_message`.execute(db);
  await sql`drop function contact_message_state()`.execute(db);
  await sql`drop trigger booking_report_message_state on booking_report`.execute(db);
  await sql`drop function booking_report_message_state()`.execute(db);
  await sql`drop function booking_message_state(uuid, text)`.execute(db);
  await sql`alter table booking_report drop column message_state`.execute(db);
  await sql`alter table branch drop column confirm_cutoff`.execute(db);
}
