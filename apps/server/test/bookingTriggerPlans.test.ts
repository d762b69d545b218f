import { featureRoles } from '@lms/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { bookingScenario } from './bookingScenario.ts';
import { bookThroughApi } from './bookThroughApi.ts';
import { createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * The booking triggers read a booking and its lines by key even when the statistics say the
 * tables hold a row or two, where a seq scan looks cheapest (migration 0066): PL/pgSQL keeps the
 * plan it made then for the connection's life, and with it every confirm read every booking.
 * `auto_explain`, loaded in one session with its messages sent to the client, shows the plans of
 * the statements the triggers run. `load` needs a superuser: the embedded PostgreSQL's role, or,
 * with `DATABASE_URL`, a role that is one.
 */
const server = setupTestServer();

const TRIGGER_FUNCTIONS = ['booking_delivery_date', 'lms_slot_use_lines', 'lms_slot_use_booking'];

describe('the booking triggers', () => {
  it('find the booking and its lines by key whatever the statistics say', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1, vehicles: 1 });
    const user = await createUser(server.db, {
      roles: featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
      branchIds: [world.branchId],
    });
    const token = await signIn(server.api, user);
    const bookingId = await bookThroughApi(server, world, token, world.shipToId, world.deliveryOrderIds[0]!);

    const client = new pg.Client({ connectionString: server.databaseUrl });
    const plans: string[] = [];
    client.on('notice', (notice) => {
      if (notice.message?.includes('Query Text:')) plans.push(notice.message);
    });
    await client.connect();
    try {
      // Statistics of a table with a booking or two: a seq scan is the cheapest plan on them.
      await client.query('analyze booking_report, booking_report__lines');
      await client.query("load 'auto_explain'");
      await client.query('set auto_explain.log_min_duration = 0');
      await client.query('set auto_explain.log_nested_statements = on');
      await client.query('set client_min_messages = log');
      await client.query('begin');
      // Each fires its triggers with nothing changed; rolled back all the same.
      await client.query(
        'update booking_report__lines set delivery_date = delivery_date where parent_id = $1',
        [bookingId],
      );
      await client.query('update booking_report set canceled_at = now() where id = $1', [bookingId]);
      await client.query('rollback');
    } finally {
      await client.end();
    }
    const triggerPlans = plans.filter((plan) => /booking_report b\b|booking_report__lines l\b/.test(plan));
    // The booking day's update, the slot use of the lines' update and of the booking's cancel.
    expect(triggerPlans.length, plans.join('\n\n')).toBeGreaterThanOrEqual(3);
    for (const plan of triggerPlans) expect(plan).not.toMatch(/Seq Scan on booking_report/);

    // `create or replace function` would drop the setting: a migration that replaces one sets it again.
    const { rows } = await sql<{ proname: string; proconfig: string[] | null }>`
      select proname, proconfig from pg_proc where proname = any(${TRIGGER_FUNCTIONS})`.execute(server.db);
    expect(rows.map((r) => [r.proname, r.proconfig]).sort()).toEqual(
      TRIGGER_FUNCTIONS.map((name) => [name, ['enable_seqscan=off']]).sort(),
    );
  });
});
