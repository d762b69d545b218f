import type { StageTap } from '@lms/domain';

/**
 * Stage taps waiting to reach the server (issue 19 item 4: drivers' phones lose signal). Each tap
 * keeps its own id and the time it was made; it leaves the queue once the server has answered it
 * — recorded, already recorded (the same id sent twice is recorded once on the server), or refused
 * (4xx, shown to the driver) — and stays while there is no answer (offline, 5xx). A tap the server
 * asks about (an unusual time for its shipment's planned day and shift: docs/planning.md "Stage
 * times") stays with the question until the driver answers it (`answerTap`).
 */

/** Thai text of the question about a tap's time (the shipment's page and the driver's app ask alike). */
export const stageTapText = {
  questionTitle: 'ยืนยันเวลาจริง',
  record: 'บันทึกเวลานี้',
  drop: 'ไม่บันทึก',
} as const;

export interface QueuedTap extends StageTap {
  readonly shipmentId: string;
  readonly branchId: string;
  /** The server's question about this tap's time, waiting for the driver's answer. */
  readonly question?: string;
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

function replace(store: TapStore, tap: QueuedTap): void {
  store.setItem(KEY, JSON.stringify(pendingTaps(store).map((t) => (t.id === tap.id ? tap : t))));
}

/** What sending one tap gave: an answer (any status, or a question about its time) or none at all. */
export type SendOutcome =
  | { readonly answered: true; readonly ok: boolean; readonly messages?: readonly string[] }
  | { readonly answered: true; readonly question: string }
  | {
      readonly answered: false;
    };

/**
 * Sends the waiting taps in the order they were made; stops at the first one without an answer
 * (the rest would fail the same way, and a later stage must not overtake an earlier one). A tap
 * the server asks about is kept with its question, and so is one whose question is not answered
 * yet: the later taps of its shipment wait behind it, other shipments' go on. Returns the
 * refusals' messages and the taps waiting for the driver's answer.
 */
export async function flushTaps(
  store: TapStore,
  send: (tap: QueuedTap) => Promise<SendOutcome>,
): Promise<{ sent: number; refused: string[]; waiting: number; asked: QueuedTap[] }> {
  let sent = 0;
  const refused: string[] = [];
  const asked: QueuedTap[] = [];
  const held = new Set<string>();
  for (const tap of pendingTaps(store)) {
    if (held.has(tap.shipmentId)) continue;
    const outcome: SendOutcome = tap.question ? { answered: true, question: tap.question } : await send(tap);
    if (!outcome.answered) break;
    if ('question' in outcome) {
      const waiting = { ...tap, question: outcome.question };
      replace(store, waiting);
      asked.push(waiting);
      held.add(tap.shipmentId);
      continue;
    }
    remove(store, tap.id);
    if (outcome.ok) sent += 1;
    else refused.push(...(outcome.messages ?? []));
  }
  return { sent, refused, waiting: pendingTaps(store).length, asked };
}

/**
 * The driver's answer to the server's question about a tap: record it as tapped (it is sent again
 * with `confirmUnusual`, at the next flush) or drop it (the driver taps again at the right time).
 */
export function answerTap(store: TapStore, id: string, keep: boolean): void {
  const tap = pendingTaps(store).find((t) => t.id === id);
  if (!tap) return;
  if (!keep) {
    remove(store, id);
    return;
  }
  const { question: _answered, ...rest } = tap;
  replace(store, { ...rest, confirmUnusual: true });
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
