import { type Kysely, sql } from 'kysely';

/**
 * The customer's newest act decides a booking's message state (docs/contact.md): a customer who
 * confirmed and then moved the delivery shows "moved", not "confirmed" (0015 put a confirmation
 * first whatever came after it). A confirmation's time is its history entry; a move's is its
 * 'moved' message. The two are written under the booking's row lock, so their times are ordered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function booking_message_state(booking uuid, call_status text) returns text
    language sql stable as $$
      select case
        when call_status = 'CONFIRMED_BY_CUSTOMER' and (moved.at is null or confirmed.at >= moved.at) then 'CONFIRMED'
        when moved.at is not null then 'MOVED'
        else (select case m.status when 'queued' then 'QUEUED' when 'sent' then 'SENT' else 'FAILED' end
                from contact_message m where m.booking_id = booking order by m.created_at desc, m.id desc limit 1)
      end
      from (select max(m.created_at) as at from contact_message m where m.booking_id = booking and m.event = 'moved') moved,
           (select max(h.at) as at from history h
             where h.entity = 'bookingReport' and h.record_id = booking
               and h.changes -> 'callStatus' ->> 'to' = 'CONFIRMED_BY_CUSTOMER') confirmed $$`.execute(db);
  // A confirmation being made now is the newest act: its history entry is written after the row.
  await sql`create or replace function booking_report_message_state() returns trigger language plpgsql as $$
    begin
      if new.call_status = 'CONFIRMED_BY_CUSTOMER' and old.call_status is distinct from new.call_status then
        new.message_state := 'CONFIRMED';
      else
        new.message_state := booking_message_state(new.id, new.call_status);
      end if;
      return new;
    end $$`.execute(db);
  await sql`update booking_report b set message_state = booking_message_state(b.id, b.call_status)
    where b.call_status = 'CONFIRMED_BY_CUSTOMER'
      and exists (select 1 from contact_message m where m.booking_id = b.id and m.event = 'moved')`.execute(
    db,
  );
}

/** Back to 0015's definitions: a confirmation first. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function booking_message_state(booking uuid, call_status text) returns text
    language sql stable as $$
      select case
        when call_status = 'CONFIRMED_BY_CUSTOMER' then 'CONFIRMED'
        when exists (select 1 from contact_message m where m.booking_id = booking and m.event = 'moved') then 'MOVED'
        else (select case m.status when 'queued' then 'QUEUED' when 'sent' then 'SENT' else 'FAILED' end
                from contact_message m where m.booking_id = booking order by m.created_at desc, m.id desc limit 1)
      end $$`.execute(db);
  await sql`create or replace function booking_report_message_state() returns trigger language plpgsql as $$
    begin
      new.message_state := booking_message_state(new.id, new.call_status);
      return new;
    end $$`.execute(db);
  await sql`update booking_report b set message_state = booking_message_state(b.id, b.call_status)
    where b.call_status = 'CONFIRMED_BY_CUSTOMER'`.execute(db);
}
