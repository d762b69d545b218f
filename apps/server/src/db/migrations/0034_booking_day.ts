import { type Kysely, sql } from 'kysely';

/**
 * What a booking's list and page lead with (issue 43): its delivery day on the booking itself, and
 * each line's shift and vehicle type beside its day. Both are copies the database keeps exact,
 * whichever path writes the lines (confirm, the customer's move, the calendar's move, an
 * administrator's edit, SQL by hand), as the slots' use is kept (0030):
 * - a line takes its slot's shift and vehicle type whenever it gets a slot (and a slot that
 *   changes them passes the change to its lines);
 * - a booking's `delivery_date` is its lines' first day, set in the statement that wrote them.
 * Shifts are listed by start time, not priority first (issue 43 item 8): the shift list's default
 * sort, and its index, follow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table booking_report add column delivery_date date`.execute(db);
  await sql`alter table booking_report__lines
    add column shift_of_day_id uuid references shift_of_day (id),
    add column vehicle_type_id uuid references vehicle_type (id)`.execute(db);

  await sql`create function booking_line_slot_copy() returns trigger language plpgsql as $$
    begin
      select s.shift_of_day_id, s.vehicle_type_id into new.shift_of_day_id, new.vehicle_type_id
        from vehicle_date_slot s where s.id = new.slot_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger booking_line_slot_copy before insert or update on booking_report__lines
    for each row execute function booking_line_slot_copy()`.execute(db);
  await sql`create function vehicle_date_slot_to_lines() returns trigger language plpgsql as $$
    begin
      update booking_report__lines set shift_of_day_id = new.shift_of_day_id, vehicle_type_id = new.vehicle_type_id
       where slot_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger vehicle_date_slot_to_lines after update of shift_of_day_id, vehicle_type_id on vehicle_date_slot
    for each row when (old.shift_of_day_id is distinct from new.shift_of_day_id
                       or old.vehicle_type_id is distinct from new.vehicle_type_id)
    execute function vehicle_date_slot_to_lines()`.execute(db);

  // The bookings whose lines a statement wrote (inserted, updated or deleted: `changed_lines` each time).
  await sql`create function booking_delivery_date() returns trigger language plpgsql as $$
    begin
      update booking_report b
         set delivery_date = (select min(l.delivery_date) from booking_report__lines l where l.parent_id = b.id)
       where b.id in (select parent_id from changed_lines)
         and b.delivery_date is distinct from
             (select min(l.delivery_date) from booking_report__lines l where l.parent_id = b.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger booking_delivery_date_insert after insert on booking_report__lines
    referencing new table as changed_lines for each statement execute function booking_delivery_date()`.execute(
    db,
  );
  await sql`create trigger booking_delivery_date_update after update on booking_report__lines
    referencing new table as changed_lines for each statement execute function booking_delivery_date()`.execute(
    db,
  );
  await sql`create trigger booking_delivery_date_delete after delete on booking_report__lines
    referencing old table as changed_lines for each statement execute function booking_delivery_date()`.execute(
    db,
  );

  await sql`drop index if exists shift_of_day_priority_start_time_id_idx`.execute(db);
  await sql`create index on shift_of_day (start_time, name, id)`.execute(db);

  await sql`update booking_report__lines l set shift_of_day_id = s.shift_of_day_id, vehicle_type_id = s.vehicle_type_id
      from vehicle_date_slot s where s.id = l.slot_id`.execute(db);
  await sql`update booking_report b set delivery_date = d.day
      from (select parent_id, min(delivery_date) as day from booking_report__lines group by parent_id) d
     where d.parent_id = b.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists shift_of_day_start_time_name_id_idx`.execute(db);
  await sql`create index on shift_of_day (priority asc, start_time asc, id)`.execute(db);
  for (const op of ['insert', 'update', 'delete'])
    await sql`drop trigger ${sql.id(`booking_delivery_date_${op}`)} on booking_report__lines`.execute(db);
  await sql`drop function booking_delivery_date()`.execute(db);
  await sql`drop trigger vehicle_date_slot_to_lines on vehicle_date_slot`.execute(db);
  await sql`drop function vehicle_date_slot_to_lines()`.execute(db);
  await sql`drop trigger booking_line_slot_copy on booking_report__lines`.execute(db);
  await sql`drop function booking_line_slot_copy()`.execute(db);
  await sql`alter table booking_report__lines drop column shift_of_day_id, drop column vehicle_type_id`.execute(
    db,
  );
  await sql`alter table booking_report drop column delivery_date`.execute(db);
}
