import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the busiest list shapes beyond what the declarations derive (bench/api): delivery
 * orders of a branch by customer and booking state, newest delivery first. Equality columns come
 * first so that both the page and its total are answered from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index delivery_order_branch_customer_booking
    on delivery_order (branch_id, customer_id, is_booking, delivery_at desc, id)`.execute(db);
  await sql`create index delivery_order_branch_booking_delivery
    on delivery_order (branch_id, is_booking, delivery_at desc, id)`.execute(db);
}
