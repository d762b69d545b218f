import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

describe('the built app on the real server', () => {
  it('shows the system status read from PostgreSQL, in Thai', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/`);
    await page.getByText('ระบบพร้อมใช้งาน').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('สถานะระบบ');
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
