import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the busiest list shapes beyond what the declarations derive (bench/api): delivery
 * orders of a branch by customer or by booking state, newest delivery first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index delivery_order_branch_customer_delivery
    on delivery_order (branch_id, customer_id, delivery_at desc, id)`.execute(db);
  await sql`create index delivery_order_branch_booking_delivery
    on delivery_order (branch_id, is_booking, delivery_at desc, id)`.execute(db);
}
