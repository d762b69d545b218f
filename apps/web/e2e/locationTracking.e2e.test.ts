import path from 'node:path';
import { ROLE_ADMIN } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { call, createBranch, createUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { signIn } from './helpers.ts';

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

describe('location tracking demo', () => {
  it('follows the emulated position and the trail grows as it moves', async () => {
    const admin = await createUser(server.db, { roles: [ROLE_ADMIN] });
    const page = await browser.newPage({ geolocation: { latitude: 13.7563, longitude: 100.5018 } });
    await signIn(page, server.origin, admin);
    await page.goto(`${server.origin}/demo/locationTracking`);
    await page.getByRole('button', { name: 'เริ่มติดตาม' }).click();
    const trail = page.getByTestId('trail-count');
    await expect
      .poll(async () => Number((await trail.textContent())?.match(/\d+/)?.[0] ?? 0), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    for (const [i, step] of [0.001, 0.002, 0.003].entries()) {
      await page.context().setGeolocation({ latitude: 13.7563 + step, longitude: 100.5018 + step });
      await expect
        .poll(async () => Number((await trail.textContent())?.match(/\d+/)?.[0] ?? 0), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(i + 2);
    }
  });

  it('refuses a non-admin both the page and the API', async () => {
    const user = await createUser(server.db, {
      roles: ['ROLE_PROVINCE_READ'],
      branchIds: [await createBranch(server.db)],
    });
    const page = await browser.newPage();
    await signIn(page, server.origin, user);
    await page.goto(`${server.origin}/demo/locationTracking`);
    await page.getByText('คุณไม่มีสิทธิ์ใช้งานหน้านี้ กรุณาตรวจสอบ URL หรือติดต่อผู้ดูแลระบบ').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('lms-auth-jwt'));
    const answer = await call(server.api, 'GET', '/demo/locationTracking/positions', {
      token: token ?? undefined,
    });
    expect(answer.status).toBe(403);
  });
});
