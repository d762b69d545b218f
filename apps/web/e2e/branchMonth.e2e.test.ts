import path from 'node:path';
import {
  freightText,
  ROLE_BOOKING_REPORT_READ,
  ROLE_FREIGHT_STATEMENT_APPROVE,
  ROLE_FREIGHT_STATEMENT_CHECK,
  ROLE_FREIGHT_STATEMENT_EDIT,
  ROLE_FREIGHT_STATEMENT_EXPORT,
  ROLE_FREIGHT_STATEMENT_READ,
} from '@lms/domain';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn as apiSignIn, call, createUser, type TestUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { pdfPages } from '../../server/test/pdfText.ts';
import { workbookCells } from '../../server/test/workbookCells.ts';
import { type BranchMonth, MONTH, writeBranchMonth } from './branchMonth.ts';
import { setupBrowser } from './browser.ts';
import { storedSignIn } from './helpers.ts';

/**
 * Issue 40 end to end: a branch's October (branchMonth.ts, worked out by hand there) → the
 * performance screen shows the hand-computed figures → contractor A's statement is drafted,
 * adjusted, checked, approved by another person, printed, exported → a later change to one of its
 * trips moves the performance figures but not the approved statement.
 */

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

let month: BranchMonth;
let manager: TestUser;
let approver: TestUser;
/** Reads bookings and shipments: every figure's link shows for them. */
let reader: TestUser;
let statementId = '';

const open = async (user: TestUser, to: string): Promise<Page> => {
  const page = await browser.newPage({
    width: 1366,
    height: 768,
    storage: { origin: server.origin, items: await storedSignIn(server.origin, user) },
  });
  await page.goto(`${server.origin}${to}`);
  return page;
};

/**
 * A file of the statement as the server sends it. The page hands its copy to a tab or a download,
 * whose bytes the headless browser does not keep: the same request, as the approver.
 */
