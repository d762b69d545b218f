import { editRoleOf, type SlotPlan, tripsOf } from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario } from './bookingScenario.ts';
import { fakeRouter } from './fakeRouter.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';
import { pdfPages } from './pdfText.ts';

// The road router on (the fake table service: 1000 × (|i − j| + 1) metres between places i and j).
const router = fakeRouter();
const server = setupTestServer({ app: () => ({ routing: router.settings() }) });

/**
 * One definition of a trip's distance (docs/planning.md "Road distances"): with a road router
 * configured, the trip sheet prints the trip as the plan has it — on the router's metres, from the
 * same per-branch-and-day cache — not on great-circle distances.
 */
describe('the trip sheet on road distances', () => {
  it('prints the plan’s distance and arrival times, the router asked once for the slot', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 2, vehicles: 1 });
    await insertRecords(server.db, 'vehicle', [
      {
        code: `TS${world.branchId.slice(0, 4)}`,
        name: 'หกล้อ',
        licensePlate: 'ทส-1001',
        branchId: world.branchId,
        vehicleTypeId: world.vehicleTypeId,
      },
    ]);
    const { rows: sub } = await sql<{ sub_district_id: string; customer_id: string }>`
      select st.sub_district_id, d.customer_id from ship_to st, delivery_order d
      where st.id = ${world.shipToId} and d.id = ${world.deliveryOrderIds[0]!}`.execute(server.db);
    // Two stores 11 and 22 km north of the branch as the crow flies; 2 and 3 km by the router.
    for (const [i, lat] of [13.8, 13.9].entries()) {
      const [shipTo] = await insertRecords(server.db, 'shipTo', [
        {
          code: `TST${i}-${world.branchId.slice(0, 6)}`,
          name: `ร้าน ${i}`,
          subDistrictId: sub[0]!.sub_district_id,
          lat,
          lon: 100.5,
        },
      ]);
      const { rows } = await sql<{ id: string }>`
        insert into booking_report (branch_id, status, doc_no, customer_id, ship_to_id)
        values (${world.branchId}, 'CONFIRMED', ${`BKTS${i}-${world.branchId.slice(0, 4)}`}, ${sub[0]!.customer_id}, ${shipTo!})
        returning id`.execute(server.db);
      await sql`insert into booking_report__lines (parent_id, position, delivery_order_id, qty, delivery_date,
          used_weight, used_volume, ship_cond_id, slot_id)
        values (${rows[0]!.id}, 0, ${world.deliveryOrderIds[i]!}, 1, ${world.today}::date, 100, 1, ${world.shipCondId}, ${world.slotId})`.execute(
        server.db,
      );
    }
    const dispatcher = await signIn(
      server.api,
      await createUser(server.db, { roles: [editRoleOf('SHIPMENT')], branchIds: [world.branchId] }),
    );
    const q = `?branchId=${world.branchId}`;
    const body = { date: world.today, shiftOfDayId: world.shiftOfDayId };
    const planned = await call(server.api, 'POST', `/shipmentPlanning/plan${q}`, { token: dispatcher, body });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    const confirmed = await call(server.api, 'POST', `/shipmentPlanning/confirm${q}`, {
      token: dispatcher,
      body: { ...body, version: 0, trips: tripsOf(planned.body) },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const [trip] = (confirmed.body as SlotPlan).trips as [SlotPlan['trips'][number]];
    // Branch → one store → the other → back: 2 + 2 + 3 km whichever comes first (great circle: ~58 km).
    expect(trip.distanceKm).toBe(7);

    const response = await fetch(`${server.api}/shipment/${trip.shipmentId}/document/tripSheet.pdf${q}`, {
      headers: { authorization: `Bearer ${dispatcher}` },
    });
    expect(response.status).toBe(200);
    const text = (await pdfPages(new Uint8Array(await response.arrayBuffer()))).join('\n');
    expect(text).toMatch(/ระยะทางตามแผน\s+7\.0 กม\. \(ไป-กลับ\)/);
    // The arrivals the dispatcher confirmed are the ones printed.
    for (const stop of trip.stops) expect(text).toContain(stop.arrival.time);
    // One table for the branch and day: the plan asked, the confirm and the trip sheet read the cache.
    expect(router.requests).toHaveLength(1);
  });
});
