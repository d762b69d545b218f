import path from 'node:path';
import { ROLE_ADMIN, ROLE_BOOKING_REPORT_READ, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../../server/src/seed/insertRecords.ts';
import { bookingScenario } from '../../server/test/bookingScenario.ts';
import { createUser, type TestUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { signIn } from './helpers.ts';

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

let user: TestUser;
let admin: TestUser;
let planner: TestUser;
beforeAll(async () => {
  user = await createUser(server.db);
  admin = await createUser(server.db, { roles: [ROLE_ADMIN] });
  const world = await bookingScenario(server.db, { deliveryOrders: 1 });
  const customer = await sql<{
    id: string;
  }>`select customer_id as id from delivery_order where id = ${world.deliveryOrderIds[0]!}`.execute(
    server.db,
  );
  await insertRecords(server.db, 'bookingReport', [
    {
      branchId: world.branchId,
      docNo: 'HOME-E2E-1',
      customerId: customer.rows[0]!.id,
      shipToId: world.shipToId,
      status: 'CONFIRMED',
      callStatus: 'NOT_CALLED',
    },
  ]);
  planner = await createUser(server.db, {
    roles: [readRoleOf('BOOKING_CALENDAR'), readRoleOf('DELIVERY_ORDER'), ROLE_BOOKING_REPORT_READ],
    branchIds: [world.branchId],
  });
});

describe('the built app on the real server', () => {
  it('shows an administrator the system status read from PostgreSQL on home, in Thai', async () => {
    const page = await browser.newPage();
    await signIn(page, server.origin, admin);
    await page.getByText('ระบบพร้อมใช้งาน').waitFor();
    expect(await page.getByRole('heading', { name: 'สถานะระบบ' }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toContain('ยินดีต้อนรับ');
    expect(await page.locator('dd').first().textContent()).toMatch(/^PostgreSQL \d+/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('th');
  });

  it('shows a user without a section no status and no database version or migration', async () => {
    const page = await browser.newPage();
    await signIn(page, server.origin, user);
    await page.getByText(/สิทธิ์ของคุณไม่มีงานที่ต้องติดตาม/).waitFor();
    expect(await page.getByText(/PostgreSQL/).count()).toBe(0);
    expect(await page.locator('main dl').count()).toBe(0);
  });

  it("opens a planner's count as its list, filtered to those bookings", async () => {
    const page = await browser.newPage();
    await signIn(page, server.origin, planner);
    const toCall = page.getByRole('link', { name: /ยังไม่ได้โทรนัด/ });
    await toCall.waitFor();
    expect(await toCall.textContent()).toContain('1');
    expect(await page.getByRole('region', { name: 'ผู้ดูแลระบบ' }).count()).toBe(0);
    await toCall.click();
    await page.waitForURL((url) => url.pathname === '/bookingReport');
    expect(new URL(page.url()).searchParams.get('callStatusEq')).toBe('NOT_CALLED');
    await page.getByText('HOME-E2E-1').waitFor();
  });

  it('serves the single page for client-side routes too', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.origin}/province`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
  });
});