async function fileOf(name: 'statement.pdf' | 'statement.xlsx'): Promise<Uint8Array> {
  const token = await apiSignIn(server.api, approver);
  const response = await fetch(
    `${server.api}/freightStatements/${statementId}/${name}?branchId=${month.branchId}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** The value a headline tile shows (its first `dd`). */
const tile = (page: Page, label: string) => page.locator(`[aria-label="${label}"] dd`).first();

async function expectTiles(page: Page, expected: Record<string, string>) {
  await tile(page, 'ส่งตรงเวลา ต่อจุดส่ง').waitFor();
  const shown: Record<string, string> = {};
  for (const label of Object.keys(expected)) shown[label] = (await tile(page, label).textContent()) ?? '';
  expect(shown).toEqual(expected);
}

beforeAll(async () => {
  month = await writeBranchMonth(server.db);
  manager = await createUser(server.db, {
    roles: [
      ROLE_BOOKING_REPORT_READ,
      ROLE_FREIGHT_STATEMENT_READ,
      ROLE_FREIGHT_STATEMENT_EDIT,
      ROLE_FREIGHT_STATEMENT_CHECK,
    ],
    branchIds: [month.branchId],
  });
  approver = await createUser(server.db, {
    roles: [ROLE_FREIGHT_STATEMENT_READ, ROLE_FREIGHT_STATEMENT_APPROVE, ROLE_FREIGHT_STATEMENT_EXPORT],
    branchIds: [month.branchId],
  });
  reader = await createUser(server.db, {
    roles: [ROLE_BOOKING_REPORT_READ, 'ROLE_SHIPMENT_READ'],
    branchIds: [month.branchId],
  });
});

describe("a branch's month, from its trips to the contractor's approved statement", () => {
  it('shows the hand-computed October on the performance screen', async () => {
    const page = await open(manager, `/performance?month=${MONTH}`);
    await expectTiles(page, {
      'ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง': '33.3 %',
      'ส่งตรงเวลา ต่อจุดส่ง': '33.3 %',
      'ส่งครบ ต่อจุดส่ง': '50.0 %',
      'ส่งตรงเวลาและครบ (OTIF) ต่อใบส่งสินค้า': '28.6 %',
      'ส่งตรงเวลา ต่อใบส่งสินค้า': '28.6 %',
      'ส่งครบ ต่อใบส่งสินค้า': '57.1 %',
      ส่งสำเร็จในครั้งแรก: '40.0 %',
      ระยะทางต่อจุดส่ง: '65.0 กม.',
      เวลาต่อจุดส่ง: '180.0 นาที',
      เวลาที่จุดส่ง: '20.0 นาที',
      'วันจาก DO เข้าระบบถึงวันจอง': '2.9 วัน',
      วันจากวันจองถึงวันส่ง: '3.5 วัน',
      ลูกค้ายืนยันนัดทางลิงก์: '60.0 %',
      ยืนยันนัดทางโทรศัพท์: '40.0 %',
    });
    // The tables behind the charts: failures by reason, truck use per vehicle type.
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('ไม่พบผู้รับ');
    expect(text).toContain('ที่อยู่ไม่ถูกต้อง');
    // Trips, weight carried, capacity, weight %, volume, capacity, volume % (integers without decimals).
    const cells = (type: string) =>
      page
        .getByRole('row')
        .filter({ hasText: `${type}: ` })
        .first()
        .getByRole('gridcell')
        .allTextContents();
    expect(await cells('E6W')).toEqual(
      expect.arrayContaining(['2', '4,600', '10,000', '46', '18.20', '40', '45.50']),
    );
    expect(await cells('E4W')).toEqual(
      expect.arrayContaining(['1', '600', '1,000', '60', '2.50', '5', '50']),
    );
  });

  it('opens the records behind a figure: the lists filtered to the month agree with its counts', async () => {
    const page = await open(reader, `/performance?month=${MONTH}`);
    // 3 of the 5 appointments confirmed by the customer's link (60 %): the booking list shows those 3.
    await page.getByRole('link', { name: 'ลูกค้ายืนยันนัดทางลิงก์' }).click();
    await page.waitForURL((url) => url.pathname === '/bookingReport');
    expect(new URL(page.url()).searchParams.getAll('callStatuses')).toEqual(['CONFIRMED_BY_CUSTOMER']);
    await page.getByText('1–3 จาก 3').waitFor();
    // E6W ran 2 trips: its row opens the shipment list of that vehicle type's October, 2 shipments.
    await page.goBack();
    const e6w = page
      .getByRole('region', { name: 'การใช้รถตามประเภทรถ' })
      .getByRole('link', { name: /^E6W: / });
    await e6w.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/shipment');
    const params = new URL(page.url()).searchParams;
    expect(params.get('shiftDateFrom')).toBe(`${MONTH}-01`);
    expect(params.get('shiftDateTo')).toBe(`${MONTH}-31`);
    expect(params.getAll('vehicleTypeIds')).toHaveLength(1);
    await page.getByText('1–2 จาก 2').waitFor();
  });

  it("drafts, adjusts and checks contractor A's statement, another person approves, prints and exports it", async () => {
    const page = await open(manager, `/freightStatement?month=${MONTH}`);
    await page.getByRole('button', { name: new RegExp(`^สร้างใบสรุป: ${month.contractorLabel}`) }).click();
    await page.waitForURL((url) => url.searchParams.has('id'));
    statementId = new URL(page.url()).searchParams.get('id')!;
    const trips = page.getByRole('grid', { name: freightText.trips });
    await trips.getByText('2,500.00').waitFor();
    expect(await trips.getByText('4,100.00').count()).toBe(1);
    await page.getByText('6,600.00').first().waitFor();

    await page.getByRole('textbox', { name: /^จำนวนเงิน/ }).fill('350');
    await page.getByRole('textbox', { name: /^เหตุผล/ }).fill('ค่าทางด่วน');
    await page.getByRole('button', { name: 'บันทึกรายการปรับยอด' }).click();
    await page.getByText('6,950.00').first().waitFor();
    await page.getByRole('button', { name: 'ยืนยันว่าตรวจแล้ว' }).click();
    await page.getByText('ตรวจแล้ว', { exact: true }).first().waitFor();
    // Approving is another person's role (the checker may not approve): not offered here.
    expect(await page.getByRole('button', { name: 'อนุมัติ', exact: true }).count()).toBe(0);

    const other = await open(approver, `/freightStatement?month=${MONTH}&id=${statementId}`);
    await other.getByRole('button', { name: 'อนุมัติ', exact: true }).click();
    await other.getByText('อนุมัติแล้ว', { exact: true }).first().waitFor();

    // Printed: the button opens the PDF in a tab of its own; the file holds the statement's figures.
    const pdf = other.waitForResponse((r) =>
      r.url().includes(`/freightStatements/${statementId}/statement.pdf`),
    );
    const tab = other.context().waitForEvent('page');
    await other.getByRole('button', { name: freightText.pdf }).click();
    expect((await pdf).headers()['content-type']).toContain('application/pdf');
    // The headless shell has no PDF viewer to show it in: the tab's opening is what is seen.
    expect(await tab).toBeDefined();
    const printed = (await pdfPages(await fileOf('statement.pdf'))).join('').replace(/\s+/g, '');
    for (const expected of ['2,500.00', '4,100.00', '350.00', 'ค่าทางด่วน', '6,950.00'])
      expect(printed).toContain(expected);

    // Exported: the workbook for accounting, numbers as numbers, then the state says so.
    const excel = other.waitForResponse((r) =>
      r.url().includes(`/freightStatements/${statementId}/statement.xlsx`),
    );
    await other.getByRole('button', { name: freightText.excel }).click();
    expect((await excel).headers()['content-type']).toContain('spreadsheetml');
    const cells = await workbookCells(await fileOf('statement.xlsx'));
    expect(cells).toEqual(expect.arrayContaining([2500, 4100, 350, 6950]));
    await other.getByRole('button', { name: 'ส่งออกให้ฝ่ายบัญชีแล้ว' }).click();
    await other.getByText('ส่งออกแล้ว', { exact: true }).first().waitFor();
  });

  it('keeps the approved statement as it was when a trip changes later; the figures follow the trip', async () => {
    expect(statementId).not.toBe('');
    // T1's far drop is found to be 200 km, not 60 (an administrator's correction of its booking).
    await sql`update booking_report set distance = 200 where id = (
        select l.ref_id from shipment__booking_report_ids l join booking_report b on b.id = l.ref_id
         where l.owner_id = ${month.shipmentIds[0]!} and b.distance = 60)`.execute(server.db);

    const token = await apiSignIn(server.api, manager);
    const { status, body } = await call(
      server.api,
      'GET',
      `/freightStatements/${statementId}?branchId=${month.branchId}`,
      { token },
    );
    expect(status).toBe(200);
    expect(body.totals.total).toBe(6950);
    expect(body.trips.map((t: { distanceKm: number }) => t.distanceKm)).toEqual([60, 100]);
    const recalculated = await call(
      server.api,
      'POST',
      `/freightStatements/${statementId}/recalculate?branchId=${month.branchId}`,
      { token, body: { version: body.version } },
    );
    expect(recalculated.status).toBe(409);

    const page = await open(manager, `/freightStatement?month=${MONTH}&id=${statementId}`);
    await page.getByText('6,950.00').first().waitFor();
    await page.goto(`${server.origin}/performance?month=${MONTH}`);
    // (200 + 100 + 100) km / 4 drops.
    await expectTiles(page, { ระยะทางต่อจุดส่ง: '100.0 กม.', 'ส่งตรงเวลา ต่อจุดส่ง': '33.3 %' });
  });
});
