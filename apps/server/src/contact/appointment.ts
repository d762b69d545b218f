import type { AppointmentFacts } from '@lms/domain';
import { type Expression, expressionBuilder, type NotNull } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { DB } from '../db/schema.generated.ts';

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

/** A time of day as `HH:mm` (null stays null). */
function hhmm<T extends string | null>(time: Expression<T>) {
  const eb = expressionBuilder<DB>();
  return eb.fn<T>('to_char', [time, eb.val('HH24:MI')]);
}

/** The appointment of a booking, or undefined; `db` may be a transaction (the outbox reads inside it). */
export async function loadAppointment(db: Executor, bookingId: string): Promise<Appointment | undefined> {
  return (
    db
      .selectFrom('booking_report as b')
      .innerJoin('ship_to as s', 's.id', 'b.ship_to_id')
      .innerJoin('branch as br', 'br.id', 'b.branch_id')
      .crossJoinLateral((eb) =>
        eb
          .selectFrom('booking_report__lines as l')
          .innerJoin('vehicle_date_slot as v', 'v.id', 'l.slot_id')
          .innerJoin('shift_of_day as sh', 'sh.id', 'v.shift_of_day_id')
          .select((inner) => [
            inner.cast<string>('l.delivery_date', 'text').as('date'),
            hhmm(inner.ref('l.delivery_time')).as('time'),
            'sh.name as shift_name',
            hhmm(inner.ref('sh.start_time')).as('shift_start'),
            hhmm(inner.ref('sh.end_time')).as('shift_end'),
            'l.ship_cond_id',
          ])
          .whereRef('l.parent_id', '=', 'b.id')
          .orderBy('l.delivery_date')
          .orderBy('sh.start_time')
          .orderBy('l.position')
          .limit(1)
          .as('first'),
      )
      .select((eb) => [
        'b.id as bookingId',
        'b.branch_id as branchId',
        'b.doc_no as docNo',
        'b.call_status as callStatus',
        eb('b.canceled_at', 'is not', null).$castTo<boolean>().as('canceled'),
        's.name as customer',
        's.tel as phone',
        's.line_user_id as lineUserId',
        's.id as shipToId',
        'br.name as branchName',
        'br.tel as branchPhone',
        'first.date',
        'first.time',
        'first.shift_name as shiftName',
        'first.shift_start as shiftStart',
        'first.shift_end as shiftEnd',
        'first.ship_cond_id as shipCondId',
        eb
          .selectFrom('booking_report__lines as l')
          .select((agg) => agg.cast<string>(agg.fn.max('l.delivery_date'), 'text').as('lastDate'))
          .whereRef('l.parent_id', '=', 'b.id')
          .as('lastDate'),
        eb.fn
          .coalesce(
            eb
              .selectFrom('booking_report__lines as l')
              .innerJoin('delivery_order as d', 'd.id', 'l.delivery_order_id')
              .select((agg) =>
                agg.fn.agg<string[]>('array_agg', ['d.doc_no']).distinct().orderBy('d.doc_no').as('orders'),
              )
              .whereRef('l.parent_id', '=', 'b.id'),
            eb.val<string[]>([]),
          )
          .as('orders'),
        eb.fn
          .coalesce(
            eb
              .selectFrom('booking_report__lines as l')
              .select((agg) =>
                agg.fn.agg<string[]>('array_agg', ['l.delivery_order_id']).distinct().as('ids'),
              )
              .whereRef('l.parent_id', '=', 'b.id'),
            eb.val<string[]>([]),
          )
          .as('deliveryOrderIds'),
      ])
      .where('b.id', '=', bookingId)
      // A booking always has its branch, number, call status and lines (the booking code writes them).
      .$narrowType<{ branchId: NotNull; docNo: NotNull; callStatus: NotNull; lastDate: NotNull }>()
      .executeTakeFirst()
  );
}

/** The instant a link stops working: midnight after the last delivery day, Bangkok time (UTC+7, no DST). */
export const linkExpiry = (lastDate: string) =>
  new Date(Date.parse(`${lastDate}T00:00:00+07:00`) + 86_400_000);
