import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { signIn } from './helpers.ts';

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

let user: TestUser;
beforeAll(async () => {
  user = await createUser(server.db);
});

describe('the built app on the real server', () => {
  it('shows the system status read from PostgreSQL on home, in Thai', async () => {
    const page = await browser.newPage();
    await signIn(page, server.origin, user);
    await page.getByText('ระบบพร้อมใช้งาน').waitFor();
    expect(await page.getByRole('heading', { name: 'สถานะระบบ' }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toContain('ยินดีต้อนรับ');
    expect(await page.locator('dd').first().textContent()).toMatch(/^PostgreSQL \d+/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('th');
  });

  it('serves the single page for client-side routes too', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.origin}/province`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
  });
});
