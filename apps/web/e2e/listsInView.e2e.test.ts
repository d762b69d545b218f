import {
  apiKeyApi,
  type EntityDef,
  entities,
  entityApi,
  entityByName,
  entityPages,
  type FieldDef,
  featurePages,
  listableFields,
  pathOf,
} from '@lms/domain';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../server/test/fixtures.ts';
import { setupBrowser } from './browser.ts';
import { demoAdmin, setupDemoServer } from './demoBookings.ts';
import { requestPath, visit } from './helpers.ts';

/**
 * Issue 43 item 6: at 1366×768 with the drawer open, every list's declared first columns (the
 * domain's `listColumns`) and its row actions are in view — on the demo data, and again with a
 * 2,000-character value in one of those columns, which leaves the grid exactly as wide as before.
 * Every entity list, the API keys and the DO booking's DO step.
 */
const server = setupDemoServer();
const browser = setupBrowser({ oneContext: true });

let storage: Record<string, string> = {};
const LONG = 'ห้างหุ้นส่วนจำกัด วัสดุก่อสร้างเจริญยิ่งการค้าและขนส่งภาคตะวันออกเฉียงเหนือ '
  .repeat(30)
  .slice(0, 1999)
  .concat('ก');

beforeAll(async () => {
  const { branchId, token, storage: signedIn } = await demoAdmin(server);
  const { rows: groups } = await sql<{ id: string }>`select id from app_role_group limit 1`.execute(
    server.db,
  );
  const key = await call(server.api, 'POST', pathOf(apiKeyApi.create), {
    token,
    body: { name: 'ระบบ ERP สำนักงานใหญ่', roleGroupId: groups[0]!.id, branchIds: [branchId] },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  storage = signedIn;
}, 180_000);

interface InView {
  readonly out: readonly string[];
  readonly scrollWidth: number;
  readonly drawerOpen: boolean;
}

/** Which of the named headers (and the row actions, when the list has them) lie outside the grid's box. */
async function outOfView(page: Page, gridName: string, headers: readonly string[], actions: string | null) {
  return page.evaluate(
    ({ gridName, headers, actions }): InView => {
      const grid = [...document.querySelectorAll('[role="grid"]')].find(
        (candidate) => candidate.getAttribute('aria-label') === gridName,
      ) as HTMLElement;
      const scroller = grid.parentElement as HTMLElement;
      const box = scroller.getBoundingClientRect();
      const cells = [...grid.querySelectorAll<HTMLElement>('[role="columnheader"]')];
      // A header's first span is its label (a sorted one also shows its mark and rank).
      const named = (name: string) =>
        cells.find((cell) => cell.querySelector('span')?.textContent?.trim() === name);
      const out = [...headers, ...(actions ? [actions] : [])].filter((name) => {
        const rect = named(name)?.getBoundingClientRect();
        return !rect || rect.left < box.left - 1 || rect.right > box.right + 1;
      });
      const drawer = document.querySelector('nav');
      return {
        out,
        scrollWidth: scroller.scrollWidth,
        drawerOpen: !!drawer && drawer.getBoundingClientRect().width > 100,
      };
    },
    { gridName, headers, actions },
  );
}

/**
 * The list's rows answered as the server answers them, but with `LONG` in one of its first columns
 * of the first row; resolves whether there was a row to put it in (the demo leaves BOs empty).
 */
async function withLongValue(page: Page, listPath: string, field: FieldDef) {
  let placed = false;
  await page.route(
    (url) => url.pathname === listPath,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { items: Record<string, unknown>[] };
      const [first] = body.items;
      if (first) {
        first[field.type === 'ref' ? `${field.name.replace(/Id$/, '')}Label` : field.name] = LONG;
        placed = true;
      }
      await route.fulfill({ response, json: body });
    },
  );
  return () => placed;
}

/** A first column that shows text (a name, a reference's label), for the long value. */
const textColumn = (entity: EntityDef, columns: readonly string[]) =>
  columns
    .slice(1)
    .map((name) => listableFields(entity).find((field) => field.name === name))
    .find((field) => field && ['string', 'text', 'ref'].includes(field.type) && !field.personal);

async function loaded(page: Page, gridName: string) {
  try {
    await page.waitForFunction((name) => {
      const grid = [...document.querySelectorAll('[role="grid"]')].find(
        (candidate) => candidate.getAttribute('aria-label') === name,
      );
      return grid && !grid.getAttribute('aria-busy');
    }, gridName);
  } catch (error) {
    // What the page showed instead (a CI-like run once waited 30 s on /warehouse, and its retry passed).
    const seen = await page.evaluate(() => ({
      at: location.pathname + location.search,
      grids: [...document.querySelectorAll('[role="grid"]')].map(
        (grid) => `${grid.getAttribute('aria-label')} (aria-busy ${grid.getAttribute('aria-busy')})`,
      ),
      main: document.querySelector('main')?.textContent?.slice(0, 160) ?? null,
    }));
    throw new Error(`the grid "${gridName}" did not finish loading: ${JSON.stringify(seen)}`, {
      cause: error,
    });
  }
}

/**
 * `outOfView` once the grid's layout has settled: the same width in two looks a few frames apart
 * (on a busy machine the first look can come while the columns are still being sized).
 */
async function settledView(page: Page, list: ListCase): Promise<InView> {
  let last = await outOfView(page, list.gridName, list.headers, list.actions);
  for (let look = 0; look < 20; look++) {
    await page.waitForTimeout(150);
    const next = await outOfView(page, list.gridName, list.headers, list.actions);
    if (next.scrollWidth === last.scrollWidth && next.out.join() === last.out.join()) return next;
    last = next;
  }
  return last;
}

interface ListCase {
  readonly path: string;
  readonly gridName: string;
  readonly headers: readonly string[];
  readonly actions: string | null;
  readonly entity: EntityDef;
  readonly columns: readonly string[];
}

const labelsOf = (entity: EntityDef, columns: readonly string[]) =>
  columns.map((name) => entity.fields.find((field) => field.name === name)!.label);

const entityLists: ListCase[] = entities
  .filter((entity) => entityPages.some((page) => page.entity === entity.name && page.kind === 'list'))
  .map((entity) => ({
    path: entity.path,
    gridName: entity.title,
    headers: labelsOf(entity, entity.listColumns),
    actions: 'จัดการ',
    entity,
    columns: entity.listColumns,
  }));
const deliveryOrder = entityByName('deliveryOrder');
const doStepColumns = deliveryOrder.listColumns.filter((name) => name !== 'isBooking');

const cases: ListCase[] = [
  ...entityLists,
  {
    path: featurePages.apiKeys.path,
    gridName: 'คีย์ API',
    headers: ['ชื่อคีย์', 'ใช้ล่าสุด', 'สถานะ', 'กลุ่มสิทธิ์', 'สาขา'],
    actions: 'จัดการ',
    entity: deliveryOrder,
    columns: [],
  },
  {
    path: featurePages.doBooking.path,
    gridName: 'ใบส่งสินค้าที่ยังไม่ได้จอง',
    headers: labelsOf(deliveryOrder, doStepColumns),
    actions: null,
    entity: deliveryOrder,
    columns: doStepColumns,
  },
];

describe('every list at 1366×768 with the drawer open: its declared first columns and row actions in view', () => {
  it('covers every entity list, the API keys and the DO step', () => {
    expect(cases.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/bookingReport', '/deliveryOrder', '/apiKey', '/doBooking']),
    );
  });

  for (const list of cases) {
    it(`${list.path}: on the demo data, then with a 2,000-character value`, async () => {
      const page = await browser.filePage({
        width: 1366,
        height: 768,
        storage: { origin: server.origin, items: storage },
      });
      await page.unrouteAll();
      await visit(page, server.origin, list.path);
      await loaded(page, list.gridName);
      const demo = await settledView(page, list);

      expect(demo.drawerOpen, 'the drawer is open').toBe(true);
      expect(demo.out, `${list.path}: out of view on the demo data`).toEqual([]);

      const field = list.columns.length > 0 ? textColumn(list.entity, list.columns) : undefined;
      if (!field) return;
      const placed = await withLongValue(page, requestPath(entityApi(list.entity).list), field);
      await page.reload();
      await loaded(page, list.gridName);
      // A list the demo leaves empty (BOs) has no row to put it in.
      if (!placed()) return;
      await page.getByText(LONG).first().waitFor({ state: 'attached' });
      const long = await settledView(page, list);
      expect(long.out, `${list.path}: out of view with a long ${field.name}`).toEqual([]);
      expect(long.scrollWidth, `${list.path}: the long ${field.name} widened the grid`).toBe(
        demo.scrollWidth,
      );
      await page.unrouteAll();
    });
  }
});
