import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  appointmentMessages,
  featureRoles,
  formatDate,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  readRoleOf,
} from '@lms/domain';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { BY_CUSTOMER_LINK } from '../src/contact/links.ts';
import { providersOf } from '../src/contact/providers.ts';
import { enqueueReminders } from '../src/contact/reminders.ts';
import type { ContactSettings } from '../src/contact/settings.ts';
import { ContactWorker } from '../src/contact/worker.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

// ---- A fake LINE and SMS gateway on loopback: it records every request and answers per recipient ----

interface Received {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  // biome-ignore lint/suspicious/noExplicitAny: the bodies are asserted field by field.
  readonly body: any;
}
const received: Received[] = [];
/** Idempotency keys the fake accepted: a repeat is answered 409, as LINE does, and not delivered again. */
const delivered = new Map<string, number>();
const hanging: ServerResponse[] = [];

function answer(request: Received, response: ServerResponse) {
  const key = String(request.headers['x-line-retry-key'] ?? request.headers['idempotency-key']);
  const to: string = request.body.to;
  if (to.includes('fail500')) return response.writeHead(500).end('{"message":"busy"}');
  if (to.includes('fail400')) return response.writeHead(400).end('{"message":"bad recipient"}');
  // The first try of a 'hang' recipient never answers (the worker dies meanwhile); a retry succeeds.
  if (to.includes('hang') && !received.some((r) => r !== request && keyOf(r) === key)) {
    hanging.push(response);
    return;
  }
  if (delivered.has(key)) return response.writeHead(409).end('{"message":"retry key accepted already"}');
  delivered.set(key, (delivered.get(key) ?? 0) + 1);
  response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
}
const keyOf = (r: Received) => String(r.headers['x-line-retry-key'] ?? r.headers['idempotency-key']);

const fake = createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => {
    text += chunk;
  });
  request.on('end', () => {
    const entry = { path: request.url ?? '', headers: request.headers, body: JSON.parse(text || '{}') };
    received.push(entry);
    answer(entry, response);
  });
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await new Promise((resolve) => fake.close(resolve));
});

const settings: ContactSettings = {
  line: { token: 'line-channel-token', apiBase: fakeUrl },
  sms: { url: `${fakeUrl}/sms`, token: 'sms-token' },
  log: false,
  publicUrl: 'https://lms.test',
  maxAttempts: 3,
  backoffMs: 5,
  maxBackoffMs: 20,
  sendTimeoutMs: 60_000,
  pollMs: 10,
};
const server = setupTestServer({ contact: () => settings });
// Each test books through HTTP and waits for real sends: on the shared 2-core box that took up to
// 45 s under load (no assertion is on time; this only stops a slow machine from failing them).
vi.setConfig({ testTimeout: 120_000 });

const workers: ContactWorker[] = [];
function worker(name: string) {
  const started = new ContactWorker({
    databaseUrl: server.databaseUrl,
    settings,
    providers: providersOf(settings),
    name,
  });
  workers.push(started);
  started.start();
  return started;
}
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

// ---- Bookings ----

type World = Awaited<ReturnType<typeof bookingScenario>>;
const tokens = new Map<string, string>();

async function plannerOf(world: World) {
  const key = world.branchId;
  if (!tokens.has(key)) {
    const user = await createUser(server.db, {
      roles: [
        ...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
        readRoleOf('BOOKING_CALENDAR'),
        'ROLE_BOOKING_REPORT_READ',
        ROLE_BOOKING_CHANGE_CALL_STATUS,
      ],
      branchIds: [world.branchId],
    });
    tokens.set(key, await signIn(server.api, user));
  }
  return tokens.get(key)!;
}

