import path from 'node:path';
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCompany } from '../../server/src/seed/demo.ts';
import { signIn as apiSignIn, call, createUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { signIn } from './helpers.ts';

/**
 * What `npm start` gives a new user: the demo company, its planner and its unbooked DOs. The
 * planner books from Info to confirmed and cancels again; another planner of the branch watches
 * the same calendar cell change live both times.
 */
const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

/** The day, shift and vehicle type of the draft's first allocation, as the calendar names them. */
async function draftCell(draftId: string) {
  const { rows } = await sql<{ day: string; shift: string; vehicleType: string }>`
    select s.shift_date::text as day, sh.name as shift, vt.name as "vehicleType"
      from booking_draft d
      join vehicle_date_slot s on s.id = (d.allocations -> 0 ->> 'slotId')::uuid
      join shift_of_day sh on sh.id = s.shift_of_day_id
      join vehicle_type vt on vt.id = s.vehicle_type_id
     where d.id = ${draftId}`.execute(server.db);
  return rows[0]!;
}

/** Opens the booking calendar on the month of `day`, selects the day and answers the cell's row. */
async function watchCell(page: Page, cell: { day: string; shift: string; vehicleType: string }) {
  await page.goto(`${server.origin}/bookingCalendar?date=${cell.day.slice(0, 8)}01`);
  const dayNumber = String(Number(cell.day.slice(8)));
  await page
    .locator('[role="gridcell"]:not([data-outside])')
    .filter({ has: page.locator('[aria-hidden="true"]', { hasText: new RegExp(`^${dayNumber}$`) }) })
    .click();
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `ดูการจอง ${cell.shift} ${cell.vehicleType}` }) });
}

/** Waits until the row's figures differ from `before`; answers how long that took after `since`. */
async function changedFrom(row: Locator, before: string, since: number) {
  await expect.poll(() => row.textContent(), { timeout: 5000, interval: 50 }).not.toBe(before);
  return Date.now() - since;
}

/**
 * The first DO of the page that the engine can book. The demo fills some days and bans big trucks
 * in inner Bangkok, so a DO may rightly have no option within its search range (the page then
 * shows why, day by day); the walk-through books one that has.
 */
async function firstBookable(docNos: readonly string[], token: string): Promise<string> {
  for (const docNo of docNos) {
    const { rows } = await sql<{ id: string; branchId: string; shipToId: string; shipCondId: string }>`
      select id, branch_id as "branchId", so_ship_to_id as "shipToId", ship_cond_id as "shipCondId"
        from delivery_order where doc_no = ${docNo}`.execute(server.db);
    const order = rows[0]!;
    const suggestion = await call(server.api, 'POST', `/doBooking/suggestion?branchId=${order.branchId}`, {
      token,
      body: { deliveryOrderIds: [order.id], shipToId: order.shipToId, shipCondId: order.shipCondId },
    });
    if (suggestion.status === 200 && suggestion.body.options.length > 0) return docNo;
  }
  throw new Error(`none of the DOs on the page can be booked: ${docNos.join(', ')}`);
}

/** Waits for `locator`; on a timeout, says what the page showed instead (a CI run keeps no trace). */
async function shown(page: Page, locator: Locator) {
  try {
    await locator.waitFor({ timeout: 40_000 });
  } catch (error) {
    const text =
      (await page
        .locator('main')
        .textContent()
        .catch(() => null)) ?? '';
    throw new Error(`${(error as Error).message}\n${page.url()} showed: ${text.slice(0, 600)}`);
  }
}

