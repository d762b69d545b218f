import { randomUUID } from 'node:crypto';
import { type BookingEvent, editRoleOf, PRESENCE, type RecordPresence, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_CHANNEL } from '../src/booking/events.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
const ctx = {
  branchId: '',
  otherBranchId: '',
  provinceId: '',
  editor: { id: '', token: '' },
  viewer: { id: '', token: '' },
  stranger: { id: '', token: '' },
  elsewhere: { id: '', token: '' },
};

beforeAll(async () => {
  ctx.branchId = await createBranch(server.db);
  ctx.otherBranchId = await createBranch(server.db);
  const [regionId] = await insertRecords(server.db, 'region', [{ code: 'RG1', nameTh: 'ภาคกลาง' }]);
  [ctx.provinceId] = (await insertRecords(server.db, 'province', [
    { code: 'PR1', nameTh: 'กรุงเทพมหานคร', regionId },
  ])) as [string];
  const users = {
    editor: { roles: [editRoleOf('PROVINCE'), readRoleOf('BOOKING_CALENDAR')], branchIds: [ctx.branchId] },
    viewer: { roles: [readRoleOf('PROVINCE')], branchIds: [ctx.branchId] },
    // Signed in to the branch, but may not read provinces.
    stranger: { roles: [readRoleOf('DO_BOOKING')], branchIds: [ctx.branchId] },
    elsewhere: { roles: [editRoleOf('PROVINCE')], branchIds: [ctx.otherBranchId] },
  };
  for (const [name, options] of Object.entries(users)) {
    const user = await createUser(server.db, options);
    ctx[name as keyof typeof users] = { id: user.id, token: await signIn(server.api, user) };
  }
});

interface Block {
  readonly event?: string;
  readonly data?: string;
}

