import { type RawBuilder, sql } from 'kysely';

/**
 * The booking report's "ต้องโทร" (docs/contact.md): the bookings a planner still has to phone. Not
 * canceled; delivering today or later (Bangkok); the customer neither confirmed nor moved it
 * through the link; no planner reached them yet (not called, or unreachable); and the branch's
 * cut-off has passed: its `confirm_cutoff` time on the day before the first delivery day. A
 * branch without a cut-off calls every such booking at once, as before customer messages.
 */
export function toCallCondition(alias: string): RawBuilder<unknown> {
  const t = (column: string) => sql.ref(`${alias}.${column}`);
  return sql`(${t('canceled_at')} is null
    and ${t('call_status')} in ('NOT_CALLED', 'UNREACHABLE')
    and ${t('message_state')} is distinct from 'CONFIRMED' and ${t('message_state')} is distinct from 'MOVED'
    and exists (
      select 1
        from (select min(l.delivery_date) as day from booking_report__lines l where l.parent_id = ${t('id')}) first
        join branch br on br.id = ${t('branch_id')}
       where first.day >= (now() at time zone 'Asia/Bangkok')::date
         and now() >= coalesce(((first.day - 1) + br.confirm_cutoff) at time zone 'Asia/Bangkok', '-infinity'::timestamptz)))`;
}
