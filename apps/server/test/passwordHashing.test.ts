import { describe, expect, it } from 'vitest';
import { HASHING_BUSY, HashQueue } from '../src/auth/hashQueue.ts';
import { Throttle, throttleRules } from '../src/auth/throttle.ts';
import { HttpError } from '../src/http/errors.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

// Issue 17, item 6: one signed-in user must not stall sign-in for everyone (docs/security.md, V6).

const server = setupTestServer();

const settled = () => new Promise((resolve) => setImmediate(resolve));

/** A hash stand-in that finishes when the test says so, recording the order things start. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish,
  };
}

describe('HashQueue', () => {
  it('runs one hash per key at a time and serves waiting keys in turn', async () => {
    const queue = new HashQueue({ concurrency: 2, perKey: 4, capacity: 64 });
    const started: string[] = [];
    const busy = [1, 2, 3].map((i) => gate(started, `busy${i}`));
    const running = busy.map((g) => queue.run('user:busy', g.work));
    const other = gate(started, 'other');
    const otherDone = queue.run('address:elsewhere', other.work);
    await settled();
    // The busy key holds one of the two slots; the other key gets the second at once.
    expect(started).toEqual(['busy1', 'other']);
    busy[0]!.finish();
    await running[0];
    await settled();
    expect(started).toEqual(['busy1', 'other', 'busy2']);
    other.finish();
    busy[1]!.finish();
    busy[2]!.finish();
    expect(await Promise.all([otherDone, ...running])).toEqual(['other', 'busy1', 'busy2', 'busy3']);
  });

  it('answers 429 in Thai to a key with too many calls in flight, and when the queue is full', async () => {
    const queue = new HashQueue({ concurrency: 1, perKey: 2, capacity: 2 });
    const started: string[] = [];
    const gates = ['a1', 'a2', 'b1', 'c1'].map((name) => gate(started, name));
    const accepted = [
      queue.run('a', gates[0]!.work),
      queue.run('a', gates[1]!.work),
      queue.run('b', gates[2]!.work),
    ];
    const refused = queue.run('a', async () => 'a3');
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ status: 429, messages: [HASHING_BUSY] });
    // a2 and b1 wait: the queue is full, so a new key is refused too.
    await expect(queue.run('c', gates[3]!.work)).rejects.toMatchObject({ status: 429 });
    gates[0]!.finish();
    await accepted[0];
    await settled();
    // a waited behind its own running call, b behind a: b goes first now, then a again.
    expect(started).toEqual(['a1', 'b1']);
    for (const g of gates) g.finish();
    expect(await Promise.all(accepted)).toEqual(['a1', 'a2', 'b1']);
    expect(started).toEqual(['a1', 'b1', 'a2']);
  });
});

describe('sign-in throttle', () => {
  it('counts successful sign-ins too: 20 from one address in 15 minutes, then a wait', async () => {
    let now = Date.parse('2026-01-05T08:00:00Z');
    const throttle = new Throttle(server.db, 'signInUnit', throttleRules, () => now);
    for (let i = 0; i < 19; i++) await throttle.recordSuccess('somchai', '198.51.100.7');
    expect(await throttle.retryAfter('somchai', '198.51.100.7')).toBe(0);
    await throttle.recordSuccess('somchai', '198.51.100.7');
    expect(await throttle.retryAfter('somchai', '198.51.100.7')).toBe(5 * 60_000);
    // Elsewhere the same user still signs in; later here too.
    expect(await throttle.retryAfter('somchai', '198.51.100.8')).toBe(0);
    now += 6 * 60_000;
    expect(await throttle.retryAfter('somchai', '198.51.100.7')).toBe(0);
  });

  it("forgets hits whose window is over, and a success clears the pair's failures", async () => {
    let now = Date.parse('2026-01-05T08:00:00Z');
    const throttle = new Throttle(server.db, 'signInWindow', throttleRules, () => now);
    for (let i = 0; i < 4; i++) await throttle.recordFailure('malee', '198.51.100.9');
    now += 16 * 60_000;
    // The window of those four is over: four more do not block.
    for (let i = 0; i < 4; i++) await throttle.recordFailure('malee', '198.51.100.9');
    expect(await throttle.retryAfter('malee', '198.51.100.9')).toBe(0);
    await throttle.recordSuccess('malee', '198.51.100.9');
    for (let i = 0; i < 4; i++) await throttle.recordFailure('malee', '198.51.100.9');
    expect(await throttle.retryAfter('malee', '198.51.100.9')).toBe(0);
    await throttle.recordFailure('malee', '198.51.100.9');
    expect(await throttle.retryAfter('malee', '198.51.100.9')).toBe(5 * 60_000);
  });
});

describe('POST /api/account/changePassword in parallel', () => {
  // About ten scrypt hashes, most one after another by design: generous room for a loaded machine.
  it('is bounded per user (429 in Thai), does not hold back another user signing in, and is throttled', {
    timeout: 120_000,
  }, async () => {
    // At the product's cost: the order asserted below comes from hashes that take their real time.
    const attacker = await createUser(server.db, { productCost: true });
    const token = await signIn(server.api, attacker);
    const bystander = await createUser(server.db, { productCost: true });

    const finished: string[] = [];
    const wrong = Array.from({ length: 16 }, (_, i) =>
      call(server.api, 'POST', '/account/changePassword', {
        token,
        body: { oldPassword: `wrong-${i}`, newPassword: 'รหัสใหม่ที่ยาวพอ-2026' },
      }).then((response) => {
        finished.push('changePassword');
        return response;
      }),
    );
    const bystanderSignIn = call(server.api, 'POST', '/auth/webLogin', {
      body: { username: bystander.username, password: bystander.password },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    }).then((response) => {
      finished.push('bystander');
      return response;
    });

    const answers = await Promise.all(wrong);
    expect((await bystanderSignIn).status).toBe(200);
    // A few calls in flight per user; the rest are refused at once in Thai instead of queueing
    // (or, once five old passwords were wrong, by the change-password throttle).
    expect(answers.every((a) => a.status === 422 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.status === 422).length).toBeLessThanOrEqual(5);
    expect(answers.map((a) => a.body)).toContainEqual({ messages: [HASHING_BUSY] });
    // The attacker's accepted calls ran one after another; the sign-in took the free slot.
    expect(finished.indexOf('bystander')).toBeLessThan(finished.lastIndexOf('changePassword'));

    // Five wrong old passwords block changePassword for this user, even with the right one.
    const change = (oldPassword: string) =>
      call(server.api, 'POST', '/account/changePassword', {
        token,
        body: { oldPassword, newPassword: 'รหัสใหม่ที่ยาวพอ-2026' },
      });
    for (let i = 0; i < 5 && (await change('wrong-again')).status === 422; i++);
    const blocked = await change(attacker.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.messages[0]).toMatch(/^เปลี่ยนรหัสผ่านหลายครั้งเกินไป กรุณารอ \d+ นาที/);
  });
});
