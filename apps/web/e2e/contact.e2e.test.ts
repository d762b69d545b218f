import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BUDDHIST_ERA_OFFSET, type CalendarCell, calendarApi, featureRoles, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { providersOf } from '../../server/src/contact/providers.ts';
import type { ContactSettings } from '../../server/src/contact/settings.ts';
import { ContactWorker } from '../../server/src/contact/worker.ts';
import { insertRecords } from '../../server/src/seed/insertRecords.ts';
import { bookingScenario } from '../../server/test/bookingScenario.ts';
import { createUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { bookUpToSummary, requestPath, signIn } from './helpers.ts';

// Customer contact end to end (docs/contact.md): a planner confirms in the browser, the worker
// pushes the message to a fake LINE on loopback, the customer opens the link on a phone and moves
// the delivery, and another planner's calendar follows without a reload.

interface Push {
  readonly to: string;
  readonly messages: readonly { type: string; text?: string; template?: { actions: { uri: string }[] } }[];
}
const pushes: Push[] = [];
const fakeLine = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => {
    text += chunk;
  });
  request.on('end', () => {
    if (request.url === '/v2/bot/message/push') pushes.push(JSON.parse(text) as Push);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((resolve) => fakeLine.listen(0, '127.0.0.1', resolve));

const settings: ContactSettings = {
  line: {
    token: 'line-channel-token',
    apiBase: `http://127.0.0.1:${(fakeLine.address() as AddressInfo).port}`,
  },
  log: false,
  publicUrl: 'https://lms.test',
  maxAttempts: 3,
  backoffMs: 5,
  maxBackoffMs: 20,
  sendTimeoutMs: 30_000,
  pollMs: 50,
};
const server = setupTestServer({
  webDist: path.resolve(import.meta.dirname, '../dist'),
  contact: () => settings,
});
const browser = setupBrowser();
let worker: ContactWorker | undefined;
afterAll(async () => {
  await worker?.stop();
  await new Promise((resolve) => fakeLine.close(resolve));
});
vi.setConfig({ testTimeout: 180_000 });

const plannerRoles = [
  ...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
  readRoleOf('BOOKING_CALENDAR'),
  readRoleOf('DELIVERY_ORDER'),
  'ROLE_BOOKING_REPORT_READ',
];

/** The pushes LINE received for a user, once there are `count` of them. */
async function pushesTo(to: string, count: number): Promise<Push[]> {
  await vi.waitFor(() => expect(pushes.filter((p) => p.to === to).length).toBeGreaterThanOrEqual(count), {
    timeout: 60_000,
    interval: 200,
  });
  return pushes.filter((p) => p.to === to);
}

/** dd/MM/yyyy in the Buddhist era, as the customer's page names a day. */
const thaiDay = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${Number(y) + BUDDHIST_ERA_OFFSET}`;
};

describe('customer contact in the browser against the real server', () => {
  it('confirm → LINE message → the customer opens the link and moves the delivery → the planner’s calendar follows live', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    await sql`update ship_to set line_user_id = 'U-e2e-customer' where id = ${world.shipToId}`.execute(
      server.db,
    );
    const { rows: docs } = await sql<{ doc_no: string }>`
      select doc_no from delivery_order where id = ${world.deliveryOrderIds[0]!}`.execute(server.db);
    const docNo = docs[0]!.doc_no;
    worker = new ContactWorker({
      databaseUrl: server.databaseUrl,
      settings,
      providers: providersOf(settings),
    });
    worker.start();

    // Another planner watches the calendar (today is in every view).
    const watcher = await createUser(server.db, { roles: plannerRoles, branchIds: [world.branchId] });
    const calendar = await browser.newPage();
    await signIn(calendar, server.origin, watcher);
    await calendar.goto(`${server.origin}/bookingCalendar`);
    await calendar.waitForResponse((r) => r.url().includes(`${requestPath(calendarApi.cells)}?`));

    // 1. A planner confirms the booking in the wizard: the message goes out by LINE, with the link.
    const planner = await createUser(server.db, { roles: plannerRoles, branchIds: [world.branchId] });
    const page = await browser.newPage();
    await signIn(page, server.origin, planner);
    await bookUpToSummary(page, server.origin, [docNo]);
    await page.getByRole('button', { name: 'ยืนยันการจอง' }).click();
    await page.getByRole('heading', { name: 'บันทึกการจองเรียบร้อยแล้ว' }).waitFor();
    const [confirmed] = await pushesTo('U-e2e-customer', 1);
    expect(confirmed!.messages[0]!.text).toContain(docNo);
    const link = confirmed!.messages[1]!.template!.actions[0]!.uri;
    expect(link).toMatch(/^https:\/\/lms\.test\/public\/appointment\/[\w-]+\.[\w-]+$/);

    // A slot tomorrow, where the delivery may move.
    const tomorrow = new Date(Date.parse(`${world.today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const [tomorrowSlot] = await insertRecords(server.db, 'vehicleDateSlot', [
      {
        branchId: world.branchId,
        shiftDate: tomorrow,
        shiftOfDayId: world.shiftOfDayId,
        vehicleTypeId: world.vehicleTypeId,
        shipCondId: world.shipCondId,
        total: 1,
        special: 0,
      },
    ]);

    // 2. The customer opens the link on a phone (no sign-in) and moves the delivery to tomorrow.
    const phone = await browser.newPage({ width: 375, height: 740 });
    await phone.goto(`${server.origin}${new URL(link).pathname}`);
    await phone.getByRole('region', { name: 'นัดส่งสินค้า' }).getByText(docNo).waitFor();
    await phone.getByRole('button', { name: 'ขอเลื่อนนัด' }).click();
    await phone.getByRole('heading', { name: 'เลือกวันและช่วงเวลาใหม่' }).waitFor();
    // The watcher's calendar must ask again on its own, and see today's slot emptied.
    const todayEmptied = calendar.waitForResponse(
      async (r) => {
        if (!r.url().includes(`${requestPath(calendarApi.cells)}?`) || r.status() !== 200) return false;
        const cells = (await r.json()) as CalendarCell[];
        const today = cells.find((c) => c.date === world.today && c.vehicleTypeId === world.vehicleTypeId);
        return today !== undefined && today.used.weight === 0;
      },
      { timeout: 30_000 },
    );
    await phone.getByRole('button', { name: new RegExp(`^${thaiDay(tomorrow)}`) }).click();
    await phone.getByRole('status').filter({ hasText: 'เลื่อนนัดแล้ว' }).waitFor();
    await todayEmptied;

    // The booking really moved, the customer is told by LINE, and the planner sees "moved".
    const { rows: lines } = await sql<{ slot_id: string }>`
      select l.slot_id from booking_report__lines l join booking_report b on b.id = l.parent_id
       where b.ship_to_id = ${world.shipToId} and b.canceled_at is null`.execute(server.db);
    expect(lines).toEqual([{ slot_id: tomorrowSlot }]);
    const sent = await pushesTo('U-e2e-customer', 2);
    expect(sent[1]!.messages[0]!.text).toContain(docNo);
    const { rows: state } = await sql<{ message_state: string }>`
      select message_state from booking_report where ship_to_id = ${world.shipToId}`.execute(server.db);
    expect(state).toEqual([{ message_state: 'MOVED' }]);
  });

  it('the customer’s page works with no script at all: confirm and move are HTML forms', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    const planner = await createUser(server.db, { roles: plannerRoles, branchIds: [world.branchId] });
    const page = await browser.newPage();
    await signIn(page, server.origin, planner);
    const { rows: docs } = await sql<{ doc_no: string }>`
      select doc_no from delivery_order where id = ${world.deliveryOrderIds[0]!}`.execute(server.db);
    await bookUpToSummary(page, server.origin, [docs[0]!.doc_no]);
    await page.getByRole('button', { name: 'ยืนยันการจอง' }).click();
    await page.getByRole('heading', { name: 'บันทึกการจองเรียบร้อยแล้ว' }).waitFor();
    const { rows } = await sql<{ id: string }>`
      select id from booking_report where ship_to_id = ${world.shipToId} and canceled_at is null`.execute(
      server.db,
    );
    const link = `/public/appointment/${server.app.auth.contact.links.token(rows[0]!.id)}`;
    const tomorrow = new Date(Date.parse(`${world.today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await insertRecords(server.db, 'vehicleDateSlot', [
      {
        branchId: world.branchId,
        shiftDate: tomorrow,
        shiftOfDayId: world.shiftOfDayId,
        vehicleTypeId: world.vehicleTypeId,
        shipCondId: world.shipCondId,
        total: 1,
        special: 0,
      },
    ]);

    const phone = await browser.newPage({ width: 390, height: 844, javaScript: false });
    await phone.goto(`${server.origin}${link}`);
    await phone.getByRole('region', { name: 'นัดส่งสินค้า' }).getByText(docs[0]!.doc_no).waitFor();
    await phone.getByRole('button', { name: 'ยืนยันนัดนี้' }).click();
    await phone.getByRole('status').filter({ hasText: 'ยืนยันนัดแล้ว' }).waitFor();
    const { rows: called } = await sql<{ call_status: string }>`
      select call_status from booking_report where id = ${rows[0]!.id}`.execute(server.db);
    expect(called).toEqual([{ call_status: 'CONFIRMED_BY_CUSTOMER' }]);
    await expect(phone.getByRole('button', { name: 'ยืนยันนัดนี้' }).count()).resolves.toBe(0);

    await phone.getByRole('button', { name: 'ขอเลื่อนนัด' }).click();
    await phone.getByRole('button', { name: new RegExp(`^${thaiDay(tomorrow)}`) }).click();
    await phone.getByRole('status').filter({ hasText: 'เลื่อนนัดแล้ว' }).waitFor();
    await phone.getByRole('region', { name: 'นัดส่งสินค้า' }).getByText(thaiDay(tomorrow)).waitFor();
  });
});
