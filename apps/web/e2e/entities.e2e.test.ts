import path from 'node:path';
import { can, entities, entityByName, readRoleOf, rolePairPrefixes } from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertRecords } from '../../server/src/seed/insertRecords.ts';
import { createBranch, createUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { signIn } from './helpers.ts';

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

describe('an entity’s pages against the real server', () => {
  it('let a user holding only its edit role create, find, edit, see the history of and delete a record', async () => {
    const branchId = await createBranch(server.db);
    await insertRecords(server.db, 'region', [{ code: 'RE', nameTh: 'ภาคอีทูอี' }]);
    const user = await createUser(server.db, { roles: ['ROLE_PROVINCE_EDIT'], branchIds: [branchId] });
    const page = await browser.newPage();
    await signIn(page, server.origin, user);
    await page.goto(`${server.origin}/province`);

    await page.getByRole('button', { name: 'เพิ่มจังหวัด' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^รหัส/ }).fill('E2E1');
    await dialog.getByRole('textbox', { name: /^ชื่อ \(ไทย\)/ }).fill('จังหวัดทดสอบ');
    const region = dialog.getByRole('combobox', { name: /^ภาค/ });
    await region.fill('อีทูอี');
    await page.getByRole('option', { name: 'RE: ภาคอีทูอี' }).click();
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('searchbox').fill('E2E1');
    const row = 'E2E1: จังหวัดทดสอบ';
    await page.getByRole('button', { name: `แก้ไข ${row}` }).click();
    await dialog.getByRole('textbox', { name: /^ชื่อ \(ไทย\)/ }).fill('จังหวัดแก้ไขแล้ว');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await dialog.waitFor({ state: 'detached' });

    const edited = 'E2E1: จังหวัดแก้ไขแล้ว';
    await page.getByRole('button', { name: `ดู ${edited}` }).click();
    await page.waitForURL(/\/province\/show\//);
    await page.getByRole('tab', { name: 'ประวัติการแก้ไข' }).click();
    const history = page.getByRole('tabpanel');
    await history.getByText('สร้าง').waitFor();
    expect(await history.getByText('จังหวัดแก้ไขแล้ว').count()).toBeGreaterThan(0);

    await page.goto(`${server.origin}/province?searchTerm=E2E1`);
    await page.getByRole('button', { name: `แก้ไข ${edited}` }).click();
    await dialog.getByRole('button', { name: 'ลบ' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'ลบ' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `แก้ไข ${edited}` }).waitFor({ state: 'detached' });
    const { rows } = await sql`select 1 from province where code = 'E2E1'`.execute(server.db);
    expect(rows).toHaveLength(0);
  });

  it('show a user holding only read roles no create, edit or delete on any entity page', async () => {
    const branchId = await createBranch(server.db);
    const user = await createUser(server.db, {
      roles: rolePairPrefixes.map(readRoleOf),
      branchIds: [branchId],
    });
    const page = await browser.newPage();
    await signIn(page, server.origin, user);
    const roles = rolePairPrefixes.map(readRoleOf);
    const listed = entities.filter((e) => e.menuGroup && can(roles, e, 'read').can);
    expect(listed.length).toBeGreaterThan(20);
    for (const entity of listed.filter((e) => !['appUser', 'appRoleGroup'].includes(e.name))) {
      await page.goto(`${server.origin}${entity.path}`);
      await page.getByRole('heading', { level: 2, name: entityByName(entity.name).title }).waitFor();
      expect(await page.getByRole('button', { name: `เพิ่ม${entity.title}` }).count(), entity.name).toBe(0);
      expect(await page.getByRole('button', { name: /^แก้ไข / }).count(), entity.name).toBe(0);
    }
  });
});
