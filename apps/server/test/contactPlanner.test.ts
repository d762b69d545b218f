import {
  editRoleOf,
  featureRoles,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  readRoleOf,
  resendMessages,
} from '@lms/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { ContactSettings } from '../src/contact/settings.ts';
import type { Database } from '../src/db/database.ts';
import { DEFAULT_RETENTION, purgeExpired, readRetention } from '../src/privacy/retention.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer, type TestServer } from './harness.ts';

// The planner's side of customer contact (docs/contact.md): message state, "ต้องโทร", resend.
// SMS is configured but no worker runs: messages stay queued unless a test moves them on.
const settings: ContactSettings = {
  sms: { url: 'http://127.0.0.1:9/sms', token: undefined },
  log: false,
  publicUrl: 'https://lms.test',
  maxAttempts: 3,
  backoffMs: 5,
  maxBackoffMs: 20,
  sendTimeoutMs: 1_000,
  pollMs: 10,
};
const server = setupTestServer({ contact: () => settings });
// Without any provider: the product as it was before customer messages.
const off = setupTestServer();
vi.setConfig({ testTimeout: 120_000 });

type World = Awaited<ReturnType<typeof bookingScenario>>;

const plannerRoles = [
  ...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
  readRoleOf('BOOKING_CALENDAR'),
  'ROLE_BOOKING_REPORT_READ',
];

async function tokenOf(on: TestServer, branchIds: string[], roles = plannerRoles) {
  return signIn(on.api, await createUser(on.db, { roles, branchIds }));
}

async function scenario(on: TestServer, tel: string | null = '081-234-5678') {
  const world = await bookingScenario(on.db, { deliveryOrders: 12, vehicles: 8 });
  await sql`update ship_to set tel = ${tel} where id = ${world.shipToId}`.execute(on.db);
  return { world, planner: await tokenOf(on, [world.branchId]) };
}

