import path from 'node:path';
import { MESSAGES, resolveEntity } from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../server/src/auth/firstAdmin.ts';
import { call, createBranch, createUser, type TestUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { accountMenu, readStorage, STORAGE, signIn, storedSignIn, submitLogin } from './helpers.ts';

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

const provinceTitle = resolveEntity('province').title;
const vehicleTitle = resolveEntity('vehicle').title;

let admin: { username: string; password: string };
let provinceReader: TestUser;
let branchUser: TestUser;
let otherUser: TestUser;
const branches = {
  first: { id: '', code: 'E2EA', name: 'สาขาเหนือ' },
  second: { id: '', code: 'E2EB', name: 'สาขาใต้' },
};

beforeAll(async () => {
  // The first admin must be created before any other user (it is only made on an empty database).
  const created = await ensureFirstAdmin(server.db);
  if (!created) throw new Error('the first admin already existed');
  admin = created;
  branches.first.id = await createBranch(server.db, branches.first.code, branches.first.name);
  branches.second.id = await createBranch(server.db, branches.second.code, branches.second.name);
  provinceReader = await createUser(server.db, {
    roles: ['ROLE_PROVINCE_READ'],
    branchIds: [branches.first.id],
  });
  branchUser = await createUser(server.db, {
    roles: ['ROLE_PROVINCE_READ'],
    branchIds: [branches.first.id, branches.second.id],
  });
  otherUser = await createUser(server.db, { roles: ['ROLE_VEHICLE_READ'], branchIds: [branches.second.id] });
});

describe('sign-in and the session', () => {
  it('makes the first admin change the one-time password before anything else', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/`);
    await page.waitForURL(`${server.origin}/auth/login`);
    await submitLogin(page, admin.username, admin.password);

    const dialog = page.getByRole('dialog', { name: 'เปลี่ยนรหัสผ่าน' });
    await dialog.waitFor();
    // Nothing else is shown until the password is changed.
    expect(await page.getByRole('navigation', { name: 'เมนูหลัก' }).count()).toBe(0);

    // The domain's rules, with the spec's exact messages.
    await dialog.getByLabel('รหัสผ่านเก่า').fill(admin.password);
    await dialog.getByLabel('รหัสผ่านใหม่', { exact: false }).first().fill(admin.password);
    await dialog.getByLabel('ยืนยันรหัสผ่านใหม่').fill('something-else');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await dialog.getByText('รหัสผ่านใหม่ ต้องต่างจาก รหัสผ่านเก่า').waitFor();
    await dialog.getByText('ยืนยันรหัสผ่านใหม่ ไม่ถูกต้อง').waitFor();

    // A wrong old password is the server's 422, shown inside the dialog.
    const fresh = 'ใหม่-password-2026';
    await dialog.getByLabel('รหัสผ่านเก่า').fill('not-the-password');
    await dialog.getByLabel('รหัสผ่านใหม่', { exact: false }).first().fill(fresh);
    await dialog.getByLabel('ยืนยันรหัสผ่านใหม่').fill(fresh);
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await dialog.getByText('รหัสผ่านเก่า ไม่ถูกต้อง').waitFor();

    await dialog.getByLabel('รหัสผ่านเก่า').fill(admin.password);
    await dialog.getByLabel('รหัสผ่านเก่า').press('Enter');
    await page.getByText(MESSAGES.passwordChanged.text).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The admin sees every group, administration included.
    const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
    await nav.getByRole('link', { name: resolveEntity('appRoleGroup').title }).waitFor();
    // The new password works; the old one does not.
    const reSignIn = await call(server.api, 'POST', '/auth/webLogin', {
      body: { username: admin.username, password: fresh },
    });
    expect(reSignIn.status).toBe(200);
    admin = { ...admin, password: fresh };
  });

  it('sends an anonymous visitor to login carrying `to`, and back there after sign-in (keyboard only)', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/province?page=2`);
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('to')).toBe('/province?page=2');
    await page.getByLabel('ชื่อผู้ใช้').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');

    await page.keyboard.type(provinceReader.username); // the username field has the focus
    await page.keyboard.press('Tab');
    await page.keyboard.type(provinceReader.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.origin}/province?page=2`);
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe(provinceTitle);
    expect(await readStorage(page, STORAGE.redirect)).toBeNull();
  });

  it('shows the server message for a wrong password and stays on the login page', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/auth/login`);
    await submitLogin(page, provinceReader.username, 'wrong-password');
    const alert = page.getByRole('alert').filter({ hasText: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง' });
    await alert.waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await page.title()).toBe('เข้าสู่ระบบ · LMS');
    expect(await readStorage(page, STORAGE.jwt)).toBeNull();
  });

  it('draws Latin in Roboto from its first file, and a rarer character from the second only when shown (build/fontSubsets.ts)', async () => {
    const page = await browser.newPage();
    const fonts: string[] = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.split('/').pop() ?? '';
      if (file.endsWith('.woff2')) fonts.push(file.replace(/-normal-[\w-]+\.woff2$/, ''));
    });
    await page.goto(`${server.origin}/auth/login`);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).waitFor();
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    expect(fonts).toContain('roboto-first-400');
    expect(fonts.filter((font) => font.startsWith('roboto-more'))).toEqual([]);
    // What the platform drew each run of text with: a brand with an accent and the app's marks.
    const drawnWith = async (text: string) => {
      await page.evaluate(async (probe) => {
        const line = document.createElement('p');
        line.id = 'font-probe';
        line.textContent = probe;
        document.getElementById('font-probe')?.remove();
        document.body.append(line);
        await document.fonts.load('16px Roboto', probe);
        await document.fonts.ready;
      }, text);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', {
        nodeId: root.nodeId,
        selector: '#font-probe',
      });
      const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      await cdp.detach();
      return used.map((font) => font.familyName);
    };
    expect(await drawnWith('DO10000120 – “12 × 3” · LMS…')).toEqual(['Roboto']);
    expect(fonts.filter((font) => font.startsWith('roboto-more'))).toEqual([]);
    expect(await drawnWith('Nestlé Café €')).toEqual(['Roboto']);
    expect(fonts).toContain('roboto-more-400');
  });

  it('asks a list’s screen files from its page, beside the shell, not once the shell has run (build/listPage.ts)', async () => {
    const storage = { origin: server.origin, items: await storedSignIn(server.origin, provinceReader) };
    const page = await browser.newPage({ storage });
    // Who asked each file: the page's parser, or a script (the shell's preloadScreenAt).
    const askedBy = new Map<string, string>();
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      const file = new URL(request.url).pathname.split('/').pop() ?? '';
      if (file.endsWith('.js') && !askedBy.has(file)) askedBy.set(file, initiator.type);
    });
    await cdp.send('Network.enable');
    await page.goto(`${server.origin}/province`);
    await page.getByRole('heading', { name: provinceTitle }).first().waitFor();
    await cdp.detach();
    const screen = [...askedBy.keys()].find((file) => /^EntityScreen-[\w-]+\.js$/.test(file));
    expect(screen, [...askedBy.keys()].join(' ')).toBeDefined();
    expect(askedBy.get(screen!)).toBe('parser');
    const firstPage = [...askedBy.keys()].find((file) => /^firstListPage-[\w-]+\.js$/.test(file));
    expect(firstPage && askedBy.get(firstPage)).toBe('parser');
    // Another screen's page is the plain one: its chunk is asked by the shell once it runs.
    const other = await browser.newPage({ storage });
    const preloads = async (url: string) => {
      await other.goto(url);
      return other.evaluate(() =>
        [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
      );
    };
    const screenFile = `/assets/${screen}`;
    expect(await preloads(`${server.origin}/province`)).toContain(screenFile);
    expect(await preloads(`${server.origin}/province/create`)).not.toContain(screenFile);
  });

  it('works at phone width', async () => {
    const page = await browser.newPage({ width: 360, height: 720 });
    await signIn(page, server.origin, provinceReader);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The drawer is temporary: the menu button opens it.
    await page.getByRole('button', { name: 'เมนู', exact: true }).click();
    await page.getByRole('dialog', { name: 'เมนูหลัก' }).getByRole('link', { name: provinceTitle }).click();
    await page.waitForURL(`${server.origin}/province`);
    // The browser's title follows the screen (WCAG 2.4.2), as the top bar does.
    await expect.poll(() => page.title()).toBe(`${provinceTitle} · LMS`);
    await page.goBack();
    await expect.poll(() => page.title()).toBe('หน้าแรก · LMS');
  });
});

