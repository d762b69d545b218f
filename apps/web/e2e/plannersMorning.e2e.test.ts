import path from 'node:path';
import {
  addDays,
  dayOfWeek,
  featureRoles,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  ROLE_BOOKING_REPORT_READ,
  readRoleOf,
} from '@lms/domain';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { thaiDay } from '../../../packages/features/src/booking/shared/format.ts';
import { insertRecords } from '../../server/src/seed/insertRecords.ts';
import { bookingScenario } from '../../server/test/bookingScenario.ts';
import { signIn as apiSignIn, call, createUser, type TestUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { signIn } from './helpers.ts';

/**
 * Issue 22's planner's morning: home → the "to call" count → the booking marked called → moved
 * to tomorrow from the booking calendar ("ย้ายไป…", the drag's keyboard way, same checks) → a
 * second planner's calendar, in another browser context, shows it moved without a reload.
 */
const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

type World = Awaited<ReturnType<typeof bookingScenario>>;
let world: World;
let planner: TestUser;
let other: TestUser;
let docNo: string;
let tomorrow: string;
let tomorrowSlot: string;

const plannerRoles = [
  ...featureRoles.doBooking.edit.filter((role) => role !== 'ROLE_ADMIN'),
  readRoleOf('BOOKING_CALENDAR'),
  readRoleOf('DELIVERY_ORDER'),
  ROLE_BOOKING_REPORT_READ,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
];

// Each try its own world: the test marks its booking called and moves it, so a retry on the first
// try's world found nothing left to call.
beforeEach(async () => {
  world = await bookingScenario(server.db, { deliveryOrders: 1 });
  tomorrow = addDays(world.today, 1);
  [tomorrowSlot] = (await insertRecords(server.db, 'vehicleDateSlot', [
    {
      branchId: world.branchId,
      shiftDate: tomorrow,
      shiftOfDayId: world.shiftOfDayId,
      vehicleTypeId: world.vehicleTypeId,
      shipCondId: world.shipCondId,
      total: 1,
      special: 0,
    },
  ])) as [string];
  planner = await createUser(server.db, { roles: plannerRoles, branchIds: [world.branchId] });
  other = await createUser(server.db, { roles: plannerRoles, branchIds: [world.branchId] });
  // Booked yesterday evening, for today: not called yet.
  const token = await apiSignIn(server.api, planner);
  const q = `branchId=${world.branchId}`;
  const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
    token,
    body: {
      deliveryOrderIds: world.deliveryOrderIds,
      shipToId: world.shipToId,
      shipCondId: world.shipCondId,
      allocations: [
        {
          slotId: world.slotId,
          vehicles: 1,
          lines: [{ deliveryOrderId: world.deliveryOrderIds[0], lineId: world.deliveryOrderIds[0], qty: 1 }],
        },
      ],
    },
  });
  const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${draft.body.draft.id}&${q}`, {
    token,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  const { rows } = await sql<{
    doc_no: string;
  }>`select doc_no from booking_report where id = ${confirmed.body.id}`.execute(server.db);
  docNo = rows[0]!.doc_no;
}, 120_000);

/** The week view's day cell of an ISO day (its number is the cell's hidden-from-readers label). */
const dayCell = (page: Page, isoDay: string) =>
  page.locator('[role="gridcell"]').filter({
    has: page.locator('[aria-hidden="true"]', { hasText: new RegExp(`^${Number(isoDay.slice(8))}$`) }),
  });

/** The Sunday of the week holding `isoDay` (the week view's `date`). */
const sundayOf = (isoDay: string) => addDays(isoDay, -dayOfWeek(isoDay));

describe("the planner's morning", () => {
  it('to call → called → moved to tomorrow; another planner sees it move live', async () => {
    // The second planner watches tomorrow's week on the booking calendar.
    const watcher = await browser.newPage();
    await signIn(watcher, server.origin, other);
    await watcher.goto(`${server.origin}/bookingCalendar?view=week&date=${sundayOf(tomorrow)}`);
    const card = `ลาก ${docNo}`;
    await dayCell(watcher, tomorrow)
      .getByText(/ว่าง|ปกติ|ใกล้เต็ม|เต็ม/)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await dayCell(watcher, tomorrow).getByRole('button', { name: card }).count()).toBe(0);
    if (sundayOf(tomorrow) === sundayOf(world.today))
      await dayCell(watcher, world.today).getByRole('button', { name: card }).waitFor();

    // Home: the count of bookings still to call opens their list.
    const page = await browser.newPage();
    await signIn(page, server.origin, planner);
    const toCall = page.getByRole('link', { name: /ยังไม่ได้โทรนัด/ });
    await toCall.waitFor({ timeout: 30_000 });
    expect(await toCall.textContent()).toContain('1');
    await toCall.click();
    await page.waitForURL((url) => url.pathname === '/bookingReport');
    await page.getByText(docNo).click();
    await page.waitForURL(/\/bookingReport\/show/);

    // Called: the call status on the booking's page.
    await page.getByRole('button', { name: new RegExp(`สถานะการโทรนัด ${docNo}`) }).click();
    await page.getByRole('option', { name: 'โทรนัดแล้ว' }).click();
    await page.getByText(`บันทึกสถานะการโทรนัดของ ${docNo} แล้ว`).waitFor();

    // Moved to tomorrow from the booking calendar: today's cell → its bookings → "ย้ายไป…".
    await page.goto(`${server.origin}/bookingCalendar?view=week&date=${sundayOf(world.today)}`);
    await dayCell(page, world.today).click();
    await page.getByRole('button', { name: /^ดูการจอง / }).click();
    await page.getByRole('button', { name: `ย้ายไป… ${docNo}` }).click();
    const dialog = page.getByRole('dialog', { name: `ย้าย ${docNo} ไป…` });
    // The days come with the dialog's own calendar, and a select with no options yet does not open
    // (react-aria): a click before they came did nothing, and the option never showed (a full run).
    const dayPicker = dialog.getByRole('button', { name: /วันที่/ });
    await expect.poll(() => dayPicker.textContent(), { timeout: 15_000 }).toMatch(/\d{4}/);
    await dayPicker.click();
    await page.getByRole('option', { name: thaiDay(tomorrow) }).click();
    const target = dialog.getByRole('button', { name: new RegExp(`^ย้ายไปที่นี่: ${thaiDay(tomorrow)}`) });
    await expect.poll(() => target.isEnabled(), { timeout: 10_000 }).toBe(true);
    const movedAt = Date.now();
    await target.click();
    await page.getByText(new RegExp(`^ย้าย ${docNo} ไป${thaiDay(tomorrow)}.*แล้ว$`)).waitFor();
    await page.getByRole('button', { name: 'เลิกทำ' }).waitFor();

    // The other planner's calendar moves the card to tomorrow by itself (the live booking event).
    await dayCell(watcher, tomorrow).getByRole('button', { name: card }).waitFor({ timeout: 5000 });
    expect(Date.now() - movedAt).toBeLessThan(5000);
    expect(await dayCell(watcher, world.today).getByRole('button', { name: card }).count()).toBe(0);

    const { rows } = await sql<{ slot_id: string }>`select distinct l.slot_id from booking_report__lines l
      join booking_report b on b.id = l.parent_id where b.doc_no = ${docNo}`.execute(server.db);
    expect(rows).toEqual([{ slot_id: tomorrowSlot }]);
    const { rows: booking } = await sql<{ call_status: string }>`select call_status from booking_report
      where doc_no = ${docNo}`.execute(server.db);
    expect(booking).toEqual([{ call_status: 'CALLED' }]);
  });
});
