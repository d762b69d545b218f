import path from 'node:path';
import {
  bangkokIsoDate,
  editRoleOf,
  entityByName,
  featureRoles,
  readRoleOf,
  shipmentStages,
} from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertRecords } from '../../server/src/seed/insertRecords.ts';
import { bookingScenario } from '../../server/test/bookingScenario.ts';
import { createUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { signIn } from './helpers.ts';

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

/** One person books, plans and drives here: the roles of the three jobs. */
const roles = [
  ...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
  readRoleOf('DELIVERY_ORDER'),
  'ROLE_BOOKING_REPORT_READ',
  readRoleOf('SHIPMENT'),
  editRoleOf('SHIPMENT'),
];

describe('from a booking to its recorded delivery, in the browser against the real server', () => {
  it('books DOs, plans and confirms the shift, records every stage on the shipment page, and the booking shows it', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 2 });
    // The shift spans the whole day, so that the driver's taps "now" lie inside it at any hour the
    // test runs (a tap is judged against its shipment's planned day and shift: docs/planning.md).
    await sql`update shift_of_day set start_time = '00:00', end_time = '23:59' where id = ${world.shiftOfDayId}`.execute(
      server.db,
    );
    const [truck] = await insertRecords(server.db, 'vehicle', [
      {
        code: 'E1',
        name: 'หกล้อ E2E',
        licensePlate: 'ขข-9001',
        branchId: world.branchId,
        vehicleTypeId: world.vehicleTypeId,
      },
    ]);
    await insertRecords(server.db, 'driver', [
      { code: 'DE1', name: 'สมปอง ส่งไว', branchId: world.branchId, vehicleId: truck, isMain: true },
    ]);
    const user = await createUser(server.db, { roles, branchIds: [world.branchId] });
    const { rows: docs } = await sql<{ doc_no: string }>`
      select doc_no from delivery_order where id = any(${world.deliveryOrderIds}::uuid[]) order by doc_no`.execute(
      server.db,
    );
    const page = await browser.newPage();
    // Nothing leaves the machine: map tiles are an outside service, off unless a deployment sets them.
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.origin) && !/^(data|blob):/.test(request.url()))
        elsewhere.push(request.url());
    });
    await signIn(page, server.origin, user);

    // Book: the wizard's first suggestion, confirmed.
    await page.goto(`${server.origin}/doBooking`);
    for (const { doc_no } of docs) await page.getByRole('checkbox', { name: `เลือก ${doc_no}` }).click();
    await page.getByRole('button', { name: 'ถัดไป: ดูคำแนะนำการจัดรถ' }).click();
    await page.getByRole('button', { name: 'เลือกตัวเลือกที่ 1' }).click();
    await page.getByRole('heading', { name: 'ช่วงรถที่ 1' }).waitFor();
    await page.getByRole('button', { name: 'ถัดไป: สรุปการจอง' }).click();
    await page.getByRole('button', { name: 'ยืนยันการจอง' }).click();
    await page.getByRole('heading', { name: 'บันทึกการจองเรียบร้อยแล้ว' }).waitFor();

    // Plan today's shift, from the home: the dispatcher's section counts the booking as on no trip
    // yet, and the shift's name opens the planning screen on that slot.
    const today = bangkokIsoDate(new Date());
    const { rows: shifts } = await sql<{ name: string }>`
      select name from shift_of_day where id = ${world.shiftOfDayId}`.execute(server.db);
    const shiftRow = async () => {
      await page.goto(server.origin);
      const day = page.getByRole('region', { name: 'งานจัดรถวันนี้และพรุ่งนี้' }).getByRole('table').first();
      await day.waitFor();
      return day
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: `${shifts[0]!.name} จัดรถ` }) });
    };
    const planned = await shiftRow();
    expect(await planned.getByRole('cell').allTextContents()).toEqual(['1', '1', '0', 'ยังไม่ยืนยัน']);
    await planned.getByRole('link').click();
    await page.waitForURL(`${server.origin}/shipmentPlanning?date=${today}&shift=${world.shiftOfDayId}`);
    // Plan and confirm: one shipment for the truck.
    await page.getByText('1 รายการ').first().waitFor();
    await page.getByRole('button', { name: 'จัดรถอัตโนมัติ' }).click();
    await page.getByRole('region', { name: /ขข-9001/ }).waitFor();
    await page.getByRole('button', { name: 'ยืนยันแผน' }).click();
    await page.getByText('ยืนยันแผนแล้ว (ครั้งที่ 1)').waitFor();
    await page.getByRole('img', { name: /แผนที่เส้นทาง/ }).waitFor();
    // Back on the home, the shift's booking is on its trip and the plan confirmed.
    const confirmed = await shiftRow();
    expect(await confirmed.getByRole('cell').allTextContents()).toEqual(['1', '0', '1', 'ยืนยันแล้ว']);
    // The slot on screen is in the address: another day's address opens that day, and today's
    // address (as a reload or a shared link brings it) the confirmed plan again.
    const tomorrow = bangkokIsoDate(new Date(Date.now() + 86_400_000));
    await page.goto(`${server.origin}/shipmentPlanning?date=${tomorrow}&shift=${world.shiftOfDayId}`);
    await page.getByText('ไม่มีการจองที่ยืนยันแล้วในกะนี้').waitFor();
    await page.goto(`${server.origin}/shipmentPlanning?date=${today}&shift=${world.shiftOfDayId}`);
    await page.getByText('ยืนยันแผนแล้ว (ครั้งที่ 1)').waitFor();
    await page.getByRole('region', { name: /ขข-9001/ }).waitFor();
    expect(elsewhere).toEqual([]);
    const { rows: shipments } = await sql<{ id: string; doc_no: string; booking_id: string }>`
      select s.id, s.doc_no, l.ref_id as booking_id from shipment s
        join shipment__booking_report_ids l on l.owner_id = s.id
       where s.branch_id = ${world.branchId}`.execute(server.db);
    expect(shipments).toHaveLength(1);
    const { id: shipmentId, doc_no: docNo, booking_id: bookingId } = shipments[0]!;

    // The driver's phone: the shipment list as cards, its number tapped opens it; then one tap per
    // stage, in order.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.origin}/shipment`);
    await page
      .getByRole('list', { name: entityByName('shipment').title })
      .getByRole('button', { name: docNo, exact: true })
      .click();
    await page.waitForURL(`${server.origin}/shipment/show/${shipmentId}`);
    for (const { label } of shipmentStages) {
      const tap = page.getByRole('button', { name: `บันทึกเวลาจริง: ${label}` });
      await tap.click();
      await tap.waitFor({ state: 'detached' });
    }
    await page.getByText('บันทึกเวลาจริงครบทุกขั้นตอนแล้ว').waitFor();
    const { rows: ended } = await sql<{ ship_end: string | null }>`
      select (act_date_ship_end + act_time_ship_end)::text as ship_end from shipment where id = ${shipmentId}`.execute(
      server.db,
    );
    expect(ended[0]!.ship_end).not.toBeNull();

    // The booking's page shows the shipment and its actual ShipEnd; its log has every stage.
    await page.goto(`${server.origin}/bookingReport/show?id=${bookingId}`);
    const section = page.getByRole('region', { name: 'การขนส่ง' });
    await section.getByRole('heading', { name: /ขข-9001 · คนขับ สมปอง ส่งไว/ }).waitFor();
    const shipEnd = section.getByRole('listitem').filter({ hasText: 'ส่งสินค้าเสร็จ' });
    const time = ended[0]!.ship_end!.slice(11, 16);
    await shipEnd
      .getByText(new RegExp(`${time}$`))
      .first()
      .waitFor();
    const { rows: log } = await sql<{ stage: string }>`
      select changes->>'stage' as stage from history where entity = 'bookingReport' and record_id = ${bookingId}
         and changes ? 'stage' order by id`.execute(server.db);
    expect(log.map((l) => l.stage)).toEqual(shipmentStages.map((s) => s.label));
  });
});
