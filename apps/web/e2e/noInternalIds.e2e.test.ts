import { type EntityDef, entities } from '@lms/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages as dsMessages } from '../../../packages/design-system/src/messages.ts';
import { call } from '../../server/test/fixtures.ts';
import { setupBrowser } from './browser.ts';
import { demoAdmin, setupDemoServer } from './demoBookings.ts';
import { visit } from './helpers.ts';

/**
 * Issue 23: a user never reads an internal id. An administrator opens every list and the detail
 * of its first record (child tables and the history tab too) on the demo company, with one
 * confirmed booking and one edited branch, and no visible text may look like a UUID.
 */
const server = setupDemoServer();
// Every test reads as the same administrator: one page for the file, each test going to its
// entity's list by the app's router (browser.ts `filePage`, helpers.ts `visit`).
const browser = setupBrowser({ oneContext: true });
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

let storage: Record<string, string> = {};

/** An edit of the branch's per-vehicle-type settings, so that its history holds child rows. */
async function editBranchSettings(token: string, branchId: string) {
  const branch = (await call(server.api, 'GET', `/branch/${branchId}`, { token })).body;
  const settings = [...branch.vehicleTypeSettings].reverse();
  const updated = await call(server.api, 'PUT', `/branch/${branchId}`, {
    token,
    body: { ...branch, vehicleTypeSettings: settings },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
}

beforeAll(async () => {
  const demo = await demoAdmin(server);
  await editBranchSettings(demo.token, demo.branchId);
  storage = demo.storage;
}, 120_000);

/** The visible text of the page, with any UUID in it. */
async function idsOnScreen(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: visible text only, as a user reads it.
  const text = await page.evaluate(() => document.body.innerText);
  return text.split('\n').filter((line) => UUID.test(line));
}

async function listLoaded(page: Page, entity: EntityDef) {
  await page.getByRole('heading', { name: entity.title, exact: true }).first().waitFor();
  await page.waitForFunction(() => {
    const grid = document.querySelector('[role="grid"], [role="list"]');
    return grid && !grid.getAttribute('aria-busy');
  });
}

const withPages = entities.filter((entity) => entity.permission !== '');

describe('no internal id on any list or detail, as an administrator on the demo company', () => {
  it('covers every entity with pages, and the demo has records where it matters', async () => {
    expect(withPages.map((e) => e.name)).toEqual(expect.arrayContaining(['bookingReport', 'branch']));
  });

  for (const entity of withPages) {
    it(`${entity.name}: list, detail with its child tables, history`, async () => {
      const page = await browser.filePage({
        width: 1366,
        height: 768,
        storage: { origin: server.origin, items: storage },
      });
      await visit(page, server.origin, entity.path);
      await listLoaded(page, entity);
      expect(await idsOnScreen(page), `${entity.path} list`).toEqual([]);
      const view = page.getByRole('button', { name: /^ดู / }).first();
      if ((await view.count()) === 0) return;
      await view.click();
      if (entity.routeStyle === 'listOnly') {
        // Rows of a list-only entity open the show dialog over the list.
        await page.getByRole('dialog').waitFor();
        // Loaded when no status in the dialog says it is loading (the presence badge and the
        // grids' live regions are statuses that stay, empty).
        await page.waitForFunction(
          () =>
            ![...document.querySelectorAll('[role="dialog"] [role="status"]')].some((status) =>
              status.textContent?.trim().startsWith('กำลัง'),
            ),
        );
        expect(await idsOnScreen(page), `${entity.path} show`).toEqual([]);
        // Closed as a user would before going on (the next test goes elsewhere on this page).
        await page.getByRole('dialog').getByRole('button', { name: dsMessages.close, exact: true }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        return;
      }
      await page.getByRole('tab', { name: 'ประวัติการแก้ไข' }).waitFor();
      // (A grid's own live region is a status too: wait for the page's loading text instead.)
      await page.waitForFunction(
        // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, not hidden text.
        () => !document.body.innerText.includes('กำลังโหลดข้อมูล'),
      );
      if (entity.children?.length)
        await page.getByRole('grid', { name: entity.children[0]!.label }).waitFor();
      expect(await idsOnScreen(page), `${entity.path} detail`).toEqual([]);
      await page.getByRole('tab', { name: 'ประวัติการแก้ไข' }).click();
      await page.waitForFunction(
        // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, not hidden text.
        () => !document.body.innerText.includes('กำลังโหลดประวัติการแก้ไข'),
      );
      expect(await idsOnScreen(page), `${entity.path} history`).toEqual([]);
    });
  }
});
