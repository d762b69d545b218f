import path from 'node:path';
import { ROLE_BOOKING_REPORT_READ } from '@lms/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBranch, createUser, type TestUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { pdfPages } from '../../server/test/pdfText.ts';
import { type BranchMonth, MONTH, writeBranchMonth } from './branchMonth.ts';
import { setupBrowser } from './browser.ts';
import { storedSignIn } from './helpers.ts';

/**
 * The performance screen on paper (docs/performance-figures.md "พิมพ์"): the built app on the real
 * server, printed by Chromium to an A4 PDF (`page.pdf`, the print stylesheet applied), its text read
 * back with pdf.js: the heading names the branch and the month, the figures and the tables behind
 * the charts are there, and the charts themselves; the menu, the top bar and the buttons are not. Then the same for two
 * branches side by side (a user of the October branch of branchMonth.ts and an empty one).
 */

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();
let month: BranchMonth;
let manager: TestUser;

beforeAll(async () => {
  month = await writeBranchMonth(server.db);
  const other = await createBranch(server.db, 'E2P', 'สาขาว่างสำหรับพิมพ์');
  manager = await createUser(server.db, {
    roles: [ROLE_BOOKING_REPORT_READ],
    branchIds: [month.branchId, other],
  });
});

async function open(to: string, width = 1366, height = 768): Promise<Page> {
  const page = await browser.newPage({
    width,
    height,
    storage: { origin: server.origin, items: await storedSignIn(server.origin, manager) },
  });
  await page.goto(`${server.origin}${to}`);
  return page;
}

/** What the screen's menu says (names of other screens), read on screen before printing. */
async function menuWords(page: Page): Promise<string[]> {
  const links = await page.getByRole('navigation').first().getByRole('link').allTextContents();
  const main = (await page.locator('main').textContent()) ?? '';
  return links.map((l) => l.trim()).filter((l) => l.length > 2 && !main.includes(l));
}

/**
 * Every chart drawn — each figure with its bars and its axes' labels — then the page as Chromium
 * prints it, whitespace dropped. The charts load lazily and each is drawn once its container has
 * measured its width, so one chart's bars can be on the page while another's axes are not yet
 * (a full `npm test` run printed before the Pareto's percent axis was drawn).
 */
async function printed(page: Page, charts: number): Promise<{ text: string; pages: number }> {
  await page.waitForFunction((n) => {
    const figures = [...document.querySelectorAll('figure[role="img"]')];
    return (
      figures.length === n &&
      figures.every(
        (figure) =>
          figure.querySelector('.recharts-bar-rectangle') !== null &&
          figure.querySelector('.recharts-cartesian-axis-tick-value') !== null,
      )
    );
  }, charts);
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const pages = await pdfPages(pdf);
  return { text: squeeze(pages.join('')), pages: pages.length };
}

/**
 * Text without spaces, and without Thai tone marks: Chromium's PDF places a tone mark as a glyph
 * pdf.js reads back as U+0000 in some words (ที่ → ที\0), so both sides drop them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what pdf.js gives for those glyphs.
const squeeze = (text: string) => text.replace(/[\s\u0000\u0E48-\u0E4B]/g, '');

describe('the performance screen printed', () => {
  it("prints one branch's month: heading, figures, tables, and no menu or buttons", async () => {
    const page = await open(`/performance?month=${MONTH}`);
    const heading = page.getByText(/^E2M: สาขาทดสอบเดือนตัวอย่าง ·/);
    await heading.waitFor();
    const headingText = (await heading.textContent()) ?? '';
    const menu = await menuWords(page);
    expect(menu.length).toBeGreaterThan(2);
    // The failures' Pareto, truck use by type and by truck, hours by type and by truck.
    const { text, pages } = await printed(page, 5);
    expect(text).toContain(squeeze(headingText));
    expect(text).toContain(squeeze('เทียบกับ'));
    // The hand-computed October (branchMonth.ts): OTIF per stop 33.3 %, first attempt 40 %.
    expect(text).toContain('33.3%');
    expect(text).toContain('40.0%');
    // The tables behind the charts, as plain tables: a failure reason, a vehicle type's row.
    expect(text).toContain(squeeze('ไม่พบผู้รับ'));
    expect(text).toContain(squeeze('E6W:รถ6ล้อ'));
    expect(text).toContain(squeeze('การใช้รถรายคัน'));
    // The charts on paper, zoomed to the page (ChartFigure.tsx): the Pareto's cumulative axis, its
    // ticks in order, is text only a drawn chart prints.
    expect(text).toContain('0%25%50%75%100%');
    // No menu, no top bar's menu button, no buttons or pickers.
    for (const word of menu) expect(text).not.toContain(squeeze(word));
    expect(text).not.toContain('ส่งออกExcel');
    expect(text).not.toContain(squeeze('ดูผลของ'));
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThanOrEqual(4);
  });

  it('a figure opens its records at the top of their list, not scrolled as the figures were', async () => {
    const page = await open(`/performance?month=${MONTH}`);
    const link = page.locator('main a[href^="/bookingReport"]').last();
    await link.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await link.focus();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await link.press('Enter');
    await page.waitForURL(/\/bookingReport/);
    // The list drawn in place of the figures (the page's seven tables gone).
    await expect.poll(() => page.getByRole('grid').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('on a phone, back from a record returns to where the list was, once its rows are drawn again', async () => {
    // The month's six bookings, one card each.
    const page = await open('/bookingReport?sort=docNo', 390, 844);
    const views = page.getByRole('button', { name: /^ดู BK/ });
    await expect.poll(() => views.count(), { timeout: 30_000 }).toBe(6);
    const chosen = views.nth(4);
    await chosen.scrollIntoViewIfNeeded();
    const where = await page.evaluate(() => window.scrollY);
    expect(where).toBeGreaterThan(844);
    await chosen.click();
    await page.waitForURL(/\/bookingReport\/show\//);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/bookingReport\?sort=docNo$/);
    // The list's rows come after the route: the position is reached once the page is tall enough.
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(where);
  });

  it('prints two branches side by side: the company heading and every branch row', async () => {
    const page = await open(`/performance?month=${MONTH}&branches=all`);
    await page.getByRole('heading', { name: 'รวม 2 สาขา' }).waitFor();
    // The failure reasons, truck use per type, and the company's hours per type beside the branches.
    const { text } = await printed(page, 4);
    expect(text).toContain(squeeze('ทุกสาขาที่ดูได้(2สาขา)'));
    expect(text).toContain(squeeze('เทียบสาขา'));
    expect(text).toContain(squeeze('E2M:สาขาทดสอบเดือนตัวอย่าง'));
    expect(text).toContain(squeeze('E2P:สาขาว่างสำหรับพิมพ์'));
    // The company is the October branch plus an empty one: the same 33.3 %.
    expect(text).toContain('33.3%');
    expect(text).not.toContain('ส่งออกExcel');
  });
});
