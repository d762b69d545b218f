import path from 'node:path';
import { editRoleOf, entityByName, featureRoles, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookingScenario } from '../../server/test/bookingScenario.ts';
import { createUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { signIn } from './helpers.ts';

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

/** A UTF-8 CSV with BOM, as Excel saves one: the Thai headers of the entity's fields. */
function csv(entity: string, fields: string[], rows: (string | number)[][]): string {
  const { fields: declared } = entityByName(entity);
  const header = fields.map((name) => declared.find((f) => f.name === name)!.label);
  return `\uFEFF${[header, ...rows].map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

/** Opens a list's import dialog, checks the file, applies it and waits for the summary. */
async function importThroughScreen(page: Page, listPath: string, fileName: string, content: string) {
  await page.goto(`${server.origin}${listPath}`);
  await page.getByRole('button', { name: 'นำเข้า Excel' }).click();
  const dialog = page.getByRole('dialog');
  // The Thai button opens the browser's picker (the input behind it would say "Choose File").
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'เลือกไฟล์' }).click();
  await (await chooser).setFiles({
    name: fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from(content, 'utf8'),
  });
  await dialog.getByText(fileName).waitFor();
  await dialog.getByRole('button', { name: 'ตรวจสอบไฟล์' }).click();
  await dialog.getByRole('status', { name: 'สรุปผลการนำเข้า' }).getByText('ตรวจสอบแล้ว 1 แถว').waitFor();
  await dialog.getByRole('button', { name: 'บันทึกการนำเข้า' }).click();
  await dialog.getByRole('status', { name: 'สรุปผลการนำเข้า' }).getByText('นำเข้าเรียบร้อย 1 แถว').waitFor();
  await dialog.getByRole('button', { name: 'ปิด' }).click();
}

describe('Excel import in the browser against the real server', () => {
  it('imports a customer, then a DO of that customer, and books the imported DO', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 0 });
    const user = await createUser(server.db, {
      roles: [
        ...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
        readRoleOf('BOOKING_CALENDAR'),
        editRoleOf('CUSTOMER'),
        editRoleOf('DELIVERY_ORDER'),
        'ROLE_BOOKING_REPORT_READ',
      ],
      branchIds: [world.branchId],
    });
    const code = async (table: string, id: string) =>
      (await sql<{ code: string }>`select code from ${sql.table(table)} where id = ${id}`.execute(server.db))
        .rows[0]!.code;
    const { rows: articles } = await sql<{ code: string }>`
      select code from article where name = 'สินค้าทดสอบ' order by created_at desc limit 1`.execute(server.db);

    const page = await browser.newPage();
    await signIn(page, server.origin, user);
    await importThroughScreen(
      page,
      '/customer',
      'ลูกค้า.csv',
      csv('customer', ['code', 'name'], [['CU-E2E-IMP', 'ร้านนำเข้าจาก Excel']]),
    );
    await importThroughScreen(
      page,
      '/deliveryOrder',
      'DO.csv',
      csv(
        'deliveryOrder',
        ['docNo', 'qty', 'weight', 'volume', 'customerId', 'articleUomId', 'shipCondId', 'soShipToId'],
        [
          [
            'DO-E2E-IMP',
            1,
            100,
            1,
            'CU-E2E-IMP',
            articles[0]!.code,
            await code('ship_cond', world.shipCondId),
            await code('ship_to', world.shipToId),
          ],
        ],
      ),
    );
    const { rows: imported } = await sql<{ branch_id: string; source: string }>`
      select d.branch_id, h.source from delivery_order d join history h on h.record_id = d.id
       where d.doc_no = 'DO-E2E-IMP'`.execute(server.db);
    expect(imported).toEqual([{ branch_id: world.branchId, source: 'import: DO.csv' }]);

    // The imported DO books like any other.
    await page.goto(`${server.origin}/doBooking`);
    await page.getByRole('checkbox', { name: 'เลือก DO-E2E-IMP' }).click();
    await page.getByRole('button', { name: 'ถัดไป: ดูคำแนะนำการจัดรถ' }).click();
    await page.getByRole('heading', { name: 'ตัวเลือกที่ 1 (แนะนำ)' }).waitFor();
    await page.getByRole('button', { name: 'เลือกตัวเลือกที่ 1' }).click();
    await page.getByRole('heading', { name: 'ช่วงรถที่ 1' }).waitFor();
    await page.getByRole('button', { name: 'ถัดไป: สรุปการจอง' }).click();
    await page.getByRole('button', { name: 'ยืนยันการจอง' }).click();
    await page.getByRole('heading', { name: 'บันทึกการจองเรียบร้อยแล้ว' }).waitFor();
    const { rows } = await sql<{ is_booking: boolean }>`
      select is_booking from delivery_order where doc_no = 'DO-E2E-IMP'`.execute(server.db);
    expect(rows).toEqual([{ is_booking: true }]);
    // The success panel names the booking by its number, linked to its page.
    const { rows: bookings } = await sql<{ id: string; doc_no: string }>`
      select id, doc_no from booking_report where branch_id = ${world.branchId}`.execute(server.db);
    expect(bookings).toHaveLength(1);
    await page.getByRole('link', { name: bookings[0]!.doc_no }).click();
    await page.waitForURL(`${server.origin}/bookingReport/show?id=${bookings[0]!.id}`);
  });

  it('downloads the template from the dialog, under its Thai name', async () => {
    const user = await createUser(server.db, { roles: [editRoleOf('CUSTOMER')] });
    const page = await browser.newPage();
    await signIn(page, server.origin, user);
    await page.goto(`${server.origin}/customer`);
    await page.getByRole('button', { name: 'นำเข้า Excel' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('button', { name: 'ดาวน์โหลดแม่แบบ' }).click();
    expect((await download).suggestedFilename()).toBe('ลูกค้า (แม่แบบนำเข้า).xlsx');
    await page.close();
  });
});
