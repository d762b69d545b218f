import type { AppointmentFacts } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** A booking as its customer sees it: the appointment and nothing else (docs/contact.md). */
export interface Appointment extends Omit<AppointmentFacts, 'link'> {
  readonly bookingId: string;
  readonly branchId: string;
  readonly docNo: string;
  readonly branchName: string;
  readonly callStatus: string;
  readonly canceled: boolean;
  /** The last delivery day: the link works until its end (Asia/Bangkok). */
  readonly lastDate: string;
  readonly shipToId: string;
  readonly shipCondId: string;
  readonly deliveryOrderIds: readonly string[];
  /** Where messages go: the ship-to's LINE user id and phone (personal data, never in an answer). */
  readonly lineUserId: string | null;
  readonly phone: string | null;
}

/** The appointment of a booking, or undefined; `db` may be a transaction (the outbox reads inside it). */
export async function loadAppointment(db: Database, bookingId: string): Promise<Appointment | undefined> {
  const { rows } = await sql<
    Omit<Appointment, 'orders' | 'deliveryOrderIds'> & { orders: string[]; deliveryOrderIds: string[] }
  >`
    select b.id as "bookingId", b.branch_id as "branchId", b.doc_no as "docNo", b.call_status as "callStatus",
           b.canceled_at is not null as canceled, s.name as customer, s.tel as phone, s.line_user_id as "lineUserId",
           s.id as "shipToId", br.name as "branchName", br.tel as "branchPhone",
           first.date, first.time, first.shift_name as "shiftName", first.shift_start as "shiftStart", first.shift_end as "shiftEnd",
           first.ship_cond_id as "shipCondId",
           (select max(l.delivery_date)::text from booking_report__lines l where l.parent_id = b.id) as "lastDate",
           coalesce((select array_agg(distinct d.doc_no order by d.doc_no) from booking_report__lines l
                       join delivery_order d on d.id = l.delivery_order_id where l.parent_id = b.id), '{}') as orders,
           coalesce((select array_agg(distinct l.delivery_order_id) from booking_report__lines l where l.parent_id = b.id), '{}') as "deliveryOrderIds"
      from booking_report b
      join ship_to s on s.id = b.ship_to_id
      join branch br on br.id = b.branch_id
      cross join lateral (
        select l.delivery_date::text as date, to_char(l.delivery_time, 'HH24:MI') as time, sh.name as shift_name,
               to_char(sh.start_time, 'HH24:MI') as shift_start, to_char(sh.end_time, 'HH24:MI') as shift_end, l.ship_cond_id
          from booking_report__lines l
          join vehicle_date_slot v on v.id = l.slot_id
          join shift_of_day sh on sh.id = v.shift_of_day_id
         where l.parent_id = b.id
         order by l.delivery_date, sh.start_time, l.position limit 1) first
     where b.id = ${bookingId}`.execute(db);
  return rows[0];
}

/** The instant a link stops working: midnight after the last delivery day, Bangkok time (UTC+7, no DST). */
export const linkExpiry = (lastDate: string) =>
  new Date(Date.parse(`${lastDate}T00:00:00+07:00`) + 86_400_000);