describe('roles and the menu', () => {
  it('hides pages the user has no role for and shows the not-allowed screen at their URL', async () => {
    const page = await browser.newPage();
    await signIn(page, server.origin, provinceReader);
    const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
    await nav.getByRole('link', { name: provinceTitle }).waitFor();
    expect(await nav.getByRole('link', { name: vehicleTitle }).count()).toBe(0);

    await page.goto(`${server.origin}/vehicle`);
    await page.getByText(MESSAGES.noPermission.text).waitFor();
  });

  it('remembers the menu state under lms-nav', async () => {
    const page = await browser.newPage();
    await signIn(page, server.origin, provinceReader);
    const nav = page.getByRole('navigation', { name: 'เมนูหลัก' });
    await nav.getByRole('button', { name: 'ข้อมูลหลัก' }).click();
    await nav.getByRole('link', { name: provinceTitle }).waitFor({ state: 'hidden' });
    // Saved after the 1 s debounce.
    await expect
      .poll(async () => JSON.parse((await readStorage(page, STORAGE.nav)) ?? '{}').groupsOpen?.masterData, {
        timeout: 5000,
      })
      .toBe(false);
    await page.reload();
    await nav.getByRole('button', { name: 'ข้อมูลหลัก' }).waitFor();
    expect(await nav.getByRole('link', { name: provinceTitle }).isVisible()).toBe(false);
    expect(await nav.getByRole('button', { name: 'ข้อมูลหลัก' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the invalid-URL screen for an unknown path', async () => {
    const page = await browser.newPage();
    await signIn(page, server.origin, provinceReader);
    await page.goto(`${server.origin}/no/such/page`);
    await page.getByText(MESSAGES.invalidUrl.text).waitFor();
    // The top bar's heading and the browser's title name the screen, never empty.
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('ไม่พบหน้าที่ต้องการ');
    expect(await page.title()).toBe('ไม่พบหน้าที่ต้องการ · LMS');
  });
});

describe('branch context', () => {
  it('chooses the first branch after sign-in and switches branch from the account menu', async () => {
    const page = await browser.newPage();
    await signIn(page, server.origin, branchUser);
    const current = page.getByTestId('current-branch');
    expect(await current.textContent()).toBe(`${branches.first.code}: ${branches.first.name}`);
    expect(await readStorage(page, STORAGE.branch)).toBe(branches.first.id);

    // Opened from a page, the branch screen returns to it, and says which branch is now acting (issue 23).
    await page.goto(`${server.origin}/province?searchTerm=${encodeURIComponent('กรุง')}`);
    await page.getByRole('searchbox').waitFor();
    // The account menu's button (a native one, issue 41) as react-aria's menu trigger: a mouse
    // opens the menu focused on itself, Escape gives focus back, ArrowDown opens it on its first item.
    const trigger = page.getByRole('button', { name: branchUser.username });
    await trigger.click();
    await page.getByRole('menu').waitFor();
    const focusedRole = () => page.evaluate(() => document.activeElement?.getAttribute('role'));
    expect(await focusedRole()).toBe('menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await trigger.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('menu').waitFor();
    expect(await focusedRole()).toBe('menuitem');
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await accountMenu(page, branchUser.username, 'เลือกสาขา');
    // The list's own query (it may add its paging) travels in `to`.
    await page.waitForURL(
      (url) =>
        url.pathname === '/selectBranch' &&
        /^\/province\?.*searchTerm=/.test(url.searchParams.get('to') ?? ''),
    );
    await page.getByRole('searchbox').or(page.getByRole('textbox')).first().fill(branches.second.code);
    // The spinner is up for the switch's two 200 ms pauses only: recorded as it is added to the
    // page, not polled for afterwards (in a loaded run the poll came after it had gone).
    await page.evaluate((name) => {
      const seen = { dialog: false };
      Object.assign(window, { switchingSpinner: seen });
      new MutationObserver((_, observer) => {
        if (document.querySelector(`[role="dialog"][aria-label="${name}"]`)) {
          seen.dialog = true;
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
    }, 'กำลังเปลี่ยนสาขา...');
    await page.getByText(`${branches.second.code}: ${branches.second.name}`).click();
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { switchingSpinner: { dialog: boolean } }).switchingSpinner.dialog,
        ),
      )
      .toBe(true);
    // A blocking switch: the spinner covers the page, then the new branch is stored.
    await expect.poll(() => readStorage(page, STORAGE.branch)).toBe(branches.second.id);
    await page.waitForURL(
      (url) => url.pathname === '/province' && url.searchParams.get('searchTerm') === 'กรุง',
    );
    await page.getByText(`เปลี่ยนสาขาเป็น ${branches.second.code}: ${branches.second.name} แล้ว`).waitFor();

    await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'หน้าแรก' }).click();
    await page.waitForFunction(
      (label) => document.querySelector('[data-testid="current-branch"]')?.textContent === label,
      `${branches.second.code}: ${branches.second.name}`,
    );
    // The stored branch survives a reload.
    await page.reload();
    await page.getByTestId('current-branch').waitFor();
    expect(await page.getByTestId('current-branch').textContent()).toBe(
      `${branches.second.code}: ${branches.second.name}`,
    );
  });
});

describe('renewal, logout and a changed session', () => {
  it('renews the token while the user is active', async () => {
    const page = await browser.newPage();
    await signIn(page, server.origin, provinceReader);
    // Pretend the token runs out in a minute.
    const soon = new Date(Date.now() + 60_000).toISOString();
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [STORAGE.exp, soon]);
    await expect
      .poll(
        async () => {
          await page.mouse.click(600, 400);
          return Date.parse((await readStorage(page, STORAGE.exp)) ?? '') - Date.now();
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBeGreaterThan(50 * 60_000);
    // The renewed token is accepted by the server.
    const token = await readStorage(page, STORAGE.jwt);
    const info = await call(server.api, 'GET', '/account/userInfo', { token: token ?? '' });
    expect(info.status).toBe(200);
    expect(info.body.username).toBe(provinceReader.username);
  });

  it('sends a user whose session was revoked back to login, carrying the page', async () => {
    const page = await browser.newPage();
    await signIn(page, server.origin, provinceReader);
    await page.goto(`${server.origin}/province`);
    await page.getByRole('heading', { level: 1, name: provinceTitle }).waitFor();
    const token = await readStorage(page, STORAGE.jwt);
    expect((await call(server.api, 'POST', '/auth/logout', { token: token ?? '' })).status).toBe(204);

    await page.reload();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('to')).toBe('/province');
    expect(await readStorage(page, STORAGE.jwt)).toBeNull();
    await submitLogin(page, provinceReader.username, provinceReader.password);
    await page.waitForURL(`${server.origin}/province`);
  });

  it('logs out: the storage keys are cleared, the token is revoked, and login is shown', async () => {
    const page = await browser.newPage();
    await signIn(page, server.origin, branchUser);
    const token = await readStorage(page, STORAGE.jwt);
    expect(token).not.toBeNull();
    expect(await readStorage(page, STORAGE.branch)).not.toBeNull();

    await accountMenu(page, branchUser.username, 'ออกจากระบบ');
    await page.waitForURL(`${server.origin}/auth/login`);
    for (const key of [STORAGE.info, STORAGE.jwt, STORAGE.exp, STORAGE.branch]) {
      expect(await readStorage(page, key)).toBeNull();
    }
    const after = await call(server.api, 'GET', '/account/userInfo', { token: token ?? '' });
    expect(after.status).toBe(401);
  });

  it('reloads with the session-changed message when another tab signs in as someone else', async () => {
    const first = await browser.newPage();
    await signIn(first, server.origin, provinceReader);
    const second = await first.context().newPage();
    await second.goto(`${server.origin}/`);
    await accountMenu(second, provinceReader.username, 'ออกจากระบบ');
    await second.waitForURL(`${server.origin}/auth/login`);
    await submitLogin(second, otherUser.username, otherUser.password);
    await second.getByRole('button', { name: otherUser.username }).waitFor();

    const reloaded = first.waitForEvent('load');
    await first.bringToFront();
    await first.evaluate(() => window.dispatchEvent(new Event('focus')));
    await first.getByText(MESSAGES.sessionChanged.text).waitFor();
    await reloaded;
    await first.getByRole('button', { name: otherUser.username }).waitFor();
  });
});