async function draft(world: World, deliveryOrderIds: string[], slotId = world.slotId) {
  const answer = await call(server.api, 'POST', `/doBooking/draft?branchId=${world.branchId}`, {
    token: await plannerOf(world),
    body: {
      deliveryOrderIds,
      shipToId: world.shipToId,
      shipCondId: world.shipCondId,
      allocations: [
        {
          slotId,
          vehicles: 1,
          lines: deliveryOrderIds.map((id) => ({ deliveryOrderId: id, lineId: id, qty: 1 })),
        },
      ],
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.draft.id as string;
}

async function confirm(world: World, draftId: string) {
  return call(server.api, 'POST', `/doBooking/confirm?id=${draftId}&branchId=${world.branchId}`, {
    token: await plannerOf(world),
  });
}

async function book(world: World, deliveryOrderIds = [world.deliveryOrderIds[0]!]) {
  const answer = await confirm(world, await draft(world, deliveryOrderIds));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

async function messagesOf(bookingId: string) {
  const { rows } = await sql<{
    id: string;
    event: string;
    channel: string;
    recipient: string;
    body: string;
    link: string | null;
    status: string;
    attempts: number;
  }>`select id, event, channel, recipient, body, link, status, attempts from contact_message
      where booking_id = ${bookingId} order by created_at, id`.execute(server.db);
  return rows;
}

async function scenario(contact: { line?: string; tel?: string } = { line: 'U-ok' }) {
  const world = await bookingScenario(server.db, { deliveryOrders: 12 });
  await sql`update ship_to set line_user_id = ${contact.line ?? null}, tel = ${contact.tel ?? null} where id = ${world.shipToId}`.execute(
    server.db,
  );
  return world;
}

/** A second slot of the same shift and vehicle type, tomorrow: where a booking may move. */
async function tomorrowSlot(world: World) {
  const tomorrow = new Date(Date.parse(`${world.today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const [slotId] = await insertRecords(server.db, 'vehicleDateSlot', [
    {
      branchId: world.branchId,
      shiftDate: tomorrow,
      shiftOfDayId: world.shiftOfDayId,
      vehicleTypeId: world.vehicleTypeId,
      shipCondId: world.shipCondId,
      total: 1,
      special: 0,
    },
  ]);
  return { slotId: slotId!, date: tomorrow };
}

const linkOf = (bookingId: string) => server.app.auth.contact.links.token(bookingId);

/** A queued message written straight into the outbox, for the worker's tests. */
async function queue(bookingId: string, branchId: string, recipient: string) {
  const { rows } = await sql<{
    id: string;
  }>`insert into contact_message (booking_id, branch_id, event, channel, recipient, body, link)
    values (${bookingId}, ${branchId}, 'confirmed', 'line', ${recipient}, 'ข้อความทดสอบ', 'https://lms.test/x') returning id`.execute(
    server.db,
  );
  return rows[0]!.id;
}
async function statusOf(id: string) {
  const { rows } = await sql<{
    status: string;
    attempts: number;
    last_error: string | null;
  }>`select status, attempts, last_error from contact_message where id = ${id}`.execute(server.db);
  return rows[0]!;
}
const requestsFor = (id: string) => received.filter((r) => keyOf(r) === id);

describe('the outbox', () => {
  it('writes the customer message in the confirm transaction, and a confirm that fails writes neither', async () => {
    const world = await scenario({ line: 'U-ok-1' });
    // A check at commit that refuses any message: the message is written, then the commit fails.
    await sql`create function refuse_message() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
      server.db,
    );
    await sql`create constraint trigger refuse_message after insert on contact_message
      deferrable initially deferred for each row execute function refuse_message()`.execute(server.db);
    const failing = await draft(world, [world.deliveryOrderIds[0]!]);
    try {
      expect((await confirm(world, failing)).status).toBe(500);
    } finally {
      await sql`drop trigger refuse_message on contact_message`.execute(server.db);
      await sql`drop function refuse_message()`.execute(server.db);
    }
    const { rows: none } =
      await sql`select 1 from booking_report where ship_to_id = ${world.shipToId}`.execute(server.db);
    expect(none).toHaveLength(0);
    const { rows: orders } = await sql<{
      is_booking: boolean;
    }>`select is_booking from delivery_order where id = ${world.deliveryOrderIds[0]!}`.execute(server.db);
    expect(orders[0]!.is_booking).toBe(false);

    const confirmed = await confirm(world, failing);
    expect(confirmed.status).toBe(201);
    const [message, ...more] = await messagesOf(confirmed.body.id);
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({
      event: 'confirmed',
      channel: 'line',
      recipient: 'U-ok-1',
      status: 'queued',
      link: `https://lms.test/public/appointment/${linkOf(confirmed.body.id)}`,
    });
    expect(message!.body).toContain('T');
    expect(message!.body).toContain(message!.link);
  });

  it('sends to LINE exactly the push the Messaging API takes, with the message id as retry key', async () => {
    const world = await scenario({ line: 'U-ok-2' });
    const bookingId = await book(world);
    const [message] = await messagesOf(bookingId);
    worker('w-line');
    await vi.waitFor(async () => expect((await statusOf(message!.id)).status).toBe('sent'), {
      timeout: 10_000,
    });
    const [request, ...others] = requestsFor(message!.id);
    expect(others).toHaveLength(0);
    expect(request!.path).toBe('/v2/bot/message/push');
    expect(request!.headers.authorization).toBe('Bearer line-channel-token');
    expect(request!.body).toEqual({
      to: 'U-ok-2',
      messages: [
        { type: 'text', text: message!.body },
        {
          type: 'template',
          altText: message!.body.slice(0, 400),
          template: {
            type: 'buttons',
            text: 'ยืนยันหรือขอเลื่อนนัดส่งสินค้า',
            actions: [{ type: 'uri', label: 'เปิดนัดส่งสินค้า', uri: message!.link }],
          },
        },
      ],
    });
  });

  it('sends by SMS to a ship-to without LINE, the number in international form', async () => {
    const world = await scenario({ tel: '081-234-5678' });
    const bookingId = await book(world);
    const [message] = await messagesOf(bookingId);
    expect(message).toMatchObject({ channel: 'sms', recipient: '081-234-5678' });
    worker('w-sms');
    await vi.waitFor(async () => expect((await statusOf(message!.id)).status).toBe('sent'), {
      timeout: 10_000,
    });
    const [request, ...others] = requestsFor(message!.id);
    expect(others).toHaveLength(0);
    expect(request!.path).toBe('/sms');
    expect(request!.headers.authorization).toBe('Bearer sms-token');
    expect(request!.body).toEqual({ to: '66812345678', message: message!.body, reference: message!.id });
  });

  it('writes nothing for a ship-to it cannot reach', async () => {
    const world = await scenario({});
    expect(await messagesOf(await book(world))).toEqual([]);
  });

  it('retries a failing send with backoff, then keeps it as dead; a refusal is dead at once', async () => {
    const world = await scenario({ line: 'U-ok-3' });
    const bookingId = await book(world);
    const busy = await queue(bookingId, world.branchId, 'U-fail500');
    const refused = await queue(bookingId, world.branchId, 'U-fail400');
    worker('w-retry');
    await vi.waitFor(async () => expect((await statusOf(busy)).status).toBe('dead'), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await statusOf(refused)).status).toBe('dead'), { timeout: 10_000 });
    expect(await statusOf(busy)).toMatchObject({
      attempts: 3,
      last_error: expect.stringContaining('HTTP 500'),
    });
    expect(requestsFor(busy)).toHaveLength(3);
    expect(await statusOf(refused)).toMatchObject({
      attempts: 1,
      last_error: expect.stringContaining('HTTP 400'),
    });
    expect(requestsFor(refused)).toHaveLength(1);
  });

  it('a worker killed mid-send loses nothing: the next one sends the message, once', async () => {
    const world = await scenario({ line: 'U-ok-4' });
    const bookingId = await book(world);
    const id = await queue(bookingId, world.branchId, 'U-hang');
    const first = worker('w-dies');
    await vi.waitFor(() => expect(requestsFor(id)).toHaveLength(1), { timeout: 10_000 });
    // What a kill does to the database side: the connection goes, its transaction rolls back.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'w-dies'`.execute(
      server.db,
    );
    await first.stop();
    expect(await statusOf(id)).toMatchObject({ status: 'queued', attempts: 0 });
    worker('w-next');
    await vi.waitFor(async () => expect((await statusOf(id)).status).toBe('sent'), { timeout: 10_000 });
    expect(await statusOf(id)).toMatchObject({ attempts: 1 });
    expect(requestsFor(id)).toHaveLength(2);
    expect(delivered.get(id)).toBe(1);
  });

  it('two workers never send the same message twice', async () => {
    const world = await scenario({ line: 'U-ok-5' });
    const bookingId = await book(world);
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, i) => queue(bookingId, world.branchId, `U-ok-pair-${i}`)),
    );
    worker('w-a');
    worker('w-b');
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from contact_message where id = any(${ids}::uuid[]) and status = 'sent'`.execute(
          server.db,
        );
        expect(rows[0]!.n).toBe(ids.length);
      },
      { timeout: 20_000 },
    );
    for (const id of ids) expect(requestsFor(id)).toHaveLength(1);
  });
});

describe('the appointment link', () => {
  const link = (token: string, rest = '') => `/public/appointment/${token}${rest}`;
  /** The name of the first move option the link offers now. */
  const firstChoice = async (token: string): Promise<string> =>
    (await call(server.api, 'GET', link(token, '/options'))).body.options[0].choice;

  it('shows the booking’s own appointment and nothing more, to anyone holding the link', async () => {
    const world = await scenario({ line: 'U-ok-6', tel: '0812345678' });
    const bookingId = await book(world, world.deliveryOrderIds.slice(0, 2));
    const answer = await call(server.api, 'GET', link(linkOf(bookingId)));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      customer: 'หน้าร้าน',
      date: world.today,
      shiftStart: '08:00',
      shiftEnd: '18:00',
      time: null,
      confirmed: false,
    });
    expect(answer.body.orders).toHaveLength(2);
    expect(JSON.stringify(answer.body)).not.toMatch(/0812345678|U-ok-6|[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('a wrong, tampered or malformed token is the plain 404 of anything unknown', async () => {
    const world = await scenario();
    const bookingId = await book(world);
    const real = linkOf(bookingId);
    const other = linkOf('00000000-0000-4000-8000-000000000000');
    const tampered = `${other.split('.')[0]}.${real.split('.')[1]}`;
    const unknown = await call(server.api, 'GET', '/bookingReport/00000000-0000-4000-8000-000000000000');
    // One signature character changed (not the last: its low bits are padding, and it may already be 'A').
    const forged = `${real.slice(0, -5)}${real.at(-5) === 'A' ? 'B' : 'A'}${real.slice(-4)}`;
    expect(forged).not.toBe(real);
    for (const token of [tampered, forged, 'nonsense', 'a'.repeat(22)]) {
      const answer = await call(server.api, 'GET', link(token));
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ messages: ['ไม่พบข้อมูลที่ต้องการ'] });
    }
    expect(unknown.status).toBe(401);
  });

  it('confirm: the call status becomes confirmed by the customer, logged in the booking history', async () => {
    const world = await scenario();
    const bookingId = await book(world);
    const answer = await call(server.api, 'POST', link(linkOf(bookingId), '/confirm'));
    expect(answer.status).toBe(200);
    expect(answer.body.confirmed).toBe(true);
    expect((await call(server.api, 'POST', link(linkOf(bookingId), '/confirm'))).status).toBe(200);
    const { rows } = await sql<{
      call_status: string;
    }>`select call_status from booking_report where id = ${bookingId}`.execute(server.db);
    expect(rows[0]!.call_status).toBe('CONFIRMED_BY_CUSTOMER');
    const { rows: history } = await sql<{ changes: unknown; user_id: string | null; source: string | null }>`
      select changes, user_id, source from history where record_id = ${bookingId} and action = 'update'`.execute(
      server.db,
    );
    expect(history).toEqual([
      {
        changes: { callStatus: { from: 'NOT_CALLED', to: 'CONFIRMED_BY_CUSTOMER' } },
        user_id: null,
        source: BY_CUSTOMER_LINK,
      },
    ]);
  });

  it('move: offers what the engine allows and reschedules for real, telling the customer', async () => {
    const world = await scenario({ line: 'U-ok-7' });
    const tomorrow = await tomorrowSlot(world);
    const bookingId = await book(world);
    const token = linkOf(bookingId);
    const options = await call(server.api, 'GET', link(token, '/options'));
    expect(options.status).toBe(200);
    // Today's slot is where it is now: only tomorrow is offered.
    expect(options.body.options).toEqual([
      {
        choice: expect.stringMatching(/^[\w-]{22}$/),
        date: tomorrow.date,
        shiftName: expect.any(String),
        shiftStart: '08:00',
        shiftEnd: '18:00',
      },
    ]);
    const moved = await call(server.api, 'POST', link(token, '/move'), {
      body: { choice: options.body.options[0].choice },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.date).toBe(tomorrow.date);
    const { rows: lines } = await sql<{
      slot_id: string;
    }>`select slot_id from booking_report__lines where parent_id = ${bookingId}`.execute(server.db);
    expect(lines).toEqual([{ slot_id: tomorrow.slotId }]);
    // The vehicles the appointment slip prints follow the booking to its new slot.
    const { rows: charged } = await sql<{ slot_id: string; vehicles: number }>`
      select slot_id, vehicles from booking_allocation where booking_id = ${bookingId}`.execute(server.db);
    expect(charged).toEqual([{ slot_id: tomorrow.slotId, vehicles: 1 }]);
    expect((await messagesOf(bookingId)).map((m) => m.event)).toEqual(['confirmed', 'moved']);
    const { rows: history } = await sql<{ changes: { movedBy?: string }; source: string | null }>`
      select changes, source from history where record_id = ${bookingId} and action = 'update'`.execute(
      server.db,
    );
    expect(history[0]!.changes.movedBy).toBe(BY_CUSTOMER_LINK);
    // The history tab names who moved it: the customer, through their link (no user).
    expect(history[0]!.source).toBe(BY_CUSTOMER_LINK);
    // A choice the engine does not offer (a name made up) is refused without a change.
    const made = await call(server.api, 'POST', link(token, '/move'), { body: { choice: 'A'.repeat(22) } });
    expect(made.status).toBe(409);
    expect(made.body.messages).toEqual([appointmentMessages.choiceGone]);
    // A slot's id is no name the link takes; nor is anything else.
    for (const choice of [tomorrow.slotId, "x'; drop"]) {
      const bad = await call(server.api, 'POST', link(token, '/move'), { body: { choice } });
      expect(bad.status).toBe(400);
    }
  });

  it('no answer of the link carries an internal id: no UUID in any of them, refusals included', async () => {
    const world = await scenario({ line: 'U-ok-11' });
    await tomorrowSlot(world);
    const bookingId = await book(world, [world.deliveryOrderIds[0]!]);
    const canceled = await book(world, [world.deliveryOrderIds[1]!]);
    await call(server.api, 'POST', `/bookingReport/${canceled}/cancel?branchId=${world.branchId}`, {
      token: await plannerOf(world),
      body: {},
    });
    const token = linkOf(bookingId);
    const answers = [
      await call(server.api, 'GET', link(token)),
      await call(server.api, 'POST', link(token, '/confirm')),
      await call(server.api, 'GET', link(token, '/options')),
    ];
    answers.push(
      await call(server.api, 'POST', link(token, '/move'), {
        body: { choice: answers[2]!.body.options[0].choice },
      }),
      await call(server.api, 'POST', link(token, '/move'), { body: { choice: 'A'.repeat(22) } }),
      await call(server.api, 'POST', link(token, '/move'), { body: { choice: world.slotId } }),
      await call(server.api, 'GET', link(linkOf(canceled), '/options')),
      await call(server.api, 'GET', link('nonsense')),
    );
    for (const answer of answers)
      expect(JSON.stringify(answer.body)).not.toMatch(
        /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/i,
      );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 409, 400, 410, 404]);
    expect(answers[2]!.body.options.length).toBeGreaterThan(0);
  });

  it('the message state follows the customer’s newest act: confirmed then moved is moved, and the reverse', async () => {
    const stateOf = async (bookingId: string) =>
      (
        await sql<{ message_state: string | null }>`
          select message_state from booking_report where id = ${bookingId}`.execute(server.db)
      ).rows[0]!.message_state;
    const moveTomorrow = async (world: World, bookingId: string) => {
      await tomorrowSlot(world);
      const token = linkOf(bookingId);
      const moved = await call(server.api, 'POST', link(token, '/move'), {
        body: { choice: await firstChoice(token) },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    };
    const confirm = async (bookingId: string) =>
      expect((await call(server.api, 'POST', link(linkOf(bookingId), '/confirm'))).status).toBe(200);

    const first = await scenario({ line: 'U-ok-9' });
    const confirmedThenMoved = await book(first);
    await confirm(confirmedThenMoved);
    expect(await stateOf(confirmedThenMoved)).toBe('CONFIRMED');
    await moveTomorrow(first, confirmedThenMoved);
    expect(await stateOf(confirmedThenMoved)).toBe('MOVED');
    // The moved message being sent, or a planner's call, does not bring the old confirmation back.
    await sql`update contact_message set status = 'sent' where booking_id = ${confirmedThenMoved}`.execute(
      server.db,
    );
    const called = await call(
      server.api,
      'PUT',
      `/bookingReport/${confirmedThenMoved}/callStatus?branchId=${first.branchId}`,
      { token: await plannerOf(first), body: { callStatus: 'CALLED' } },
    );
    expect(called.status, JSON.stringify(called.body)).toBe(200);
    expect(await stateOf(confirmedThenMoved)).toBe('MOVED');

    const second = await scenario({ line: 'U-ok-10' });
    const movedThenConfirmed = await book(second);
    await moveTomorrow(second, movedThenConfirmed);
    expect(await stateOf(movedThenConfirmed)).toBe('MOVED');
    await confirm(movedThenConfirmed);
    expect(await stateOf(movedThenConfirmed)).toBe('CONFIRMED');
  });

  it('a canceled booking revokes its link, and the customer is told; an expired link is gone too', async () => {
    const world = await scenario({ line: 'U-ok-8' });
    const canceled = await book(world, [world.deliveryOrderIds[0]!]);
    const cancel = await call(
      server.api,
      'POST',
      `/bookingReport/${canceled}/cancel?branchId=${world.branchId}`,
      {
        token: await plannerOf(world),
        body: {},
      },
    );
    expect(cancel.status).toBe(200);
    const revoked = await call(server.api, 'GET', link(linkOf(canceled)));
    expect(revoked.status).toBe(410);
    expect(revoked.body.messages[0]).toMatch(/หมดอายุหรือ/);
    expect((await messagesOf(canceled)).map((m) => [m.event, m.link])).toEqual([
      ['confirmed', expect.any(String)],
      ['canceled', null],
    ]);

    const expired = await book(world, [world.deliveryOrderIds[1]!]);
    await sql`update booking_report__lines set delivery_date = delivery_date - 1 where parent_id = ${expired}`.execute(
      server.db,
    );
    expect((await call(server.api, 'GET', link(linkOf(expired)))).status).toBe(410);
    expect((await call(server.api, 'POST', link(linkOf(expired), '/confirm'))).status).toBe(410);
  });

  it('is rate limited per link and per address', async () => {
    const world = await scenario();
    const bookingId = await book(world);
    const token = linkOf(bookingId);
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 30; i++) {
      expect((await call(server.api, 'GET', link(token), from(`10.1.0.${i}`))).status).toBe(200);
    }
    const limited = await call(server.api, 'GET', link(token), from('10.1.1.1'));
    expect(limited.status).toBe(429);
    expect(limited.body.messages[0]).toMatch(/บ่อยเกินไป/);
    // One address guessing tokens is stopped, the good link included, while others still get in.
    const other = linkOf(await book(world, [world.deliveryOrderIds[1]!]));
    for (let i = 0; i < 120; i++) await call(server.api, 'GET', link(`guess${i}`), from('10.2.0.1'));
    expect((await call(server.api, 'GET', link(other), from('10.2.0.1'))).status).toBe(429);
    expect((await call(server.api, 'GET', link(other), from('10.2.0.2'))).status).toBe(200);
  });

  it('a move racing a planner for the last room: exactly one wins, capacity is never oversold', async () => {
    const world = await scenario();
    const tomorrow = await tomorrowSlot(world);
    const bookingId = await book(world, [world.deliveryOrderIds[0]!]);
    // The planner fills tomorrow's only vehicle (10 × 100 kg of 1,000 kg); the customer wants in too.
    const plannerDraft = await draft(world, world.deliveryOrderIds.slice(1, 11), tomorrow.slotId);
    const options = await call(server.api, 'GET', link(linkOf(bookingId), '/options'));
    expect(options.body.options.map((o: { date: string }) => o.date)).toEqual([tomorrow.date]);
    const [planner, customer] = await Promise.all([
      confirm(world, plannerDraft),
      call(server.api, 'POST', link(linkOf(bookingId), '/move'), {
        body: { choice: options.body.options[0].choice },
      }),
    ]);
    const won = [planner.status === 201, customer.status === 200];
    expect(won.filter(Boolean), JSON.stringify([planner.body, customer.body])).toHaveLength(1);
    expect(won[0] ? customer.status : planner.status).toBe(409);
    const { rows } = await sql<{
      w: number;
    }>`select coalesce(sum(l.used_weight), 0)::float as w from booking_report__lines l
        join booking_report b on b.id = l.parent_id and b.canceled_at is null where l.slot_id = ${tomorrow.slotId}`.execute(
      server.db,
    );
    expect(rows[0]!.w).toBeLessThanOrEqual(1000);
    expect([1000, 100]).toContain(rows[0]!.w);
  });
});

describe('the planner’s side', () => {
  it('lists a booking’s messages with the recipient masked, and resends one as a new message', async () => {
    const world = await scenario({ tel: '081-234-5678' });
    const bookingId = await book(world);
    const [message] = await messagesOf(bookingId);
    await sql`update contact_message set status = 'dead', attempts = 3, last_error = 'HTTP 500' where id = ${message!.id}`.execute(
      server.db,
    );
    const path = `/bookingReport/${bookingId}/messages?branchId=${world.branchId}`;
    const listed = await call(server.api, 'GET', path, { token: await plannerOf(world) });
    expect(listed.status).toBe(200);
    expect(listed.body.messages).toEqual([
      expect.objectContaining({
        id: message!.id,
        channel: 'sms',
        recipient: '•••••••••678',
        status: 'dead',
        attempts: 3,
      }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain('5678');
    const resent = await call(
      server.api,
      'POST',
      `/bookingReport/${bookingId}/messages/${message!.id}/resend?branchId=${world.branchId}`,
      { token: await plannerOf(world) },
    );
    expect(resent.status).toBe(201);
    expect(resent.body).toMatchObject({ status: 'queued', attempts: 0, event: 'confirmed' });
    expect(resent.body.id).not.toBe(message!.id);
    // Another branch's planner sees nothing of it.
    const other = await scenario();
    const foreign = await call(
      server.api,
      'GET',
      `/bookingReport/${bookingId}/messages?branchId=${other.branchId}`,
      {
        token: await plannerOf(other),
      },
    );
    expect(foreign.status).toBe(404);
  });

  it('queues one reminder the day before, whatever the number of runs', async () => {
    const world = await scenario({ line: 'U-ok-9' });
    const tomorrow = await tomorrowSlot(world);
    const bookingId = await confirm(world, await draft(world, [world.deliveryOrderIds[0]!], tomorrow.slotId));
    expect(bookingId.status).toBe(201);
    await Promise.all([
      enqueueReminders(server.db, server.app.auth.contact),
      enqueueReminders(server.db, server.app.auth.contact),
    ]);
    await enqueueReminders(server.db, server.app.auth.contact);
    const reminders = (await messagesOf(bookingId.body.id)).filter((m) => m.event === 'reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.body).toMatch(/^เรียน หน้าร้าน พรุ่งนี้/);
  });
});

describe('the message’s words', () => {
  it('names the branch’s phone and writes the day in the company’s era, the setting the paper follows (พ.ศ. by default)', async () => {
    const world = await scenario({ line: 'U-ok-era' });
    await sql`update branch set tel = '02-555-0199' where id = ${world.branchId}`.execute(server.db);
    const buddhist = formatDate(world.today, { buddhistEra: true });
    const gregorian = formatDate(world.today, { buddhistEra: false });
    const [first] = await messagesOf(await book(world, [world.deliveryOrderIds[0]!]));
    expect(first!.body).toContain(`วันที่ ${buddhist}`);
    expect(first!.body).toMatch(/สอบถาม 02-555-0199$/);

    const admin = await signIn(server.api, await createUser(server.db, { roles: ['ROLE_ADMIN'] }));
    const saved = await call(server.api, 'PUT', '/settings/company', {
      token: admin,
      body: { buddhistEra: false },
    });
    expect(saved.status).toBe(200);
    try {
      const [second] = await messagesOf(await book(world, [world.deliveryOrderIds[1]!]));
      expect(second!.body).toContain(`วันที่ ${gregorian}`);
      expect(second!.body).not.toContain(buddhist);
    } finally {
      await call(server.api, 'PUT', '/settings/company', { token: admin, body: { buddhistEra: true } });
    }
  });
});

describe('templates', () => {
  it('an admin edits the Thai text of an event; the next message uses it; an unknown placeholder is refused', async () => {
    const admin = await signIn(
      server.api,
      await createUser(server.db, { roles: ['ROLE_ADMIN'], branchIds: [] }),
    );
    const current = await call(server.api, 'GET', '/contact/templates', { token: admin });
    expect(current.status).toBe(200);
    const refused = await call(server.api, 'PUT', '/contact/templates', {
      token: admin,
      body: { ...current.body, confirmed: 'นัด {date} {nope}' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.confirmed).toMatch(/\{nope\}/);
    const saved = await call(server.api, 'PUT', '/contact/templates', {
      token: admin,
      body: { ...current.body, confirmed: 'นัดส่ง {orders} {link}' },
    });
    expect(saved.status).toBe(200);
    const world = await scenario({ line: 'U-ok-10' });
    const [message] = await messagesOf(await book(world));
    const { rows } = await sql<{
      doc_no: string;
    }>`select doc_no from delivery_order where id = ${world.deliveryOrderIds[0]!}`.execute(server.db);
    expect(message!.body).toBe(`นัดส่ง ${rows[0]!.doc_no} ${message!.link}`);
    const planner = await call(server.api, 'GET', '/contact/templates', { token: await plannerOf(world) });
    expect(planner.status).toBe(403);
  });
});
