import {
  type EntityName,
  entityApi,
  entityByName,
  LIMITS,
  LIST_FIELDS,
  listableFields,
  listFieldNames,
} from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../server/test/fixtures.ts';
import { setupBrowser } from './browser.ts';
import { demoAdmin, setupDemoServer } from './demoBookings.ts';
import { requestPath, visit } from './helpers.ts';

/**
 * Issue 41, sparse fieldsets: a list screen asks its rows for the columns it shows (`fields`),
 * and every shown column still shows its value — on the DO list, the booking report and a
 * master-data list, in the built app on the demo company. A cell reads `-` only where the full
 * answer for the same row has no value either.
 */
const server = setupDemoServer();
const browser = setupBrowser({ oneContext: true });
let token = '';
let branchId = '';
let storage: Record<string, string> = {};

beforeAll(async () => {
  const demo = await demoAdmin(server);
  ({ token, branchId, storage } = demo);
}, 180_000);

interface Grid {
  /** Each header's column key (`data-key`; the selection box's is empty). */
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

const hasValue = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

describe('a list screen asks for the columns it shows and shows each one’s values', () => {
  it.each<EntityName>(['deliveryOrder', 'bookingReport', 'province'])('%s', async (name) => {
    const entity = entityByName(name);
    const page = await browser.filePage({
      width: 1366,
      height: 768,
      storage: { origin: server.origin, items: storage },
    });
    const asked: string[] = [];
    const seen = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname === requestPath(entityApi(entity).list))
        asked.push(url.searchParams.get(LIST_FIELDS) ?? '(none)');
    };
    page.on('request', seen);
    try {
      await visit(page, server.origin, entity.path);
      await page.getByRole('heading', { name: entity.title, exact: true }).first().waitFor();
      await page
        .getByRole('grid', { name: entity.title })
        .locator('[role="row"][aria-rowindex="2"]')
        .waitFor();
      await page.waitForFunction((title) => {
        const grid = document.querySelector(`[role="grid"][aria-label="${title}"]`);
        return grid && !grid.getAttribute('aria-busy');
      }, entity.title);
      const grid = await page.evaluate((title): Grid => {
        const root = document.querySelector(`[role="grid"][aria-label="${title}"]`)!;
        const headers = [...root.querySelectorAll('[role="columnheader"]')].map(
          (cell) => cell.getAttribute('data-key') ?? '',
        );
        const rows = [...root.querySelectorAll('[role="row"]:not([aria-rowindex="1"])')].map((row) =>
          [...row.querySelectorAll('[role="gridcell"]')].map((cell) => cell.textContent?.trim() ?? ''),
        );
        return { headers, rows };
      }, entity.title);
      const byKey = new Map(listableFields(entity).map((field) => [field.name, field]));
      const shown = grid.headers.flatMap((key, index) => {
        const field = byKey.get(key);
        return field ? [{ field, index }] : [];
      });
      // The request named exactly the shown columns, in the declaration's order.
      const expected = listFieldNames(entity)
        .filter((field) => shown.some((column) => column.field.name === field))
        .join(',');
      expect(asked).toContain(expected);
      expect(shown.length).toBeGreaterThan(2);
      // The same page, every field, as the API answers it without `fields`.
      const query = new URLSearchParams({ page: '0', size: String(LIMITS.listPageSizeDefault) });
      if (entity.branchOwned) query.set('branchId', branchId);
      const full = await call(server.api, 'GET', `/${name}?${query}`, { token });
      expect(full.status).toBe(200);
      const items = full.body.items as Record<string, unknown>[];
      expect(grid.rows.length).toBe(items.length);
      expect(items.length).toBeGreaterThan(0);
      for (const [i, row] of grid.rows.entries()) {
        for (const { field, index } of shown) {
          if (!hasValue(items[i]![field.name])) continue;
          expect(row[index], `${name} row ${i + 1}, ${field.name}`).not.toMatch(/^-?$/);
        }
      }
    } finally {
      page.off('request', seen);
    }
  });
});
