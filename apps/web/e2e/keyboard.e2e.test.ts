import path from 'node:path';
import { deliveryOrder, phrase, province, ROLE_ADMIN, readRoleOf } from '@lms/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferences, sampleBody } from '../../server/test/entityFactory.ts';
import {
  signIn as apiSignIn,
  call,
  createBranch,
  createUser,
  type TestUser,
} from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { STORAGE, storedSignIn } from './helpers.ts';

/**
 * Issue 22 items 6 and 7 in the built app: Ctrl-K finds a DO by its number and opens it; leaving
 * a form with unsaved input (through the palette, or closing the tab) asks first.
 */
const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

const DO_NUMBER = 'DO6811223344';
let branchId = '';
let doId = '';
let planner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  branchId = await createBranch(server.db, 'KBD', 'สาขาคีย์บอร์ด');
  admin = await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] });
  const token = await apiSignIn(server.api, admin);
  const refIds = await createReferences(server.api, token, deliveryOrder, branchId);
  const created = await call(server.api, 'POST', `/deliveryOrder?branchId=${branchId}`, {
    token,
    body: { ...sampleBody(deliveryOrder, refIds), docNo: DO_NUMBER },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  doId = created.body.id;
  planner = await createUser(server.db, {
    roles: [readRoleOf(deliveryOrder.permission)],
    branchIds: [branchId],
  });
});

async function signedInPage(user: TestUser) {
  const items = { ...(await storedSignIn(server.origin, user)), [STORAGE.branch]: branchId };
  return browser.newPage({ storage: { origin: server.origin, items } });
}

describe('the command palette', () => {
  it('Ctrl-K → a DO number → Enter opens that DO', async () => {
    const page = await signedInPage(planner);
    await page.goto(`${server.origin}/`);
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).waitFor();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'ไปยังหน้าจอหรือค้นหาเอกสาร' });
    await palette.getByRole('searchbox').waitFor();
    await page.keyboard.type('1122334');
    await palette.getByRole('option', { name: new RegExp(DO_NUMBER) }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.origin}/deliveryOrder/show/${doId}`);
    await page
      .getByRole('heading', { name: new RegExp(DO_NUMBER) })
      .first()
      .waitFor();
  });

  it('lists only the screens of the user’s menu', async () => {
    const page = await signedInPage(planner);
    await page.goto(`${server.origin}/`);
    await page.getByRole('navigation', { name: 'เมนูหลัก' }).waitFor();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'ไปยังหน้าจอหรือค้นหาเอกสาร' });
    await palette
      .getByRole('option', { name: /ใบส่งสินค้า/ })
      .first()
      .waitFor();
    // A DO reader has no master data in the menu, so none in the palette.
    expect(await palette.getByRole('option', { name: /จังหวัด/ }).count()).toBe(0);
  });
});

describe('the keys typed right after Ctrl-K', () => {
  it('are the palette’s search while it is still on its way, not the form’s input', async () => {
    const page = await signedInPage(admin);
    // The palette's chunk comes late (a slow line): the keys arrive before the palette can draw.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/KeyboardDialogs-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.origin}/province/create`);
    const code = page.getByRole('dialog').getByRole('textbox', { name: /^รหัส/ });
    await code.fill('P78');

    await page.keyboard.press('Control+k');
    await page.keyboard.type('หน้าแรก');
    await page.keyboard.press('Enter');
    expect(await code.inputValue()).toBe('P78');

    release();
    const palette = page.getByRole('dialog', { name: 'ไปยังหน้าจอหรือค้นหาเอกสาร' });
    expect(await palette.getByRole('searchbox').inputValue()).toBe('หน้าแรก');
    await palette.getByRole('option', { name: /หน้าแรก/ }).waitFor();
    expect(await code.inputValue()).toBe('P78');
  });
});

/**
 * Enter on the palette's option once its record search has answered (the status line empty), as a
 * person who reads the list first does. Over this form dialog react-aria's Autocomplete lost the
 * focused option by then and Enter did nothing (a CI run waited 30 s for the question); the palette
 * now handles Enter itself (docs/web.md), and this keeps that case covered.
 */
async function pressWhenSettled(page: Page, option: RegExp) {
  const palette = page.getByRole('dialog', { name: 'ไปยังหน้าจอหรือค้นหาเอกสาร' });
  await expect.poll(() => palette.getByRole('status').textContent(), { timeout: 30_000 }).toBe('');
  await palette.getByRole('option', { name: option }).waitFor();
  await page.keyboard.press('Enter');
}

/**
 * Ctrl-K, then the search once the palette's box is there, as a person who looks first does: the
 * keys typed before it are another test's subject ("the keys typed right after Ctrl-K"). Typed at
 * once, a full run on a loaded machine once showed the palette without its option for 30 s.
 */
