import { createHash } from 'node:crypto';
import { INTEGRATION_MESSAGES } from '@lms/domain';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { actingPrincipal } from '../auth/acting.ts';
import type { Tx } from '../db/database.ts';
import { badRequest, conflict } from '../http/errors.ts';

/**
 * `Idempotency-Key` (docs/integration.md): a client retrying a call it got no answer to gets the
 * first call's answer instead of a second write. Kept in PostgreSQL per caller (the API key, or
 * the user) for 24 hours, so every server instance answers the same. The record is written in the
 * call's own transaction: a call that failed (4xx, or the server died) left no record, and its retry
 * runs again; two calls with one key at once wait on the key's row, and the second replays the first.
 */

const KEEP = '24 hours';
const MAX_KEY_LENGTH = 255;

export interface IdempotentCall {
  readonly ownerId: string;
  readonly key: string;
  /** SHA-256 of method, path and body: "the same call". */
  readonly hash: Buffer;
}

export interface StoredAnswer {
  readonly status: number;
  readonly answer: unknown;
}

/** The call's idempotency key, when the client sent one. */
export function idempotentCall(request: FastifyRequest): IdempotentCall | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = (Array.isArray(header) ? header.join(',') : header).trim();
  if (!key || key.length > MAX_KEY_LENGTH) throw badRequest(INTEGRATION_MESSAGES.idempotencyKeyInvalid);
  const principal = actingPrincipal(request);
  const hash = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest();
  return { ownerId: principal.apiKeyId ?? principal.userId, key, hash };
}

/**
 * Claims the key in `trx`; answers the stored answer when the same call was answered before, and
 * refuses (409) the key used for a different call. Undefined: go ahead, then `remember`.
 */
export async function claim(trx: Tx, call: IdempotentCall): Promise<StoredAnswer | undefined> {
  // Expired records go a few at a time with the claims, so the table never needs a sweeper.
  await sql`delete from idempotency_key where ctid = any(array(
    select ctid from idempotency_key where expires_at <= now() limit 20))`.execute(trx);
  await sql`delete from idempotency_key
    where owner_id = ${call.ownerId} and key = ${call.key} and expires_at <= now()`.execute(trx);
  const { rows: claimed } = await sql`
    insert into idempotency_key (owner_id, key, request_hash, status, expires_at)
    values (${call.ownerId}, ${call.key}, ${call.hash}, 0, now() + ${KEEP}::interval)
    on conflict (owner_id, key) do nothing
    returning key`.execute(trx);
  if (claimed.length) return undefined;
  const { rows } = await sql<{ request_hash: Buffer; status: number; answer: unknown }>`
    select request_hash, status, answer from idempotency_key
     where owner_id = ${call.ownerId} and key = ${call.key}`.execute(trx);
  const stored = rows[0]!;
  if (!stored.request_hash.equals(call.hash)) throw conflict(INTEGRATION_MESSAGES.idempotencyMismatch);
  return { status: stored.status, answer: stored.answer };
}

export async function remember(trx: Tx, call: IdempotentCall, stored: StoredAnswer): Promise<void> {
  await sql`update idempotency_key set status = ${stored.status}, answer = ${JSON.stringify(stored.answer)}::jsonb
    where owner_id = ${call.ownerId} and key = ${call.key}`.execute(trx);
}
