import { type StopStatus, stopOnTime, stopStatusOptions } from '@lms/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { performanceRows } from '../src/performance/rows.ts';
import { setupTestServer } from './harness.ts';
import { seedPerformanceHistory } from './performanceHistory.ts';

/**
 * The stop list's on time and in full (the `delivery_stop_report` view, migration 0056) are SQL;
 * the figures' are the domain's (`stopOnTime`, a DELIVERED status). They cannot be derived from
 * one another (a list filters and sorts in PostgreSQL, the figures run in Node and over the
 * roll-ups), so this property holds them equal (docs/performance-figures.md "นิยามเดียว"): random
 * statuses, windows and outcome times down to the microsecond, most of them on or a microsecond
 * beside a window's edge, on real stops of a generated month, read back both ways.
 */

const server = setupTestServer();
let branchId = '';
let stops: { id: string; event: string | null }[] = [];
const october = { from: '2026-10-01', to: '2026-10-31' };

beforeAll(async () => {
  const { branches } = await seedPerformanceHistory(server.db, { tripsPerDay: 1, stopsPerTrip: 3 });
  branchId = branches[0]!;
  const { rows } = await sql<{ id: string; event: string | null }>`
    select st.id, st.outcome_event_id as event from delivery_stop st
    join delivery_trip t on t.shipment_id = st.shipment_id
    where t.branch_id = ${branchId} and t.shift_date between '2026-10-01' and '2026-10-31'
    order by st.id`.execute(server.db);
  stops = rows;
}, 180_000);

const HOUR_US = 3_600_000_000;
/** Microseconds from a window's edge: on it, one either side, or anywhere within four hours. */
const offset = fc.oneof(
  fc.constantFrom(0, -1, 1, -999, 999, -1000, 1000),
  fc.integer({ min: -4 * HOUR_US, max: 4 * HOUR_US }),
);

describe('the stop list’s on time and in full', () => {
  it('always agree with the domain’s, on PostgreSQL', async () => {
    expect(stops.filter((s) => s.event !== null).length).toBeGreaterThan(5);
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: stops.length - 1 }),
        fc.constantFrom(...stopStatusOptions.map((o) => o.value as StopStatus)),
        fc.integer({ min: 0, max: 4 * HOUR_US }),
        fc.constantFrom('from', 'to'),
        offset,
        async (index, status, length, edge, micros) => {
          const stop = stops[index]!;
          const start = sql`'2026-10-05T09:00:00+07:00'::timestamptz`;
          await sql`update delivery_stop set status = ${status},
            window_from = ${start}, window_to = ${start} + ${length} * interval '1 microsecond'
            where id = ${stop.id}`.execute(server.db);
          if (stop.event)
            await sql`update delivery_event e set at = case when ${edge} = 'from' then st.window_from else st.window_to end
                + ${micros} * interval '1 microsecond'
              from delivery_stop st where st.id = ${stop.id} and e.id = ${stop.event}`.execute(server.db);
          const { rows } = await sql<{ onTime: boolean; inFull: boolean }>`
            select on_time as "onTime", in_full as "inFull" from delivery_stop_report where id = ${stop.id}`.execute(
            server.db,
          );
          const row = (await performanceRows(server.db, branchId, october)).stops.find(
            (s) => s.stopId === stop.id,
          );
          expect(row).toBeDefined();
          expect(rows[0]).toEqual({ onTime: stopOnTime(row!), inFull: row!.status === 'DELIVERED' });
        },
      ),
      { numRuns: 150 },
    );
  }, 300_000);
});
