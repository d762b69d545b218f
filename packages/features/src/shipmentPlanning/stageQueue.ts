import type { StageTap } from '@lms/domain';

/**
 * Stage taps waiting to reach the server (issue 19 item 4: drivers' phones lose signal). Each tap
 * keeps its own id and the time it was made; it leaves the queue once the server has answered it
 * — recorded, already recorded (the same id sent twice is recorded once on the server), or refused
 * (4xx, shown to the driver) — and stays while there is no answer (offline, 5xx).
 */

export interface QueuedTap extends StageTap {
  readonly shipmentId: string;
  readonly branchId: string;
}

/** The part of `Storage` the queue uses (localStorage in the browser, a map in tests). */
export interface TapStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const KEY = 'lms.shipmentStageTaps';

export function pendingTaps(store: TapStore): QueuedTap[] {
  try {
    const parsed = JSON.parse(store.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedTap[]) : [];
  } catch {
    return [];
  }
}

export function enqueueTap(store: TapStore, tap: QueuedTap): void {
  const taps = pendingTaps(store);
  if (!taps.some((t) => t.id === tap.id)) store.setItem(KEY, JSON.stringify([...taps, tap]));
}

function remove(store: TapStore, id: string): void {
  store.setItem(KEY, JSON.stringify(pendingTaps(store).filter((t) => t.id !== id)));
}

/** What sending one tap gave: an answer (any status) or none at all. */
export type SendOutcome =
  | { readonly answered: true; readonly ok: boolean; readonly messages?: readonly string[] }
  | {
      readonly answered: false;
    };

/**
 * Sends the waiting taps in the order they were made; stops at the first one without an answer
 * (the rest would fail the same way, and a later stage must not overtake an earlier one).
 * Returns the refusals' messages.
 */
export async function flushTaps(
  store: TapStore,
  send: (tap: QueuedTap) => Promise<SendOutcome>,
): Promise<{ sent: number; refused: string[]; waiting: number }> {
  let sent = 0;
  const refused: string[] = [];
  for (const tap of pendingTaps(store)) {
    const outcome = await send(tap);
    if (!outcome.answered) break;
    remove(store, tap.id);
    if (outcome.ok) sent += 1;
    else refused.push(...(outcome.messages ?? []));
  }
  return { sent, refused, waiting: pendingTaps(store).length };
}

/**
 * The tap's time: now, or the time the driver typed (a tap forgotten) on the latest day that keeps
 * it in the past — 23:50 typed at 00:10 is last night. The server refuses a time after now.
 */
export function tapInstant(now: Date, typed: string | null): Date {
  if (!typed) return now;
  const [hours, minutes] = typed.split(':').map(Number);
  const at = new Date(now);
  at.setHours(hours ?? 0, minutes ?? 0, 0, 0);
  if (at > now) at.setDate(at.getDate() - 1);
  return at;
}
