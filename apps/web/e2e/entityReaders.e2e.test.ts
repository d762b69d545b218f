import path from 'node:path';
import {
  can,
  entities,
  entityByName,
  entityPagePath,
  phrase,
  ROLE_ADMIN,
  ROLE_APP_USER_READ,
  ROLE_BOOKING_REPORT_READ,
  readRoleOf,
  recordLabel,
  rolePairPrefixes,
} from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages as dsMessages } from '../../../packages/design-system/src/messages.ts';
import { createReferences, sampleBody } from '../../server/test/entityFactory.ts';
import { signIn as apiSignIn, call, createUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { deliveryTrip } from './deliveryScenario.ts';
import { escapeRegExp, scopedQuery, storedSignIn, visit } from './helpers.ts';

/**
 * A user who may only read sees no way to change anything, on every entity's list and detail,
 * and typing an edit or create address gives no form. (entities.e2e.test.ts has the editing flows;
 * the two are separate files so that the two test workers share them.)
 */
const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
// Every test reads as the same reader and changes nothing: one context for the file, and one page
// that goes from list to list by the sidebar (browser.ts `filePage`).
const browser = setupBrowser({ oneContext: true });

let adminToken = '';
let branchId = '';

beforeAll(async () => {
  // A branch with a confirmed trip of three stops: the read-only stop list has rows to show.
  branchId = (await deliveryTrip(server)).world.branchId;
  adminToken = await apiSignIn(
    server.api,
    await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] }),
  );
});

describe('a reader', () => {
  const roles = [...rolePairPrefixes.map(readRoleOf), ROLE_APP_USER_READ, ROLE_BOOKING_REPORT_READ];
  const readable = entities.filter((e) => e.permission !== '' && can(roles, e, 'read').can);
  // One record in each list, so that a row (and its detail) is there to show or hide its edit button.
  const labels = new Map<string, string>();
  const ids = new Map<string, string>();
  let storage: Record<string, string> = {};

  beforeAll(async () => {
    const user = await createUser(server.db, { roles, branchIds: [branchId] });
    storage = await storedSignIn(server.origin, user);
    // One set of references shared by every entity: a few dozen writes, not one chain per entity.
    const shared: Record<string, string> = {};
    for (const entity of readable.filter((e) => !e.readOnlyEntity)) {
      const refIds = await createReferences(server.api, adminToken, entity, branchId, shared);
      const created = await call(server.api, 'POST', `/${entity.name}${scopedQuery(entity, branchId)}`, {
        token: adminToken,
        body: sampleBody(entity, refIds),
      });
      expect(created.status, `${entity.name}: ${JSON.stringify(created.body)}`).toBe(201);
      labels.set(entity.name, recordLabel(entity, created.body));
      ids.set(entity.name, created.body.id);
    }
    for (const entity of readable.filter((e) => e.readOnlyEntity)) {
      const list = await call(server.api, 'GET', `/${entity.name}${scopedQuery(entity, branchId)}`, {
        token: adminToken,
      });
      expect(list.body.items.length, entity.name).toBeGreaterThan(0);
      labels.set(entity.name, recordLabel(entity, list.body.items[0]));
    }
  });

  async function readerPage() {
    const page = await browser.newPage({ storage: { origin: server.origin, items: storage } });
    page.setDefaultTimeout(15_000);
    return page;
  }

  it('may read every entity but permission groups (ROLE_ADMIN only, spec §6)', () => {
    expect(entities.filter((e) => e.permission !== '' && !readable.includes(e)).map((e) => e.name)).toEqual([
      'appRoleGroup',
    ]);
  });

  it.each(readable.map((entity) => [entity.name, entity] as const))(
    '%s: sees no create, edit or delete on the list and the detail',
    async (_name, entity) => {
      const label = labels.get(entity.name) as string;
      const page = await browser.filePage({ storage: { origin: server.origin, items: storage } });
      page.setDefaultTimeout(15_000);
      // The first test starts the app on its home page; each next one goes on from where the last left it.
      if (!page.url().startsWith(server.origin)) await page.goto(server.origin);
      // Through the sidebar, which lists the page for a reader (the one page without an entry by URL).
      const link = page.getByRole('navigation').getByRole('link', { name: entity.title, exact: true });
      if (entity.menuGroup) await link.click();
      else await visit(page, server.origin, entity.path);
      await page.getByRole('button', { name: `ดู ${label}`, exact: true }).waitFor();
      expect(await page.getByRole('button', { name: phrase('เพิ่ม', entity.title) }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^แก้ไข / }).count()).toBe(0);
      // The detail page (the show dialog for the list-only DO report).
      await page.getByRole('button', { name: `ดู ${label}`, exact: true }).click();
      await page.getByRole('heading', { name: new RegExp(`${escapeRegExp(label)}$`) }).waitFor();
      expect(await page.getByRole('button', { name: 'แก้ไข', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: dsMessages.delete, exact: true }).count()).toBe(0);
      // The DO report's show dialog is closed as a user would, before the next test uses the sidebar.
      if (entity.routeStyle === 'listOnly') {
        await page.getByRole('dialog').getByRole('button', { name: dsMessages.close, exact: true }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
    },
  );

  // Typing the create or edit address (both styles: `/x/edit/:id`, `/appUser/edit?id=`) gives no form.
  it.each(
    [entityByName('province'), entityByName('appUser')].map((entity) => [entity.name, entity] as const),
  )('%s: typing the edit or create address gives no form', async (_name, entity) => {
    const label = labels.get(entity.name) as string;
    const page = await readerPage();
    await page.goto(`${server.origin}${entityPagePath(entity, 'edit', ids.get(entity.name))}`);
    const shown = page.getByRole('dialog', {
      name: phrase('รายละเอียด', entity.title, ` ${label}`),
      exact: true,
    });
    await shown.getByRole('button', { name: dsMessages.close, exact: true }).waitFor();
    expect(await shown.getByRole('button', { name: dsMessages.save, exact: true }).count()).toBe(0);
    expect(await shown.getByRole('textbox').count()).toBe(0);
    await page.goto(`${server.origin}${entityPagePath(entity, 'create')}`);
    await page.getByRole('button', { name: `ดู ${label}`, exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
