import path from 'node:path';
import { bookingApi, calendarApi, featureRoles, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bookingScenario, oneDoAllocation } from '../../server/test/bookingScenario.ts';
import { signIn as apiSignIn, call, createUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { bookUpToSummary, requestPath, signIn } from './helpers.ts';

const server = setupTestServer({ webDist: path.resolve(import.meta.dirname, '../dist') });
const browser = setupBrowser();

const plannerRoles = [
  ...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
  readRoleOf('BOOKING_CALENDAR'),
  readRoleOf('DELIVERY_ORDER'),
  'ROLE_BOOKING_REPORT_READ',
];

describe('DO booking in the browser against the real server', () => {
  it('books unbooked DOs from Info to confirmed, and another planner’s calendar refreshes live', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 2 });
    const planner = await createUser(server.db, { roles: plannerRoles, branchIds: [world.branchId] });
    const watcher = await createUser(server.db, { roles: plannerRoles, branchIds: [world.branchId] });
    const { rows: docs } = await sql<{
      doc_no: string;
    }>`select doc_no from delivery_order where id = any(${world.deliveryOrderIds}::uuid[]) order by doc_no`.execute(
      server.db,
    );

    const calendar = await browser.newPage();
    await signIn(calendar, server.origin, watcher);
    await calendar.goto(`${server.origin}/bookingCalendar`);
    await calendar.waitForResponse((r) => r.url().includes(`${requestPath(calendarApi.cells)}?`));

    const page = await browser.newPage();
    await signIn(page, server.origin, planner);
    await bookUpToSummary(
      page,
      server.origin,
      docs.map((d) => d.doc_no),
    );
    const refreshed = calendar.waitForResponse(
      (r) => r.url().includes(`${requestPath(calendarApi.cells)}?`),
      {
        timeout: 5000,
      },
    );
    const confirmedAt = Date.now();
    await page.getByRole('button', { name: 'ยืนยันการจอง' }).click();
    await page.getByRole('heading', { name: 'บันทึกการจองเรียบร้อยแล้ว' }).waitFor();
    // The watcher's calendar asked for fresh figures without a reload, soon after the confirm.
    await refreshed;
    expect(Date.now() - confirmedAt).toBeLessThan(3000);

    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from delivery_order where id = any(${world.deliveryOrderIds}::uuid[]) and is_booking`.execute(
      server.db,
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('lets one of two planners racing for the last room book it; the other gets the Thai 409 and a fresh suggestion', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 11 });
    const q = `branchId=${world.branchId}`;
    // Nine of the ten places are taken already.
    const setup = await createUser(server.db, { roles: plannerRoles, branchIds: [world.branchId] });
    const token = await apiSignIn(server.api, setup);
    for (const doId of world.deliveryOrderIds.slice(0, 9)) {
      const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
        token,
        body: {
          deliveryOrderIds: [doId],
          shipToId: world.shipToId,
          shipCondId: world.shipCondId,
          allocations: oneDoAllocation(world.slotId, doId),
        },
      });
      expect(
        (await call(server.api, 'POST', `/doBooking/confirm?id=${draft.body.draft.id}&${q}`, { token }))
          .status,
      ).toBe(201);
    }
    const { rows: docs } = await sql<{
      doc_no: string;
    }>`select doc_no from delivery_order where id = any(${world.deliveryOrderIds.slice(9)}::uuid[]) order by doc_no`.execute(
      server.db,
    );
    const pages = await Promise.all(
      docs.map(async (doc) => {
        const page = await browser.newPage();
        await signIn(
          page,
          server.origin,
          await createUser(server.db, { roles: plannerRoles, branchIds: [world.branchId] }),
        );
        await bookUpToSummary(page, server.origin, [doc.doc_no]);
        return page;
      }),
    );
    const answers = pages.map((page) =>
      page.waitForResponse((r) => r.url().includes(requestPath(bookingApi.confirm))),
    );
    await Promise.all(pages.map((page) => page.getByRole('button', { name: 'ยืนยันการจอง' }).click()));
    const statuses = await Promise.all(answers.map(async (answer) => (await answer).status()));
    expect([...statuses].sort()).toEqual([201, 409]);
    const refusedAnswer = await answers[statuses.indexOf(409)]!;
    expect(((await refusedAnswer.json()) as { messages: string[] }).messages.join('\n')).toMatch(/ความจุ/);
    const booked = pages[statuses.indexOf(201)]!;
    await booked.getByRole('heading', { name: 'บันทึกการจองเรียบร้อยแล้ว' }).waitFor();
    const refused = pages[statuses.indexOf(409)]!;
    // The planner is told in Thai, in the page, and offered a fresh suggestion.
    await refused.getByText('ความจุของรถถูกจองไปแล้วระหว่างที่คุณทำรายการ', { exact: false }).waitFor();
    await refused.getByRole('button', { name: 'ขอคำแนะนำใหม่' }).click();
    // The fresh suggestion: nothing fits today any more, and the day strip says why.
    await refused.getByRole('list', { name: 'เหตุผลรายวัน' }).waitFor();
  });
});
