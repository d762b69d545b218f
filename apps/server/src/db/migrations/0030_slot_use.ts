import { type Kysely, sql } from 'kysely';

/**
 * A slot's used capacity kept on its own row (booking.md: used = the sum over the slot's lines of
 * active bookings), so that a confirm reads it with the slot's lock in one row instead of summing
 * every line of the slot under the lock (docs/performance.md, bench/booking).
 *
 * Exact by construction, whichever path writes (confirm, cancel, move, an admin's edit of a
 * booking, SQL by hand): triggers add and subtract in the writer's own statement.
 * - Lines inserted, deleted or updated: their use, when their booking is active (exists and not
 *   cancelled). A booking deleted cascades to its lines after it is gone, so those lines are
 *   not counted there: the booking's own trigger subtracts them before it goes.
 * - A booking cancelled (or un-cancelled): its lines' use, subtracted (or added).
 * The sums are applied one slot at a time in slot id order, the order every booking writer locks
 * slots in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vehicle_date_slot
    add column used_weight numeric not null default 0,
    add column used_volume numeric not null default 0,
    add column used_minute numeric not null default 0`.execute(db);
  // One slot's use moved by the given amounts (negative to free it).
  await sql`create function lms_slot_use_add(slot_id uuid, weight numeric, volume numeric, minutes numeric)
    returns void language sql as $$
      update vehicle_date_slot set used_weight = used_weight + $2, used_volume = used_volume + $3, used_minute = used_minute + $4
       where id = $1
    $$`.execute(db);
  // Each loop sums per slot and goes in slot id order: the order confirm, cancel and move lock slots in.
  await sql`create function lms_slot_use_lines() returns trigger language plpgsql as $$
    declare
      r record;
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        for r in select l.slot_id, sum(l.used_weight) as w, sum(l.used_volume) as v, sum(l.used_minute) as m
                   from old_lines l join booking_report b on b.id = l.parent_id and b.canceled_at is null
                  group by l.slot_id order by l.slot_id loop
          perform lms_slot_use_add(r.slot_id, -coalesce(r.w, 0), -coalesce(r.v, 0), -coalesce(r.m, 0));
        end loop;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        for r in select l.slot_id, sum(l.used_weight) as w, sum(l.used_volume) as v, sum(l.used_minute) as m
                   from new_lines l join booking_report b on b.id = l.parent_id and b.canceled_at is null
                  group by l.slot_id order by l.slot_id loop
          perform lms_slot_use_add(r.slot_id, coalesce(r.w, 0), coalesce(r.v, 0), coalesce(r.m, 0));
        end loop;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger booking_lines_slot_use_insert after insert on booking_report__lines
    referencing new table as new_lines for each statement execute function lms_slot_use_lines()`.execute(db);
  await sql`create trigger booking_lines_slot_use_delete after delete on booking_report__lines
    referencing old table as old_lines for each statement execute function lms_slot_use_lines()`.execute(db);
  await sql`create trigger booking_lines_slot_use_update after update on booking_report__lines
    referencing old table as old_lines new table as new_lines for each statement execute function lms_slot_use_lines()`.execute(
    db,
  );
  // A booking that stops (or starts again) counting: cancelled, un-cancelled, or deleted while active.
  await sql`create function lms_slot_use_booking() returns trigger language plpgsql as $$
    declare
      sign numeric := case when tg_op = 'UPDATE' and new.canceled_at is null then 1 else -1 end;
      r record;
    begin
      for r in select l.slot_id, sum(l.used_weight) as w, sum(l.used_volume) as v, sum(l.used_minute) as m
                 from booking_report__lines l where l.parent_id = old.id
                group by l.slot_id order by l.slot_id loop
        perform lms_slot_use_add(r.slot_id, sign * coalesce(r.w, 0), sign * coalesce(r.v, 0), sign * coalesce(r.m, 0));
      end loop;
      return case when tg_op = 'DELETE' then old else new end;
    end $$`.execute(db);
  await sql`create trigger booking_report_slot_use_cancel after update of canceled_at on booking_report
    for each row when ((old.canceled_at is null) <> (new.canceled_at is null)) execute function lms_slot_use_booking()`.execute(
    db,
  );
  await sql`create trigger booking_report_slot_use_delete before delete on booking_report
    for each row when (old.canceled_at is null) execute function lms_slot_use_booking()`.execute(db);
  await sql`update vehicle_date_slot s
       set used_weight = d.weight, used_volume = d.volume, used_minute = d.minute
      from (select l.slot_id, coalesce(sum(l.used_weight), 0) as weight, coalesce(sum(l.used_volume), 0) as volume,
                   coalesce(sum(l.used_minute), 0) as minute
              from booking_report__lines l join booking_report b on b.id = l.parent_id and b.canceled_at is null
             group by l.slot_id) d
     where s.id = d.slot_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger booking_report_slot_use_delete on booking_report`.execute(db);
  await sql`drop trigger booking_report_slot_use_cancel on booking_report`.execute(db);
  await sql`drop function lms_slot_use_booking()`.execute(db);
  for (const op of ['insert', 'delete', 'update'])
    await sql`drop trigger ${sql.id(`booking_lines_slot_use_${op}`)} on booking_report__lines`.execute(db);
  await sql`drop function lms_slot_use_lines()`.execute(db);
  await sql`drop function lms_slot_use_add(uuid, numeric, numeric, numeric)`.execute(db);
  await sql`alter table vehicle_date_slot drop column used_weight, drop column used_volume, drop column used_minute`.execute(
    db,
  );
}
