import { ApiError, isConnectionFailure } from '@lms/entity-pages';

/**
 * What a phone that loses signal needs to tell apart (the shipment's stage taps, the driver's
 * queue): a call nobody answered (offline, the server away or failing: keep it and send it again)
 * from one the server answered (recorded, or refused for a reason the user must see).
 */
export function unanswered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return isConnectionFailure(error) || error.status === 0 || error.status >= 500 || error.status === 429;
}

/** A v4 uuid; `crypto.randomUUID` exists only in secure contexts (a phone on plain http has none). */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
