import { authApi, type EntityDef, type LoginAnswer, type Operation, pathOf } from '@lms/domain';
import type { Page } from 'playwright-core';

/** Where the server answers the API (apps/server/src/app.ts registers the contract under it). */
export const API_BASE = '/api';

/** The path of a request to `operation` as the browser sends it and a response's URL names it. */
export const requestPath = (operation: Operation, params?: Readonly<Record<string, string>>) =>
  `${API_BASE}${pathOf(operation, params)}`;

export const STORAGE = {
  info: 'lms-auth-info',
  jwt: 'lms-auth-jwt',
  exp: 'lms-auth-exp',
  redirect: 'lms-auth-redirect',
  branch: 'lms-branch',
  nav: 'lms-nav',
} as const;

/** Fills the login form by keyboard and submits with Enter. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('ชื่อผู้ใช้').fill(username);
  await page.getByLabel('รหัสผ่าน').fill(password);
  await page.getByLabel('รหัสผ่าน').press('Enter');
}

/** Opens the login page and signs in; waits until the app left the login page. */
export async function signIn(page: Page, origin: string, user: { username: string; password: string }) {
  await page.goto(`${origin}/auth/login`);
  await submitLogin(page, user.username, user.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
  await page.getByRole('button', { name: user.username }).waitFor();
}

export const readStorage = (page: Page, key: string) =>
  page.evaluate((name) => window.localStorage.getItem(name), key);

/** A signed-in planner's page, on the booking wizard's summary for the given DOs (suggestion 1). */
export async function bookUpToSummary(page: Page, origin: string, docNos: readonly string[]) {
  await page.goto(`${origin}/doBooking`);
  await pickUpToSummary(page, docNos);
}

/** From the DO Booking's first step, already open: picks these DOs and goes on to the summary. */
export async function pickUpToSummary(page: Page, docNos: readonly string[]) {
  for (const docNo of docNos) await page.getByRole('checkbox', { name: `เลือก ${docNo}` }).click();
  await page.getByRole('button', { name: 'ถัดไป: ดูคำแนะนำการจัดรถ' }).click();
  await page.getByRole('heading', { name: 'ตัวเลือกที่ 1 (แนะนำ)' }).waitFor();
  await page.getByRole('button', { name: 'เลือกตัวเลือกที่ 1' }).click();
  await page.getByRole('heading', { name: 'ช่วงรถที่ 1' }).waitFor();
  await page.getByRole('button', { name: 'ถัดไป: สรุปการจอง' }).click();
  await page.getByRole('button', { name: 'ยืนยันการจอง' }).waitFor();
}

/** Opens the account menu and picks one of its entries. */
export async function accountMenu(page: Page, username: string, entry: string): Promise<void> {
  await page.getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

/**
 * Signs in through the API and answers the `localStorage` the app keeps after a sign-in (as
 * authStore.saveLogin writes it), for tests that start signed in. The login page itself is
 * host.e2e.test.ts's subject.
 */
export async function storedSignIn(
  origin: string,
  user: { username: string; password: string },
): Promise<Record<string, string>> {
  const response = await fetch(`${origin}${requestPath(authApi.webLogin)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${user.username}: ${response.status}`);
  const answer = (await response.json()) as LoginAnswer;
  return {
    [STORAGE.jwt]: answer.token,
    [STORAGE.exp]: answer.expiresAt,
    [STORAGE.info]: JSON.stringify({ ...answer.info, userId: answer.userId }),
  };
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The query string an API call on `entity` takes: the acting branch for branch-owned ones, then `query`. */
export function scopedQuery(entity: EntityDef, branchId: string, query = ''): string {
  const params = [entity.branchOwned ? `branchId=${branchId}` : '', query].filter(Boolean).join('&');
  return params ? `?${params}` : '';
}

/**
 * Goes to `path` in the app. A page that shows the app already moves there by the app's own
 * router, as a link would, without starting the app again (a history entry, then the `popstate`
 * the router listens to); any other page loads it.
 */
export async function visit(page: Page, origin: string, path: string): Promise<void> {
  if (new URL(page.url(), 'about:blank').origin !== origin) {
    await page.goto(`${origin}${path}`);
    return;
  }
  await page.evaluate((to) => {
    // The entry as React Router writes one (`idx` lets it tell how far a later pop goes).
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
}

/**
 * The live announcer's nodes that name nothing on the page: react-aria's announcement of a pending
 * button that has gone since (`keepAnnouncedName.ts` in the design system; axe's role-img-alt).
 * Read after 300 ms, once the page's first announcement — which the announcer holds back 100 ms —
 * has landed.
 */
export async function namelessAnnouncements(page: Page): Promise<string[]> {
  await page.waitForTimeout(300);
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-live-announcer] [aria-labelledby]')]
      .filter((node) =>
        (node.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .every((id) => id === '' || document.getElementById(id) === null),
      )
      .map((node) => node.outerHTML),
  );
}
