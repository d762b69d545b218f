import type { Executor, Tx } from './database.ts';

/**
 * PostgreSQL's calls made for their effect, not their rows: NOTIFY and advisory locks. Typed
 * builder calls, so no module writes them as raw SQL again.
 */

/** NOTIFYs `channel` inside the caller's transaction: listeners hear `payload` once it commits. */
export async function notify(db: Executor, channel: string, payload: string): Promise<void> {
  await db
    .selectNoFrom((eb) => eb.fn('pg_notify', [eb.val(channel), eb.val(payload)]).as('notified'))
    .execute();
}

/**
 * Takes the advisory lock named `name` until `trx` ends: `exclusive` waits for every holder,
 * `shared` only for an exclusive one.
 */
export async function advisoryLock(trx: Tx, name: string, mode: 'exclusive' | 'shared'): Promise<void> {
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  await trx.selectNoFrom((eb) => eb.fn(lock, [eb.fn('hashtext', [eb.val(name)])]).as('locked')).execute();
}