/** Books one DO of the world through the planner's own calls (the message is written in the confirm). */
async function book(on: TestServer, world: World, token: string, deliveryOrderId: string) {
  const drafted = await call(on.api, 'POST', `/doBooking/draft?branchId=${world.branchId}`, {
    token,
    body: {
      deliveryOrderIds: [deliveryOrderId],
      shipToId: world.shipToId,
      shipCondId: world.shipCondId,
      allocations: [
        {
          slotId: world.slotId,
          vehicles: 1,
          lines: [{ deliveryOrderId, lineId: deliveryOrderId, qty: 1 }],
        },
      ],
    },
  });
  expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
  const confirmed = await call(
    on.api,
    'POST',
    `/doBooking/confirm?id=${drafted.body.draft.id}&branchId=${world.branchId}`,
    { token },
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  return confirmed.body.id as string;
}

async function stateOf(db: Database, bookingId: string) {
  const { rows } = await sql<{
    message_state: string | null;
  }>`select message_state from booking_report where id = ${bookingId}`.execute(db);
  return rows[0]!.message_state;
}

const setStatus = (bookingId: string, status: string) =>
  sql`update contact_message set status = ${status} where booking_id = ${bookingId}`.execute(server.db);

/** Moves a booking's delivery `days` from today (Bangkok) by rewriting its lines' day. */
async function deliverIn(world: World, bookingId: string, days: number) {
  await sql`update booking_report__lines set delivery_date = ${world.today}::date + ${days}::int
    where parent_id = ${bookingId}`.execute(server.db);
}

describe('message state', () => {
  it('follows the outbox and the customer: queued, sent, failed, confirmed, moved; nothing without a message', async () => {
    const { world, planner } = await scenario(server);
    const bookingId = await book(server, world, planner, world.deliveryOrderIds[0]!);
    expect(await stateOf(server.db, bookingId)).toBe('QUEUED');
    await setStatus(bookingId, 'sent');
    expect(await stateOf(server.db, bookingId)).toBe('SENT');
    await setStatus(bookingId, 'dead');
    expect(await stateOf(server.db, bookingId)).toBe('FAILED');

    // The calendar's bookings of the cell carry it.
    const cell = await call(
      server.api,
      'GET',
      `/bookingCalendar/bookings?branchId=${world.branchId}&date=${world.today}&shiftOfDayId=${world.shiftOfDayId}&vehicleTypeId=${world.vehicleTypeId}`,
      { token: planner },
    );
    expect(cell.status).toBe(200);
    expect(cell.body).toEqual([expect.objectContaining({ id: bookingId, messageState: 'FAILED' })]);

    // A planner's call does not hide how the message went.
    const called = await call(
      server.api,
      'PUT',
      `/bookingReport/${bookingId}/callStatus?branchId=${world.branchId}`,
      {
        token: await tokenOf(server, [world.branchId], [ROLE_BOOKING_CHANGE_CALL_STATUS]),
        body: { callStatus: 'CALLED' },
      },
    );
    expect(called.status, JSON.stringify(called.body)).toBe(200);
    expect(await stateOf(server.db, bookingId)).toBe('FAILED');

    // The customer confirms through the link: that wins over any send.
    const token = server.app.auth.contact.links.token(bookingId);
    expect((await call(server.api, 'POST', `/public/appointment/${token}/confirm`)).status).toBe(200);
    expect(await stateOf(server.db, bookingId)).toBe('CONFIRMED');
    // The generic list shows it, and filters by it.
    const listed = await call(
      server.api,
      'GET',
      `/bookingReport?branchId=${world.branchId}&messageStateEq=CONFIRMED`,
      { token: planner },
    );
    expect(listed.body.items.map((b: { id: string }) => b.id)).toEqual([bookingId]);

    // A move through the link always writes a 'moved' message (move.ts): the state says so.
    const moved = await book(server, world, planner, world.deliveryOrderIds[1]!);
    await sql`insert into contact_message (booking_id, branch_id, event, channel, recipient, body)
      values (${moved}, ${world.branchId}, 'moved', 'sms', '0812345678', 'เลื่อนนัดแล้ว')`.execute(server.db);
    expect(await stateOf(server.db, moved)).toBe('MOVED');

    // A ship-to that cannot be reached gets no message, and no state.
    const silent = await scenario(server, null);
    const unreached = await book(server, silent.world, silent.planner, silent.world.deliveryOrderIds[0]!);
    expect(await stateOf(server.db, unreached)).toBeNull();
  });
});

describe('ต้องโทร (to call)', () => {
  it('lists the unconfirmed bookings past the branch cut-off (the day before delivery), and no others', async () => {
    const { world, planner } = await scenario(server);
    const ids = world.deliveryOrderIds;
    const booked: string[] = [];
    for (const i of [0, 1, 2, 3, 4, 5]) booked.push(await book(server, world, planner, ids[i]!));
    const [due, later, called, confirmed, canceled, past] = booked;
    for (const id of [due!, called!, confirmed!, canceled!]) await deliverIn(world, id, 1);
    await deliverIn(world, later!, 3);
    await deliverIn(world, past!, -1);
    await sql`update booking_report set call_status = 'CALLED' where id = ${called!}`.execute(server.db);
    await sql`update booking_report set call_status = 'CONFIRMED_BY_CUSTOMER' where id = ${confirmed!}`.execute(
      server.db,
    );
    const cancel = await call(
      server.api,
      'POST',
      `/bookingReport/${canceled!}/cancel?branchId=${world.branchId}`,
      {
        token: planner,
        body: {},
      },
    );
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);

    const toCall = async (flag = 'true') => {
      const answer = await call(
        server.api,
        'GET',
        `/bookingReport?branchId=${world.branchId}&toCall=${flag}&size=50`,
        { token: planner },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.items as { id: string }[]).map((b) => b.id).sort();
    };
    // Cut-off at midnight the day before: tomorrow's bookings are due now, the one in 3 days is not.
    await sql`update branch set confirm_cutoff = '00:00' where id = ${world.branchId}`.execute(server.db);
    expect(await toCall()).toEqual([due!]);
    expect(await toCall('false')).toEqual([later!, called!, confirmed!, canceled!, past!].sort());
    // At 23:59 the day before, the booking delivering in 3 days is not due for two more days.
    await sql`update branch set confirm_cutoff = '23:59' where id = ${world.branchId}`.execute(server.db);
    expect(await toCall()).not.toContain(later!);
    // Without a cut-off every unconfirmed, uncalled upcoming booking is to call at once.
    await sql`update branch set confirm_cutoff = null where id = ${world.branchId}`.execute(server.db);
    expect(await toCall()).toEqual([due!, later!].sort());

    const bad = await call(server.api, 'GET', `/bookingReport?branchId=${world.branchId}&toCall=yes`, {
      token: planner,
    });
    expect(bad.status).toBe(400);
    // Named as its toggle is labelled on the list (the domain's filterLabel).
    expect(bad.body.messages).toEqual(['ต้องโทร ต้องเป็นค่า true หรือ false']);
  });

  it('the cut-off is a branch setting an admin edits with the branch', async () => {
    const { world } = await scenario(server);
    const admin = await tokenOf(server, [world.branchId], ['ROLE_ADMIN']);
    const read = await call(server.api, 'GET', `/branch/${world.branchId}`, { token: admin });
    expect(read.body.confirmCutoff).toBeNull();
    const saved = await call(server.api, 'PUT', `/branch/${world.branchId}`, {
      token: admin,
      body: { ...read.body, confirmCutoff: '16:30' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.confirmCutoff).toBe('16:30');
  });
});

describe('resend', () => {
  const resend = (on: TestServer, bookingId: string, branchId: string, token?: string) =>
    call(on.api, 'POST', `/bookingReport/${bookingId}/messages/resend?branchId=${branchId}`, { token });

  it('queues a fresh message of the appointment as it stands, to the current phone', async () => {
    const { world, planner } = await scenario(server);
    const bookingId = await book(server, world, planner, world.deliveryOrderIds[0]!);
    await setStatus(bookingId, 'dead');
    await sql`update ship_to set tel = '089-999-0001' where id = ${world.shipToId}`.execute(server.db);
    const answer = await resend(server, bookingId, world.branchId, planner);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      event: 'confirmed',
      channel: 'sms',
      recipient: '•••••••••001',
      status: 'queued',
    });
    expect(await stateOf(server.db, bookingId)).toBe('QUEUED');
    const { rows } = await sql<{ recipient: string; link: string }>`
      select recipient, link from contact_message where id = ${answer.body.id}`.execute(server.db);
    expect(rows[0]!.recipient).toBe('089-999-0001');
    expect(rows[0]!.link).toMatch(/^https:\/\/lms\.test\/public\/appointment\//);
  });

  it('checks sign-in, role and branch, and says in Thai why it cannot', async () => {
    const { world, planner } = await scenario(server);
    const bookingId = await book(server, world, planner, world.deliveryOrderIds[0]!);
    expect((await resend(server, bookingId, world.branchId)).status).toBe(401);
    // Reading bookings and changing the call status is not booking: no resend.
    const reader = await tokenOf(
      server,
      [world.branchId],
      ['ROLE_BOOKING_REPORT_READ', ROLE_BOOKING_CHANGE_CALL_STATUS],
    );
    expect((await resend(server, bookingId, world.branchId, reader)).status).toBe(403);
    // Another branch's planner: not their branch (403), and through their own branch not found (404).
    const other = await scenario(server);
    expect((await resend(server, bookingId, world.branchId, other.planner)).status).toBe(403);
    const foreign = await resend(server, bookingId, other.world.branchId, other.planner);
    expect(foreign.status).toBe(404);
    expect(foreign.body.messages).toEqual(['ไม่พบข้อมูลที่ต้องการ']);

    // A ship-to with neither LINE nor phone.
    await sql`update ship_to set tel = null where id = ${world.shipToId}`.execute(server.db);
    const unreachable = await resend(server, bookingId, world.branchId, planner);
    expect(unreachable.status).toBe(422);
    expect(unreachable.body.messages).toContain(resendMessages.unreachable);

    // A canceled booking.
    const cancel = await call(
      server.api,
      'POST',
      `/bookingReport/${bookingId}/cancel?branchId=${world.branchId}`,
      { token: planner, body: {} },
    );
    expect(cancel.status).toBe(200);
    const canceled = await resend(server, bookingId, world.branchId, planner);
    expect(canceled.status).toBe(409);
    expect(canceled.body.messages).toEqual([resendMessages.canceled]);
  });

  it('without any provider configured, a resend is refused in Thai', async () => {
    const { world, planner } = await scenario(off);
    const bookingId = await book(off, world, planner, world.deliveryOrderIds[0]!);
    expect(await stateOf(off.db, bookingId)).toBeNull();
    const answer = await resend(off, bookingId, world.branchId, planner);
    expect(answer.status).toBe(409);
    expect(answer.body.messages).toEqual([resendMessages.off]);
  });

  it('tells the screens whether a message can go out, to anyone signed in and nobody else', async () => {
    for (const [on, enabled] of [
      [off, false],
      [server, true],
    ] as const) {
      const token = await signIn(on.api, await createUser(on.db, { roles: [] }));
      const answer = await call(on.api, 'GET', '/settings/contactChannel', { token });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ enabled });
      expect((await call(on.api, 'GET', '/settings/contactChannel')).status).toBe(401);
    }
  });
});

