import path from 'node:path';
import { addDays, appointmentText, featureRoles, formatTime, ROLE_ADMIN, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { insertRecords } from '../../server/src/seed/insertRecords.ts';
import { signIn as apiSignIn, call, createUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { deliveryTrip } from './deliveryScenario.ts';
import { namelessAnnouncements, pickUpToSummary, signIn } from './helpers.ts';

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

/** A camera photo: a real PNG the phone resizes to a JPEG before it queues it. */
function photo(name: string) {
  const png = new PNG({ width: 320, height: 240 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([40 + (i % 200), 90, 160, 255], i);
  return { name, mimeType: 'image/png', buffer: PNG.sync.write(png) };
}

/** A finger's signature across the pad. */
async function sign(page: Page) {
  const pad = page.getByRole('img', { name: /ลายเซ็นผู้รับ/ });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let x = 40; x < box.width - 30; x += 20)
    await page.mouse.move(box.x + x, box.y + box.height / 2 + Math.sin(x / 15) * 20);
  await page.mouse.up();
  await page.getByRole('img', { name: 'ลายเซ็นผู้รับ: เซ็นแล้ว' }).waitFor();
}

const stopsOf = (db: typeof server.db, tripId: string) =>
  sql<{ seq: number; status: string; arrived: boolean; left: boolean }>`
    select s.seq, s.status, s.arrived_at is not null as arrived, s.left_at is not null as left
      from delivery_stop s where s.shipment_id = ${tripId} order by s.seq`
    .execute(db)
    .then((r) => r.rows);

/** The live booking of a DO (the one a trip carries, or the new one once booked again). */
const bookingOf = (db: typeof server.db, deliveryOrderId: string) =>
  sql<{ id: string; doc_no: string }>`select b.id, b.doc_no from booking_report__lines l
    join booking_report b on b.id = l.parent_id and b.canceled_at is null
    where l.delivery_order_id = ${deliveryOrderId} order by b.confirmed_at desc limit 1`
    .execute(db)
    .then((r) => r.rows[0]!);

describe("the driver's app on a phone, against the real server", () => {
  it('drives a trip of three stops at 390×844: delivered with signature and photo, then offline a partial and a failed one, sent once when the signal returns; the board and the customer follow live; the failed DO is back on the planner’s home and booked again', {
    timeout: 90_000,
  }, async () => {
    const { world, tripId, driver, dispatcher, deliveryOrderIds } = await deliveryTrip(server);
    const [doA, doB, doC] = deliveryOrderIds as [string, string, string];
    const [bookingB, bookingC] = [await bookingOf(server.db, doB), await bookingOf(server.db, doC)];
    const page = await browser.newPage({
      width: 390,
      height: 844,
      geolocation: { latitude: 13.75, longitude: 100.5 },
    });

    // The dispatcher's board (1366×768) and B's customer (their appointment link, a phone) watch.
    const board = await browser.newPage({ width: 1366, height: 768 });
    await signIn(board, server.origin, dispatcher);
    await board.goto(`${server.origin}/deliveryBoard`);
    const { rows: trip } = await sql<{
      doc_no: string;
    }>`select doc_no from shipment where id = ${tripId}`.execute(server.db);
    const card = board.getByRole('region', { name: new RegExp(trip[0]!.doc_no) });
    await card.getByText('ส่งแล้ว 0/3 จุด').waitFor();
    await board.getByText('อัปเดตสด').waitFor();
    const customer = await browser.newPage({ width: 390, height: 844 });
    const linkOf = (bookingId: string) =>
      `${server.origin}/public/appointment/${server.app.auth.contact.links.token(bookingId)}`;
    await customer.goto(linkOf(bookingB.id));
    await customer.getByText('นัดส่งแล้ว').waitFor();

    // Sign in as the company driver; today's trip is there.
    await page.goto(`${server.origin}/driver/trips`);
    await page.getByLabel('ชื่อผู้ใช้').fill(driver.username);
    await page.getByLabel('รหัสผ่าน').fill(driver.password);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await page.getByRole('button', { name: /ส่งแล้ว 0\/3 จุด/ }).click();
    const stops = page.getByRole('list', { name: 'จุดส่ง' }).getByRole('button');
    await expect.poll(() => stops.count()).toBe(3);
    // The shell is cached by the service worker from here on.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // The planner chose the order: each stop is found by its ship-to.
    const stop = (name: string) =>
      page.getByRole('list', { name: 'จุดส่ง' }).getByRole('button', { name: new RegExp(name) });

    // A (signature and photo): arrived, delivered with the recipient, a signature and a photo, left.
    await stop('ร้านวัสดุก่อสร้างเจริญทรัพย์').click();
    await page.getByRole('button', { name: 'ถึงจุดส่งแล้ว' }).click();
    // The phone moves a little at the stop: its fix (stamped now, inside the running trip) is shared.
    await page.getByRole('button', { name: 'ส่งครบ' }).waitFor();
    // The arrival's button went as it was done: what the screen reader was told still has words.
    expect(await namelessAnnouncements(page)).toEqual([]);
    await page.context().setGeolocation({ latitude: 13.7502, longitude: 100.5001 });
    await page.getByRole('button', { name: 'ส่งครบ' }).click();
    await page.getByLabel('ชื่อผู้รับสินค้า').fill('สมศรี รับของ');
    await sign(page);
    await page.getByLabel(/รูปถ่าย.*ถ่ายรูป/).setInputFiles(photo('door.png'));
    await page.getByRole('img', { name: 'รูปที่ 1' }).waitFor();
    await page.getByRole('button', { name: 'บันทึก: ส่งครบ' }).click();
    await page.getByRole('button', { name: 'ออกจากจุดส่ง' }).click();
    // Back on the trip once "left" is on the phone's queue; then the bar says when all the driver
    // recorded is sent (positions, queued every 10 s while the trip runs, are not counted: they go
    // with the next send or the 20 s retry).
    await page.getByRole('list', { name: 'จุดส่ง' }).waitFor();
    await page.getByText('ส่งข้อมูลครบแล้ว').waitFor();
    await expect
      .poll(async () => (await stopsOf(server.db, tripId)).filter((s) => s.status === 'DELIVERED' && s.left))
      .toHaveLength(1);

    // The board follows without a reload: A done; the truck where the phone is; the next stop's ETA
    // as the server now computes it from what happened (not the plan's).
    await card.getByText('ส่งแล้ว 1/3 จุด').waitFor();
    // The next stop's ETA as the server computed it from what happened (read at the same moment;
    // "never before now" may move it by the minute between the two reads).
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
    const boardAnswer = await call(
      server.api,
      'GET',
      `/delivery/board?branchId=${world.branchId}&date=${world.today}`,
      {
        token: await apiSignIn(server.api, dispatcher),
      },
    );
    const running = boardAnswer.body.find((x: { id: string }) => x.id === tripId);
    const next = running.stops.find((x: { id: string }) => x.id === running.nextStopId);
    // An ETA past midnight in Bangkok carries its date (TripCard's `timeOn`): the time is what follows it.
    const shown = (await card.textContent())?.match(/คาดว่าถึง (?:\d\d\/\d\d\/\d{4} )?(\d\d:\d\d) น\./)?.[1];
    expect(shown, 'the board shows the next stop’s ETA').toBeDefined();
    expect(Math.abs(minutes(shown!) - minutes(formatTime(next.eta))) % (24 * 60)).toBeLessThanOrEqual(1);
    // The truck where the phone is: the phone's own fix, sent with its events.
    await board.locator(`[data-truck="${trip[0]!.doc_no}"]`).waitFor();
    await card.getByText(/ตำแหน่งล่าสุด/).waitFor();
    const { rows: kept } = await sql<{
      lat: number;
    }>`select lat from delivery_position where shipment_id = ${tripId}`.execute(server.db);
    expect(kept.map((p) => p.lat)).toContain(13.7502);
    // B's customer: on the way, how many stops before theirs, the ETA.
    await customer.reload();
    await customer.getByText('กำลังไปส่ง').waitFor();
    await customer.getByText(/คุณเป็นจุดถัดไป|อีก \d+ จุดก่อนถึงคุณ/).waitFor();

    // No signal: B (ten units) delivered in part with a signature, C not delivered; both wait on the phone.
    await page.context().setOffline(true);
    await stop('ร้านบี').click();
    await page.getByRole('button', { name: 'ถึงจุดส่งแล้ว' }).click();
    await page.getByRole('button', { name: 'ส่งได้บางส่วน' }).click();
    await page.getByLabel('ชื่อผู้รับสินค้า').fill('ผู้จัดการร้าน');
    await page.getByLabel(/\(นัด /).fill('4');
    await sign(page);
    await page.getByRole('button', { name: 'บันทึก: ส่งได้บางส่วน' }).click();
    await page.getByRole('button', { name: 'ออกจากจุดส่ง' }).click();
    await stop('ร้านซี').click();
    await page.getByRole('button', { name: 'ถึงจุดส่งแล้ว' }).click();
    await page.getByRole('button', { name: 'ส่งไม่สำเร็จ' }).click();
    await page.getByLabel('ไม่พบผู้รับ').check();
    await page.getByRole('button', { name: 'บันทึก: ส่งไม่สำเร็จ' }).click();
    await page.getByRole('button', { name: 'ออกจากจุดส่ง' }).click();
    // Every stop left, on the phone: the trip screen shows it once C's "left" is queued (the bar's
    // "ออฟไลน์ · รอส่ง" was already there after B's first event, so it proves nothing about C's last;
    // a reload before that event is stored loses it).
    await page.getByText('ส่งครบทุกจุดแล้ว ขอบคุณครับ/ค่ะ').waitFor();
    await page.getByText(/ออฟไลน์ · รอส่ง \d+ รายการ/).waitFor();

    // The app opens again with no signal, from the worker's cache and the phone's copy.
    await page.reload();
    await page.getByRole('heading', { name: /SH|\d/ }).waitFor();
    await page.getByText('ส่งครบทุกจุดแล้ว ขอบคุณครับ/ค่ะ').waitFor();
    expect((await stopsOf(server.db, tripId)).map((s) => s.status).sort()).toEqual([
      'DELIVERED',
      'PENDING',
      'PENDING',
    ]);

    // The signal returns: everything goes up once, in order, with the phone's times.
    // The app sends at the browser's "online" event (not the 20 s retry): the bar says so once the
    // driver's records are all answered.
    await page.context().setOffline(false);
    await page.getByText('ส่งข้อมูลครบแล้ว').waitFor();
    const done = await stopsOf(server.db, tripId);
    expect(done.map((s) => s.status).sort()).toEqual(['DELIVERED', 'FAILED', 'PARTIAL']);
    expect(done.every((s) => s.arrived && s.left)).toBe(true);
    const { rows: events } = await sql<{ kind: string; n: number }>`
      select kind, count(*)::int as n from delivery_event where shipment_id = ${tripId} and kind <> 'stage'
       group by kind order by kind`.execute(server.db);
    expect(events).toEqual([
      { kind: 'arrived', n: 3 },
      { kind: 'delivered', n: 1 },
      { kind: 'failed', n: 1 },
      { kind: 'left', n: 3 },
      { kind: 'partial', n: 1 },
    ]);
    const { rows: files } = await sql<{ n: number }>`
      select count(*)::int as n from delivery_file where shipment_id = ${tripId}`.execute(server.db);
    expect(files[0]!.n).toBe(3);
    // B's six units left and C's DO are back to booking, with the phone's quantities.
    const { rows: back } = await sql<{ qty: number; delivered: number }>`
      select r.qty::float as qty, d.delivered_qty::float as delivered from delivery_return r
        join delivery_order d on d.id = r.delivery_order_id where r.shipment_id = ${tripId} order by r.qty`.execute(
      server.db,
    );
    expect(back).toEqual([
      { qty: 1, delivered: 0 },
      { qty: 6, delivered: 4 },
    ]);

    // The board heard it all live; B's customer sees the proof they may see.
    await card.getByText('ส่งแล้ว 3/3 จุด').waitFor();
    await customer.reload();
    await customer.getByText('ส่งสินค้าได้บางส่วน').waitFor();
    await customer.getByText('ผู้รับสินค้า ผู้จัดการร้าน').waitFor();

    // The planner's home: both DOs back, the tile opens their list; C is booked again through the
    // wizard's first suggestion, and its customer's link tells them the new date.
    // A planner of this branch only (an administrator acts in whichever branch comes first).
    const planner = await createUser(server.db, {
      roles: [
        ...featureRoles.doBooking.edit.filter((r) => r !== ROLE_ADMIN),
        readRoleOf('BOOKING_CALENDAR'),
        readRoleOf('DELIVERY_ORDER'),
      ],
      branchIds: [world.branchId],
    });
    const office = await browser.newPage({ width: 1366, height: 768 });
    await signIn(office, server.origin, planner);
    await office.goto(`${server.origin}/`);
    const returned = office.getByRole('link', { name: /ส่งไม่สำเร็จ รอจองใหม่/ });
    await expect.poll(() => returned.textContent()).toMatch(/2/);
    await returned.click();
    await office.waitForURL(/\/deliveryOrder\?returned=true/);
    const docOf = async (id: string) =>
      (await sql<{ doc_no: string }>`select doc_no from delivery_order where id = ${id}`.execute(server.db))
        .rows[0]!.doc_no;
    for (const id of [doB, doC])
      await office
        .getByText(await docOf(id))
        .first()
        .waitFor();
    expect(await office.getByText(await docOf(doA)).count()).toBe(0);
    // Booked again from the home's link: the DO Booking's first step on the same filter, both listed.
    await office.goto(`${server.origin}/`);
    await office.getByRole('link', { name: 'จองใบที่ส่งไม่สำเร็จใหม่ใน DO Booking' }).click();
    await office.waitForURL(/\/doBooking\?returned=true/);
    await office.getByRole('heading', { name: 'ใบส่งสินค้าที่ยังไม่ได้จอง (2 ใบ)' }).waitFor();
    for (const id of [doB, doC])
      await office.getByRole('checkbox', { name: `เลือก ${await docOf(id)}` }).waitFor();
    await pickUpToSummary(office, [await docOf(doC)]);
    await office.getByRole('button', { name: 'ยืนยันการจอง' }).click();
    await office.getByRole('heading', { name: 'บันทึกการจองเรียบร้อยแล้ว' }).waitFor();
    const rebooked = await bookingOf(server.db, doC);
    expect(rebooked.id).not.toBe(bookingC.id);
    await office.goto(`${server.origin}/`);
    await expect.poll(() => returned.textContent()).toMatch(/1/);
    await customer.goto(linkOf(bookingC.id));
    await customer.getByText(/นัดส่งใหม่วันที่ /).waitFor();
  });

  it("shows the dispatcher's board live at 1366×768: the truck's position and the stops done as the phone reports them", async () => {
    const { tripId, driver, dispatcher } = await deliveryTrip(server);
    const page = await browser.newPage({ width: 1366, height: 768 });
    await signIn(page, server.origin, dispatcher);
    await page.goto(`${server.origin}/deliveryBoard`);
    const { rows } = await sql<{ doc_no: string; id: string; seq: number }>`
      select sh.doc_no, s.id, s.seq from delivery_stop s join shipment sh on sh.id = s.shipment_id
       where s.shipment_id = ${tripId} order by s.seq`.execute(server.db);
    const card = page.getByRole('region', { name: new RegExp(rows[0]!.doc_no) });
    await card.getByText('ส่งแล้ว 0/3 จุด').waitFor();
    await page.getByText('อัปเดตสด').waitFor();

    // The phone (through the API): arrived at the first stop, not delivered, left; a position after.
    const token = await apiSignIn(server.api, driver);
    const now = Date.now();
    const at = (s: number) => new Date(now - 60_000 + s * 1000).toISOString();
    const first = rows[0]!.id;
    const events = await call(server.api, 'POST', `/driver/trips/${tripId}/events`, {
      token,
      body: {
        events: [
          { id: crypto.randomUUID(), kind: 'arrived', stopId: first, at: at(0) },
          { id: crypto.randomUUID(), kind: 'failed', stopId: first, at: at(1), reason: 'CUSTOMER_ABSENT' },
          { id: crypto.randomUUID(), kind: 'left', stopId: first, at: at(2) },
        ],
      },
    });
    expect(events.status, JSON.stringify(events.body)).toBe(200);
    await card.getByText('ส่งแล้ว 1/3 จุด').waitFor();
    await card.getByRole('row').nth(1).getByText('ส่งไม่สำเร็จ').waitFor();
    const positions = await call(server.api, 'POST', `/driver/trips/${tripId}/positions`, {
      token,
      body: { positions: [{ lat: 13.77, lon: 100.51, accuracy: 9, at: at(30) }] },
    });
    expect(positions.status, JSON.stringify(positions.body)).toBe(200);
    await page.locator(`[data-truck="${rows[0]!.doc_no}"]`).waitFor();
    await card.getByText(/ตำแหน่งล่าสุด/).waitFor();
  });
});

describe('the customer of a failed stop, on their link', () => {
  it('chooses a new slot at 390×844 with no script: a new booking linked to the original, the planner’s tile drops', async () => {
    const { world, tripId, driver } = await deliveryTrip(server);
    const { rows: stops } = await sql<{ id: string; booking_id: string }>`
      select id, booking_id from delivery_stop where shipment_id = ${tripId} order by seq`.execute(server.db);
    const [first] = stops;
    // The phone (through the API): the first stop not delivered, its customer absent.
    const token = await apiSignIn(server.api, driver);
    const at = (s: number) => new Date(Date.now() - 60_000 + s * 1000).toISOString();
    const failed = await call(server.api, 'POST', `/driver/trips/${tripId}/events`, {
      token,
      body: {
        events: [
          { id: crypto.randomUUID(), kind: 'arrived', stopId: first!.id, at: at(0) },
          {
            id: crypto.randomUUID(),
            kind: 'failed',
            stopId: first!.id,
            at: at(1),
            reason: 'CUSTOMER_ABSENT',
          },
          { id: crypto.randomUUID(), kind: 'left', stopId: first!.id, at: at(2) },
        ],
      },
    });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    // Somewhere to go whatever the hour: tomorrow's slot of the booked shift.
    await insertRecords(server.db, 'vehicleDateSlot', [
      {
        branchId: world.branchId,
        shiftDate: addDays(world.today, 1),
        shiftOfDayId: world.shiftOfDayId,
        vehicleTypeId: world.vehicleTypeId,
        shipCondId: world.shipCondId,
        total: 1,
        special: 0,
      },
    ]);
    const original = first!.booking_id;
    const link = `${server.origin}/public/appointment/${server.app.auth.contact.links.token(original)}`;

    const phone = await browser.newPage({ width: 390, height: 844, javaScript: false });
    await phone.goto(link);
    const rebook = phone.getByRole('region', { name: appointmentText.rebookTitle });
    const options = rebook.getByRole('button');
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await options.first().click();
    await phone.waitForURL(/\?done=rebooked$/);
    await phone.getByText(appointmentText.rebooked).waitFor();

    const { rows: returns } = await sql<{ rebooked: string | null }>`
      select rebooked_booking_id as rebooked from delivery_return where booking_id = ${original}`.execute(
      server.db,
    );
    expect(returns).toHaveLength(1);
    expect(returns[0]!.rebooked).not.toBeNull();
    expect(phone.url()).toContain(server.app.auth.contact.links.token(returns[0]!.rebooked!));
    // The original's link: the choice is gone, the new date is told.
    await phone.goto(link);
    await phone.getByText(/นัดส่งใหม่วันที่ /).waitFor();
    expect(await rebook.count()).toBe(0);
    const planner = await apiSignIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
    const home = await call(server.api, 'GET', `/home/planner?branchId=${world.branchId}`, {
      token: planner,
    });
    expect(home.body.returned.count).toBe(0);
  });
});
