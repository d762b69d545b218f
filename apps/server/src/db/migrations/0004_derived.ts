import { type Kysely, sql } from 'kysely';

/**
 * What the server derives rather than trusting a body: a district's region from its province,
 * a sub-district's province and region from its district; and the DO report, a view of the
 * delivery orders with the active booking that carries each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function district_derive() returns trigger language plpgsql as $$
    begin
      new.region_id := (select region_id from province where id = new.province_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger district_derive before insert or update of province_id on district
    for each row execute function district_derive()`.execute(db);
  await sql`create function sub_district_derive() returns trigger language plpgsql as $$
    begin
      select d.province_id, d.region_id into new.province_id, new.region_id from district d where d.id = new.district_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger sub_district_derive before insert or update of district_id on sub_district
    for each row execute function sub_district_derive()`.execute(db);
  await sql`create view delivery_order_report as
    select d.*, active.booking_report_id, active.delivery_date
      from delivery_order d
      left join lateral (
        select b.id as booking_report_id, l.delivery_date
          from booking_report__lines l join booking_report b on b.id = l.parent_id
         where l.delivery_order_id = d.id and b.canceled_at is null
         order by l.delivery_date limit 1
      ) active on true`.execute(db);
}