describe('PDPA: personal data of ship-tos and customers', () => {
  const logOf = async (recordId: string) => {
    const { rows } = await sql<{ user_id: string; action: string; fields: string[] }>`
      select user_id, action, fields from personal_data_access where record_id = ${recordId} order by id`.execute(
      server.db,
    );
    return rows;
  };

  it('masks phone and LINE id in lists; shows them whole only to editors, and logs each such read', async () => {
    const { world } = await scenario(server);
    await sql`update ship_to set line_user_id = 'U4af4980629abc' where id = ${world.shipToId}`.execute(
      server.db,
    );
    const editor = await createUser(server.db, { roles: [editRoleOf('SHIP_TO')] });
    const editorToken = await signIn(server.api, editor);
    const reader = await tokenOf(server, [], [readRoleOf('SHIP_TO')]);

    const listed = await call(server.api, 'GET', `/shipTo?ids=${world.shipToId}`, { token: editorToken });
    expect(listed.body.items[0]).toMatchObject({ tel: '•••••••••678', lineUserId: '•••••••••••abc' });
    expect(await logOf(world.shipToId)).toEqual([]);

    const masked = await call(server.api, 'GET', `/shipTo/${world.shipToId}`, { token: reader });
    expect(masked.body).toMatchObject({ tel: '•••••••••678', lineUserId: '•••••••••••abc' });
    expect(await logOf(world.shipToId)).toEqual([]);

    const whole = await call(server.api, 'GET', `/shipTo/${world.shipToId}`, { token: editorToken });
    expect(whole.body).toMatchObject({ tel: '081-234-5678', lineUserId: 'U4af4980629abc' });
    expect(await logOf(world.shipToId)).toEqual([
      { user_id: editor.id, action: 'read', fields: ['tel', 'lineUserId'] },
    ]);
  });

  it('logs every export; a reader’s file is masked', async () => {
    const { world } = await scenario(server);
    const reader = await createUser(server.db, { roles: [readRoleOf('SHIP_TO')] });
    const response = await fetch(`${server.api}/shipTo/export?ids=${world.shipToId}`, {
      headers: { authorization: `Bearer ${await signIn(server.api, reader)}` },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const telColumn = (sheet.getRow(1).values as unknown[]).indexOf('เบอร์โทรศัพท์');
    expect(sheet.getRow(2).getCell(telColumn).value).toBe('•••••••••678');
    const { rows } = await sql<{ action: string; detail: { masked: boolean; filters: unknown } }>`
      select action, detail from personal_data_access where user_id = ${reader.id}`.execute(server.db);
    expect(rows).toEqual([
      { action: 'export', detail: { masked: true, filters: { ids: [world.shipToId] } } },
    ]);
  });

  it('a customer’s phone too: masked in lists, past values masked in the history, the ERP’s answer logged', async () => {
    const editor = await createUser(server.db, { roles: [editRoleOf('CUSTOMER')] });
    const editorToken = await signIn(server.api, editor);
    const reader = await tokenOf(server, [], [readRoleOf('CUSTOMER')]);
    // Written through the integration's upsert by key, then changed: two values in the history.
    const put = (tel: string) =>
      call(server.api, 'PUT', '/customer/byKey/PDPA-C1', {
        token: editorToken,
        body: { name: 'คุณสมศรี', tel },
      });
    const created = await put('081-555-0101');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.tel).toBe('081-555-0101');
    const id = created.body.id as string;
    expect((await put('089-555-0202')).status).toBe(200);
    expect(await logOf(id)).toEqual([
      { user_id: editor.id, action: 'read', fields: ['tel'] },
      { user_id: editor.id, action: 'read', fields: ['tel'] },
    ]);

    const listed = await call(server.api, 'GET', `/customer?ids=${id}`, { token: editorToken });
    expect(listed.body.items[0].tel).toBe('•••••••••202');

    const history = (token: string) => call(server.api, 'GET', `/customer/${id}/history`, { token });
    const masked = await history(reader);
    expect(masked.status).toBe(200);
    expect(JSON.stringify(masked.body)).not.toMatch(/0101|0202/);
    expect(masked.body.map((e: { changes: { tel: unknown } }) => e.changes.tel)).toEqual([
      { from: '•••••••••101', to: '•••••••••202' },
      '•••••••••101',
    ]);
    expect(await logOf(id)).toHaveLength(2);
    // An editor reads the past values whole; that read is logged like the record's.
    const whole = await history(editorToken);
    expect(whole.body[0].changes.tel).toEqual({ from: '081-555-0101', to: '089-555-0202' });
    expect((await logOf(id)).at(-1)).toEqual({ user_id: editor.id, action: 'read', fields: ['tel'] });
  });

  it('erases a ship-to’s contact data while its bookings and their history stay', async () => {
    const { world, planner } = await scenario(server);
    const admin = await createUser(server.db, { roles: [editRoleOf('SHIP_TO')] });
    const adminToken = await signIn(server.api, admin);
    // A change through the screens leaves the old and new phone in the ship-to's history.
    const before = await call(server.api, 'GET', `/shipTo/${world.shipToId}`, { token: adminToken });
    const edited = await call(server.api, 'PUT', `/shipTo/${world.shipToId}`, {
      token: adminToken,
      body: { ...before.body, tel: '089-111-2222' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const bookingId = await book(server, world, planner, world.deliveryOrderIds[0]!);

    const erase = (token?: string, id = world.shipToId) =>
      call(server.api, 'POST', `/shipTo/${id}/eraseContact`, { token });
    expect((await erase()).status).toBe(401);
    const reader = await tokenOf(server, [], [readRoleOf('SHIP_TO')]);
    expect((await erase(reader)).status).toBe(403);
    expect((await erase(adminToken, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await erase(adminToken, 'x');
    expect(bad.status).toBe(400);

    const erased = await erase(adminToken);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body).toEqual({ id: world.shipToId, messages: 1 });

    const { rows: place } = await sql<{ tel: string | null; line_user_id: string | null }>`
      select tel, line_user_id from ship_to where id = ${world.shipToId}`.execute(server.db);
    expect(place).toEqual([{ tel: null, line_user_id: null }]);
    const { rows: messages } = await sql<{ recipient: string; status: string; body: string }>`
      select recipient, status, body from contact_message where booking_id = ${bookingId}`.execute(server.db);
    expect(messages).toEqual([{ recipient: '', status: 'dead', body: expect.stringMatching(/\S/) }]);
    // No trace of either number anywhere in the ship-to's history; the erasure itself is there.
    const history = await call(server.api, 'GET', `/shipTo/${world.shipToId}/history`, { token: adminToken });
    const text = JSON.stringify(history.body);
    expect(text).not.toMatch(/5678|2222/);
    expect(text).toContain('contactErased');
    // The booking and its history stay.
    const booking = await call(server.api, 'GET', `/bookingReport/${bookingId}?branchId=${world.branchId}`, {
      token: await tokenOf(server, [world.branchId], ['ROLE_BOOKING_REPORT_READ']),
    });
    expect(booking.status).toBe(200);
    expect(booking.body.shipToId).toBe(world.shipToId);
    expect((await logOf(world.shipToId)).map((r) => r.action)).toEqual(['read', 'erase']);
  });
});

describe('PDPA: the administrator’s access log and one person’s data', () => {
  it('lists who read, exported or erased whose data, filtered; exports one ship-to’s data as JSON, logged', async () => {
    const { world, planner } = await scenario(server);
    await book(server, world, planner, world.deliveryOrderIds[0]!);
    const editor = await createUser(server.db, { roles: [editRoleOf('SHIP_TO')] });
    const editorToken = await signIn(server.api, editor);
    expect((await call(server.api, 'GET', `/shipTo/${world.shipToId}`, { token: editorToken })).status).toBe(
      200,
    );
    const admin = await createUser(server.db, { roles: ['ROLE_ADMIN'] });
    const adminToken = await signIn(server.api, admin);

    const log = (query: string, token = adminToken) =>
      call(server.api, 'GET', `/privacy/accessLog?entity=shipTo&recordId=${world.shipToId}${query}`, {
        token,
      });
    const read = await log('');
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toEqual({
      total: 1,
      items: [
        expect.objectContaining({
          userId: editor.id,
          userLabel: expect.stringContaining(editor.username),
          action: 'read',
          entity: 'shipTo',
          recordId: world.shipToId,
          recordLabel: expect.stringMatching(/: /),
          fields: ['tel'],
        }),
      ],
    });
    expect((await log('&action=export')).body).toEqual({ total: 0, items: [] });
    // Days are Bangkok days: yesterday and before hold nothing of today's read.
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect((await log(`&from=${today}&to=${today}`)).body.total).toBe(1);
    expect((await log('&to=2020-01-01')).body.total).toBe(0);

    // Only administrators; bad filters are a Thai 400.
    expect((await log('', '')).status).toBe(401);
    expect((await log('', editorToken)).status).toBe(403);
    const backwards = await log('&from=2026-02-02&to=2026-02-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.messages).toEqual(['วันที่เริ่มต้องไม่หลังวันที่สิ้นสุด']);
    expect((await log('&action=peek')).status).toBe(400);

    // One person's data: the record whole, the message copies about its bookings, its access log.
    const exported = await call(server.api, 'GET', `/privacy/personalData/shipTo/${world.shipToId}`, {
      token: adminToken,
    });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain(
      `personal-data-shipTo-${world.shipToId}.json`,
    );
    expect(exported.body).toMatchObject({
      entity: 'shipTo',
      recordId: world.shipToId,
      record: { id: world.shipToId, tel: '081-234-5678' },
      messages: [{ event: 'confirmed', channel: 'sms', recipient: '081-234-5678', status: 'queued' }],
    });
    expect(exported.body.messages[0].bookingDocNo).toEqual(expect.any(String));
    expect(exported.body.accessLog.map((e: { action: string }) => e.action)).toEqual(['export', 'read']);
    // The export is in the log, under the administrator.
    expect((await log('&action=export')).body.items).toEqual([
      expect.objectContaining({ userId: admin.id, action: 'export', detail: { person: true } }),
    ]);

    const personal = (path: string, token = adminToken) =>
      call(server.api, 'GET', `/privacy/personalData/${path}`, { token });
    expect((await personal(`shipTo/${world.shipToId}`, editorToken)).status).toBe(403);
    const notPersonal = await personal(`branch/${world.branchId}`);
    expect(notPersonal.status).toBe(404);
    expect(notPersonal.body.messages).toEqual(['ข้อมูลประเภทนี้ไม่มีข้อมูลส่วนบุคคล']);
    expect((await personal('shipTo/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // A branch's driver too, whatever the branch.
    const [driverId] = await insertRecords(server.db, 'driver', [
      {
        code: `PDPA-D${world.branchId.slice(0, 4)}`,
        name: 'สมปอง ขับดี',
        tel: '086-777-0303',
        branchId: world.branchId,
      },
    ]);
    const driver = await personal(`driver/${driverId}`);
    expect(driver.status, JSON.stringify(driver.body)).toBe(200);
    expect(driver.body.record).toMatchObject({ id: driverId, tel: '086-777-0303' });
    expect(driver.body.messages).toEqual([]);
    expect((await personal('shipTo/x')).status).toBe(400);
  });
});

describe('retention (docs/privacy.md)', () => {
  it('purges sent and dead message copies and access-log lines past their period, never a queued message', async () => {
    const { world, planner } = await scenario(server);
    const bookingId = await book(server, world, planner, world.deliveryOrderIds[0]!);
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const message = (status: string, days: number, body: string) =>
      sql`insert into contact_message (booking_id, branch_id, event, channel, recipient, body, status, created_at)
        values (${bookingId}, ${world.branchId}, 'moved', 'sms', '0812345678', ${body}, ${status}, ${daysAgo(days)})`.execute(
        server.db,
      );
    await message('sent', 31, 'old sent');
    await message('dead', 31, 'old dead');
    await message('queued', 31, 'old queued');
    await message('sent', 29, 'recent sent');
    const access = (days: number, recordId: string) =>
      sql`insert into personal_data_access (at, user_id, action, entity, record_id, fields)
        values (${daysAgo(days)}, ${world.shipToId}, 'read', 'shipTo', ${recordId}, '{tel}')`.execute(
        server.db,
      );
    const [oldRead, recentRead] = [crypto.randomUUID(), crypto.randomUUID()];
    await access(61, oldRead);
    await access(59, recentRead);

    const purged = await purgeExpired(
      server.db,
      { messageDays: 30, accessLogDays: 60, positionDays: 30 },
      now,
    );
    expect(purged).toEqual({ messages: 2, accessLog: 1, positions: 0 });
    const { rows } = await sql<{ body: string }>`
      select body from contact_message where booking_id = ${bookingId} and event = 'moved' order by body`.execute(
      server.db,
    );
    expect(rows.map((r) => r.body)).toEqual(['old queued', 'recent sent']);
    const { rows: log } = await sql<{ record_id: string }>`
      select record_id from personal_data_access where record_id in (${oldRead}, ${recentRead})`.execute(
      server.db,
    );
    expect(log).toEqual([{ record_id: recentRead }]);
    // A second round finds nothing more.
    expect(
      await purgeExpired(server.db, { messageDays: 30, accessLogDays: 60, positionDays: 30 }, now),
    ).toEqual({
      messages: 0,
      accessLog: 0,
      positions: 0,
    });
  });

  it('reads its periods from the environment, with defaults, and refuses nonsense', () => {
    expect(readRetention({})).toEqual(DEFAULT_RETENTION);
    expect(readRetention({ LMS_MESSAGE_RETENTION_DAYS: '90', LMS_ACCESS_LOG_RETENTION_DAYS: '365' })).toEqual(
      { messageDays: 90, accessLogDays: 365, positionDays: DEFAULT_RETENTION.positionDays },
    );
    expect(readRetention({ LMS_POSITION_RETENTION_DAYS: '7' }).positionDays).toBe(7);
    expect(() => readRetention({ LMS_POSITION_RETENTION_DAYS: '-1' })).toThrow(/LMS_POSITION_RETENTION_DAYS/);
    expect(() => readRetention({ LMS_MESSAGE_RETENTION_DAYS: '0' })).toThrow(/LMS_MESSAGE_RETENTION_DAYS/);
    expect(() => readRetention({ LMS_ACCESS_LOG_RETENTION_DAYS: 'a year' })).toThrow(/LMS_ACCESS_LOG/);
  });
});
