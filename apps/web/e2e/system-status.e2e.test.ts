import path from 'node:path';
import { ROLE_ADMIN } from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { signIn } from './helpers.ts';

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  user = await createUser(server.db);
  admin = await createUser(server.db, { roles: [ROLE_ADMIN] });
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

  it('tells any other user that the system is ready, without the database version or migration', async () => {
    const page = await browser.newPage();
    await signIn(page, server.origin, user);
    await page.getByText('ระบบพร้อมใช้งาน').waitFor();
    expect(await page.getByText(/PostgreSQL/).count()).toBe(0);
    expect(await page.locator('main dl').count()).toBe(0);
  });

  it('serves the single page for client-side routes too', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.origin}/province`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
  });
});