/** A browser listening to its branch's event stream: every block it hears, until closed. */
function listen(token: string, branchId: string) {
  const controller = new AbortController();
  const blocks: Block[] = [];
  const reading = (async () => {
    const response = await fetch(`${server.api}/bookingCalendar/events?branchId=${branchId}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      const parts = text.split('\n\n');
      text = parts.pop()!;
      for (const part of parts) {
        const fields = Object.fromEntries(
          part
            .split('\n')
            .filter((line) => !line.startsWith(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
        );
        if (Object.keys(fields).length > 0) blocks.push(fields);
      }
    }
  })().catch(() => {});
  const presences = () =>
    blocks.filter((b) => b.event === 'presence').map((b) => JSON.parse(b.data!) as RecordPresence);
  return {
    blocks,
    presences,
    /** Waits (at most 5 s) until `test` holds of what was heard. */
    async until(test: () => boolean) {
      const end = Date.now() + 5000;
      while (!test()) {
        if (Date.now() > end) throw new Error(`not heard: ${JSON.stringify(blocks)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

type Listener = ReturnType<typeof listen>;
const open: Listener[] = [];
afterAll(async () => {
  for (const listener of open) await listener.close();
});

async function listening(token: string, branchId: string): Promise<Listener> {
  const listener = listen(token, branchId);
  open.push(listener);
  await listener.until(() => listener.blocks.some((b) => b.event === 'ready'));
  return listener;
}

const q = (branchId = ctx.branchId) => `branchId=${branchId}`;
const beat = (token: string, body: Record<string, unknown>, branchId = ctx.branchId) =>
  call(server.api, 'PUT', `/presence?${q(branchId)}`, { token, body });
const tab = (mode: 'viewing' | 'editing', tabId = randomUUID()) => ({
  entity: 'province',
  recordId: ctx.provinceId,
  tabId,
  mode,
});
const names = (presence: RecordPresence) => presence.users.map((u) => `${u.userId}:${u.mode}`);

describe('presence: who else has a record open (issue 22 item 7)', () => {
  it('publishes an editor to the branch’s readers of the entity, not to others, and forgets a tab that leaves', async () => {
    const viewer = await listening(ctx.viewer.token, ctx.branchId);
    const stranger = await listening(ctx.stranger.token, ctx.branchId);
    const elsewhere = await listening(ctx.elsewhere.token, ctx.otherBranchId);

    const editorTab = tab('editing');
    const started = Date.now();
    const joined = await beat(ctx.editor.token, editorTab);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(names(joined.body)).toEqual([`${ctx.editor.id}:editing`]);
    const expires = Date.parse(joined.body.users[0].expiresAt);
    expect(expires - started).toBeGreaterThan(PRESENCE.ttlMs - 5000);
    expect(expires - started).toBeLessThan(PRESENCE.ttlMs + 5000);

    await viewer.until(() => viewer.presences().some((p) => p.users.some((u) => u.userId === ctx.editor.id)));
    const heard = viewer.presences().at(-1)!;
    expect(heard).toMatchObject({ branchId: ctx.branchId, entity: 'province', recordId: ctx.provinceId });
    expect(heard.users[0]!.fullName).not.toBe('');

    // The viewer opens it too: both are listed, each once, though the editor has a second tab viewing.
    const viewerTab = tab('viewing');
    expect((await beat(ctx.editor.token, tab('viewing'))).status).toBe(200);
    const both = await beat(ctx.viewer.token, viewerTab);
    expect(new Set(names(both.body))).toEqual(
      new Set([`${ctx.editor.id}:editing`, `${ctx.viewer.id}:viewing`]),
    );

    // The editor closes the dialog: the viewer hears it at once, without waiting for the expiry.
    const left = await call(
      server.api,
      'DELETE',
      `/presence?${q()}&entity=province&recordId=${ctx.provinceId}&tabId=${editorTab.tabId}`,
      { token: ctx.editor.token },
    );
    expect(left.status).toBe(204);
    await viewer.until(() =>
      viewer
        .presences()
        .at(-1)!
        .users.every((u) => u.mode === 'viewing'),
    );
    expect(names(viewer.presences().at(-1)!)).toContain(`${ctx.viewer.id}:viewing`);

    // Nobody outside: the same branch without the entity's read role, or another branch.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stranger.presences()).toEqual([]);
    expect(elsewhere.presences()).toEqual([]);
  });

  it('forgets a tab that stopped speaking (expired), at the next heartbeat of the record', async () => {
    // Any record id will do: presence does not read the record.
    const record = randomUUID();
    const gone = { ...tab('editing'), recordId: record };
    expect((await beat(ctx.viewer.token, { ...gone, mode: 'viewing' })).status).toBe(200);
    await sql`update record_presence set expires_at = now() - interval '1 second'
      where record_id = ${record} and user_id = ${ctx.viewer.id}`.execute(server.db);
    const now = await beat(ctx.editor.token, gone);
    expect(names(now.body)).toEqual([`${ctx.editor.id}:editing`]);
    const { rows } =
      await sql`select 1 from record_presence where record_id = ${record} and user_id = ${ctx.viewer.id}`.execute(
        server.db,
      );
    expect(rows).toEqual([]);
  });

  it('refuses what it must: an unknown entity (400), an entity the user may not read (403), bad input, another branch', async () => {
    const unknown = await beat(ctx.editor.token, { ...tab('viewing'), entity: 'nothing' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.messages[0]).toMatch(/[\u0E00-\u0E7F]/);
    const noRead = await beat(ctx.stranger.token, tab('viewing'));
    expect(noRead.status).toBe(403);
    expect(noRead.body.messages[0]).toMatch(/[\u0E00-\u0E7F]/);
    for (const bad of [
      { ...tab('viewing'), mode: 'owning' },
      { ...tab('viewing'), tabId: 'has space' },
      { ...tab('viewing'), recordId: 'not-a-uuid' },
    ]) {
      const refused = await beat(ctx.editor.token, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.messages[0]).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect((await beat(ctx.editor.token, tab('viewing'), ctx.otherBranchId)).status).toBe(403);
    expect((await call(server.api, 'PUT', '/presence', { body: tab('viewing') })).status).toBe(401);
  });

  it('keeps the branch’s booking changes to calendar readers on the now shared stream', async () => {
    const calendarReader = await listening(ctx.editor.token, ctx.branchId);
    const stranger = await listening(ctx.stranger.token, ctx.branchId);
    const viewer = await listening(ctx.viewer.token, ctx.branchId);
    const event: BookingEvent = {
      branchId: ctx.branchId,
      kind: 'confirmed',
      bookingId: randomUUID(),
      slotIds: [],
      dates: ['2026-01-05'],
    };
    await sql`select pg_notify(${BOOKING_CHANNEL}, ${JSON.stringify(event)})`.execute(server.db);
    await calendarReader.until(() => calendarReader.blocks.some((b) => b.data?.includes(event.bookingId)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // DO booking readers saw the branch's bookings before too; a province reader does not.
    expect(stranger.blocks.some((b) => b.data?.includes(event.bookingId))).toBe(true);
    expect(viewer.blocks.some((b) => b.event === 'booking')).toBe(false);
  });
});
