import type { Executor } from '../db/database.ts';
import { articleUnit, words } from './load.ts';

/** The delivery note's reads: DOs with their ship-to and live booking (its number, phone, day, shift and time). */

export type DeliveryOrderRow = Awaited<ReturnType<typeof deliveryOrderRows>>[number];

function deliveryOrderRows(db: Executor, ids: readonly string[], branchId: string) {
  return (
    db
      .selectFrom('delivery_order as o')
      .innerJoin('customer as c', 'c.id', 'o.customer_id')
      .leftJoin('article as a', 'a.id', 'o.article_uom_id')
      .leftJoin('ship_to as st', (join) =>
        join.on((eb) => eb('st.id', '=', eb.fn.coalesce('o.so_ship_to_id', 'o.bo_ship_to_id'))),
      )
      .leftJoin('sub_district as sd', 'sd.id', 'st.sub_district_id')
      .leftJoin('district as d', 'd.id', 'sd.district_id')
      .leftJoin('province as p', 'p.id', 'd.province_id')
      // The DO's live booking: the newest confirmed one not canceled.
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('booking_report__lines as l')
            .innerJoin('booking_report as b', (join) =>
              join.onRef('b.id', '=', 'l.parent_id').on('b.canceled_at', 'is', null),
            )
            .innerJoin('vehicle_date_slot as s', 's.id', 'l.slot_id')
            .innerJoin('shift_of_day as sh', 'sh.id', 's.shift_of_day_id')
            .select([
              'b.id',
              'b.doc_no',
              'b.ship_to_tel',
              'l.delivery_date',
              'l.delivery_time',
              'sh.name as shift',
              'sh.start_time',
              'sh.end_time',
            ])
            .whereRef('l.delivery_order_id', '=', 'o.id')
            .orderBy('b.confirmed_at', 'desc')
            .limit(1)
            .as('bk'),
        (join) => join.onTrue(),
      )
      .select((eb) => [
        'o.id',
        'o.doc_no',
        'o.delivery_at as doc_delivery_at',
        'o.qty',
        'o.weight',
        'o.weight_unit',
        'o.volume',
        'o.volume_unit',
        words(eb, 'a.code', 'a.name').as('article'),
        articleUnit('a').as('unit'),
        words(eb, 'c.code', 'c.name').as('customer'),
        'st.id as ship_to_id',
        words(eb, 'st.code', 'st.name').as('ship_to'),
        // The live booking's copy of the phone, as on its slip; else the ship-to's own.
        eb.fn.coalesce('bk.ship_to_tel', 'st.tel').as('ship_to_tel'),
        words(eb, 'st.address', 'sd.name_th', 'd.name_th', 'p.name_th').as('ship_to_address'),
        'bk.id as booking_id',
        'bk.doc_no as booking_no',
        'bk.delivery_date',
        'bk.delivery_time',
        'bk.shift',
        'bk.start_time as shift_start',
        'bk.end_time as shift_end',
      ])
      .where((eb) => eb('o.id', '=', eb.fn.any(eb.val(ids))))
      .where('o.branch_id', '=', branchId)
      .execute()
  );
}

/** DOs of a branch in the order of `ids`, with their ship-to (SO's, else BO's) and live booking. */
export async function loadDeliveryOrders(db: Executor, ids: readonly string[], branchId: string) {
  const rows = await deliveryOrderRows(db, ids, branchId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