describe('the demo planner against the demo company', () => {
  // Seeded once per file: a retry of the test finds the company already there, and seeding
  // (30–60 s on a loaded machine) stays out of the test's own time limit.
  let planner: { username: string; password: string };
  beforeAll(async () => {
    const credentials = await seedDemoCompany(server.db);
    planner = credentials!.find((user) => user.username === 'planner.bkk')!;
  }, 180_000);

  it('books the first bookable DO from Info to confirmed and cancels it; another planner sees the cell change live both times', async () => {
    const { rows: branches } = await sql<{ id: string }>`select id from branch where code = 'BKK'`.execute(
      server.db,
    );
    // The second planner holds the demo's planner permission group, like planner.bkk.
    const watcher = await createUser(server.db, { branchIds: [branches[0]!.id] });
    await sql`insert into app_user__role_group_ids (owner_id, ref_id)
      select ${watcher.id}, id from app_role_group where name = 'ผู้วางแผนจัดส่ง'`.execute(server.db);

    const page = await browser.newPage();
    await signIn(page, server.origin, planner);
    await page.goto(`${server.origin}/doBooking`);
    const boxes = page.getByRole('checkbox', { name: /^เลือก / });
    await boxes.first().waitFor();
    const onPage = (await boxes.evaluateAll((all) => all.map((box) => box.getAttribute('aria-label')!))).map(
      (label) => label.replace(/^เลือก /, ''),
    );
    const docNo = await firstBookable(onPage, await apiSignIn(server.api, planner));
    const firstDo = page.getByRole('checkbox', { name: `เลือก ${docNo}` });
    await firstDo.click();
    await expect.poll(() => firstDo.isChecked(), { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'ถัดไป: ดูคำแนะนำการจัดรถ' }).click();
    await shown(page, page.getByRole('heading', { name: 'ตัวเลือกที่ 1 (แนะนำ)' }));
    await page.getByRole('button', { name: 'เลือกตัวเลือกที่ 1' }).click();
    await page.getByRole('heading', { name: 'ช่วงรถที่ 1' }).waitFor();
    await page.getByRole('button', { name: 'ถัดไป: สรุปการจอง' }).click();
    await page.getByRole('button', { name: 'ยืนยันการจอง' }).waitFor();
    const draftId = new URL(page.url()).searchParams.get('draftId')!;
    const cell = await draftCell(draftId);

    const calendar = await browser.newPage();
    await signIn(calendar, server.origin, watcher);
    const row = await watchCell(calendar, cell);
    const before = await row.textContent();

    const confirmedAt = Date.now();
    await page.getByRole('button', { name: 'ยืนยันการจอง' }).click();
    await page.getByRole('heading', { name: 'บันทึกการจองเรียบร้อยแล้ว' }).waitFor();
    // Live, without a reload: the issue asks for within a second; a loaded CI machine gets slack.
    expect(await changedFrom(row, before, confirmedAt)).toBeLessThan(3000);
    const booked = await row.textContent();
    const { rows: dos } = await sql<{ isBooking: boolean }>`
      select is_booking as "isBooking" from delivery_order where doc_no = ${docNo}`.execute(server.db);
    expect(dos).toEqual([{ isBooking: true }]);

    // The booking's own page (the success panel's booking number links to it) cancels it with a reason.
    const panel = page
      .getByRole('status')
      .filter({ has: page.getByRole('heading', { name: 'บันทึกการจองเรียบร้อยแล้ว' }) });
    await panel.getByRole('link', { name: /^BK\d+$/ }).click();
    await page.waitForURL(/\/bookingReport\/show/);
    await page.getByRole('button', { name: 'ยกเลิกการจอง' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('textbox', { name: 'เหตุผลที่ยกเลิก' }).fill('ลูกค้าขอเลื่อนการส่ง');
    const canceledAt = Date.now();
    await dialog.getByRole('button', { name: 'ยกเลิกการจอง' }).click();
    await page.getByText(/^ยกเลิก .+ แล้ว$/).waitFor();
    expect(await changedFrom(row, booked, canceledAt)).toBeLessThan(3000);
    // The capacity is free again: the cell shows exactly what it showed before the booking.
    expect(await row.textContent()).toBe(before);
    const { rows: after } = await sql<{ isBooking: boolean }>`
      select is_booking as "isBooking" from delivery_order where doc_no = ${docNo}`.execute(server.db);
    expect(after).toEqual([{ isBooking: false }]);
  });
});