async function openPaletteAndType(page: Page, text: string) {
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: 'ไปยังหน้าจอหรือค้นหาเอกสาร' }).getByRole('searchbox').waitFor();
  await page.keyboard.type(text);
}

describe('unsaved changes', () => {
  it('asks before the palette leaves a form with input, and before the tab closes', async () => {
    const page = await signedInPage(admin);
    await page.goto(`${server.origin}/province/create`);
    const form = page.getByRole('dialog');
    const code = form.getByRole('textbox', { name: /^รหัส/ });
    await code.fill('P77');

    await openPaletteAndType(page, 'หน้าแรก');
    await pressWhenSettled(page, /หน้าแรก/);
    const ask = page.getByRole('alertdialog', { name: 'ยังไม่ได้บันทึกการแก้ไข' });
    await ask.getByRole('button', { name: 'กลับไปแก้ไขต่อ' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/province/create');
    expect(await code.inputValue()).toBe('P77');

    const closing = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const question = await closing;
    expect(question.type()).toBe('beforeunload');
    await question.dismiss();
    expect(page.isClosed()).toBe(false);

    await openPaletteAndType(page, 'หน้าแรก');
    await pressWhenSettled(page, /หน้าแรก/);
    await ask.getByRole('button', { name: 'ออกโดยไม่บันทึก' }).click();
    await page.waitForURL(`${server.origin}/`);
  });

  it('asks before the browser’s back leaves a form with input, and stays or goes back as answered', async () => {
    const page = await signedInPage(admin);
    await page.goto(`${server.origin}/province`);
    const add = phrase('เพิ่ม', province.title);
    await page.getByRole('button', { name: add, exact: true }).click();
    const form = page.getByRole('dialog', { name: add, exact: true });
    await page.waitForURL(`${server.origin}/province/create`);
    await form.getByRole('textbox', { name: /^รหัส/ }).fill('P78');

    const ask = page.getByRole('alertdialog', { name: 'ยังไม่ได้บันทึกการแก้ไข' });
    await page.goBack({ waitUntil: 'commit' });
    await ask.getByRole('button', { name: 'กลับไปแก้ไขต่อ' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/province/create');
    expect(await form.getByRole('textbox', { name: /^รหัส/ }).inputValue()).toBe('P78');

    await page.goBack({ waitUntil: 'commit' });
    await ask.getByRole('button', { name: 'ออกโดยไม่บันทึก' }).click();
    await page.waitForURL(`${server.origin}/province`);
    await form.waitFor({ state: 'detached' });
  });
});

describe('a list’s dialog asked before its chunk has come (a slow link)', () => {
  it('shows the form’s frame at the press, lets ยกเลิก leave it, and fills it when the chunk comes', async () => {
    const page = await signedInPage(admin);
    // The form's chunk is held back, as on a phone's slow link: the idle fetch and the press wait for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/EntityFormDialog-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.origin}/province`);
    const add = phrase('เพิ่ม', province.title);
    await page.getByRole('button', { name: add, exact: true }).click();
    const frame = page.getByRole('dialog', { name: add, exact: true });
    await frame.getByRole('status').filter({ hasText: 'กำลังโหลดแบบฟอร์ม...' }).waitFor();
    expect(await frame.getByRole('button', { name: 'บันทึก' }).isDisabled()).toBe(true);
    await frame.getByRole('button', { name: 'ยกเลิก' }).click();
    await frame.waitFor({ state: 'detached' });
    await page.waitForURL(`${server.origin}/province`);

    await page.getByRole('button', { name: add, exact: true }).click();
    await frame.getByRole('status').filter({ hasText: 'กำลังโหลดแบบฟอร์ม...' }).waitFor();
    release();
    await frame.getByRole('textbox', { name: /^รหัส/ }).fill('P79');
    expect(await frame.getByText('กำลังโหลดแบบฟอร์ม...').count()).toBe(0);
  });
});

describe('a move whose next screen is still on its way (a slow link)', () => {
  it('keeps the list with a bar at the top until the record’s page can be drawn', async () => {
    const page = await signedInPage(planner);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/EntityDetailPage-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.origin}/deliveryOrder`);
    await page.getByRole('button', { name: /^ดู / }).first().click();
    const bar = page.getByRole('progressbar', { name: 'กำลังเปิดหน้า' });
    await bar.waitFor();
    // The list stays, its rows still there, while the record's page loads.
    expect(await page.getByRole('gridcell', { name: DO_NUMBER }).count()).toBeGreaterThan(0);
    release();
    await page.getByRole('button', { name: 'กลับไปรายการ' }).waitFor();
    await bar.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/deliveryOrder/show/${doId}`);
  });
});
