import type { DriverTrip, EventsAnswer, StopEventInput } from '@lms/domain';

/**
 * What the phone sends, in the order it was made (issue 39 "offline first"): the photos and
 * signatures an event names, then the event. Each keeps its own UUID, so a resend after a lost
 * answer is recorded once on the server; an item leaves the queue only once the server answered
 * it (recorded, a duplicate, or refused), never on a lost connection.
 */
export type QueuedItem =
  | {
      readonly seq: number;
      readonly tripId: string;
      readonly kind: 'file';
      readonly fileId: string;
      readonly blob: Blob;
      readonly name: string;
    }
  | { readonly seq: number; readonly tripId: string; readonly kind: 'event'; readonly event: StopEventInput }
  | {
      readonly seq: number;
      readonly tripId: string;
      readonly kind: 'position';
      readonly position: { lat: number; lon: number; accuracy: number; at: string };
    };

/** Where the queue lives (IndexedDB on the phone, an array in tests). */
export interface Queue {
  items(): Promise<readonly QueuedItem[]>;
  remove(seqs: readonly number[]): Promise<void>;
  /**
   * Keeps the questions the server asked, before the taps they are about leave the queue: an app
   * closed in between asks them again when it opens (one per tap, however often it is asked).
   */
  ask(questions: readonly StageQuestion[]): Promise<void>;
}

/** One answer, or none: `unanswered` keeps the items for later (offline, 5xx, a session to renew). */
export type Outcome<T = undefined> =
  | { readonly kind: 'sent'; readonly value: T }
  | { readonly kind: 'refused'; readonly messages: readonly string[] }
  | { readonly kind: 'unanswered'; readonly signIn?: boolean };

/**
 * A stage tap the server did not record because its time is unusual for the trip's planned day and
 * shift (`ImpliedStage.confirmUnusual`): the driver is asked, and a yes sends it again as a new
 * event with `confirmUnusual` (docs/delivery.md "Rules of events").
 */
export interface StageQuestion {
  readonly tripId: string;
  readonly event: StopEventInput;
  readonly message: string;
}

/** What an events call answers that the queue uses: the trip, and the stages it implied. */
export type EventsAnswered = Pick<EventsAnswer, 'trip' | 'stages'>;

export interface Sender {
  upload(tripId: string, fileId: string, blob: Blob, name: string): Promise<Outcome>;
  events(tripId: string, events: readonly StopEventInput[]): Promise<Outcome<EventsAnswered>>;
  positions(tripId: string, positions: readonly QueuedItem[]): Promise<Outcome>;
}

export interface FlushResult {
  readonly sent: number;
  readonly refused: readonly string[];
  /** The trips as the server last answered them (events answer the whole trip). */
  readonly trips: readonly DriverTrip[];
  /** Stopped without an answer: still offline, or the session needs a new sign-in. */
  readonly stopped: 'done' | 'unanswered' | 'signIn';
  /** Stage taps the server asked about in this flush (kept by `Queue.ask` too), for the driver to answer. */
  readonly questions: readonly StageQuestion[];
}

/** The stage taps of `events` that the answer asks about (a stage is tapped once per trip). */
function questionsOf(
  tripId: string,
  events: readonly StopEventInput[],
  answer: EventsAnswered,
): StageQuestion[] {
  return answer.stages.flatMap((stage) => {
    const event = stage.confirmUnusual
      ? events.find((e) => e.kind === 'stage' && e.stage === stage.stage && !e.confirmUnusual)
      : undefined;
    return event ? [{ tripId, event, message: stage.message ?? '' }] : [];
  });
}

const EVENTS_PER_CALL = 50;
const POSITIONS_PER_CALL = 120;

/** Consecutive items of one kind and trip from `start`, at most `limit`. */
function runOf(items: readonly QueuedItem[], start: number, limit: number): QueuedItem[] {
  const first = items[start]!;
  const run: QueuedItem[] = [];
  for (let i = start; i < items.length && run.length < limit; i++) {
    const item = items[i]!;
    if (item.kind !== first.kind || item.tripId !== first.tripId) break;
    run.push(item);
  }
  return run;
}

/**
 * Sends the queue in order and stops at the first item without an answer (a later event must not
 * overtake an earlier one, and its photo must be there first). Events go up to 50 a call; a call
 * the server refuses whole (422: it checks a call before writing anything) is sent again one event
 * at a time, so one bad event does not take the good ones with it.
 */
export async function flushQueue(queue: Queue, sender: Sender): Promise<FlushResult> {
  const items = [...(await queue.items())].sort((a, b) => a.seq - b.seq);
  const refused: string[] = [];
  const trips = new Map<string, DriverTrip>();
  const questions: StageQuestion[] = [];
  const heard = async (
    tripId: string,
    events: readonly StopEventInput[],
    outcome: Outcome<EventsAnswered>,
  ) => {
    if (outcome.kind !== 'sent') return;
    trips.set(outcome.value.trip.id, outcome.value.trip);
    const asked = questionsOf(tripId, events, outcome.value);
    if (asked.length) await queue.ask(asked);
    questions.push(...asked);
  };
  let sent = 0;
  let stopped: FlushResult['stopped'] = 'done';
  const settle = async (outcome: Outcome<unknown>, done: readonly QueuedItem[]) => {
    if (outcome.kind === 'unanswered') {
      stopped = outcome.signIn ? 'signIn' : 'unanswered';
      return false;
    }
    await queue.remove(done.map((item) => item.seq));
    if (outcome.kind === 'sent') sent += done.length;
    else refused.push(...outcome.messages);
    return true;
  };

  for (let i = 0; i < items.length; ) {
    const item = items[i]!;
    if (item.kind === 'file') {
      if (!(await settle(await sender.upload(item.tripId, item.fileId, item.blob, item.name), [item]))) break;
      i += 1;
      continue;
    }
    if (item.kind === 'position') {
      const run = runOf(items, i, POSITIONS_PER_CALL);
      const outcome = await sender.positions(item.tripId, run);
      // Positions are of the moment: one the server will not keep (the trip not running) is dropped.
      if (!(await settle(outcome.kind === 'refused' ? { kind: 'sent', value: undefined } : outcome, run)))
        break;
      i += run.length;
      continue;
    }
    const run = runOf(items, i, EVENTS_PER_CALL);
    const events = run.flatMap((r) => (r.kind === 'event' ? [r.event] : []));
    const outcome = await sender.events(item.tripId, events);
    if (outcome.kind === 'refused' && run.length > 1) {
      let answered = true;
      for (const single of run) {
        if (single.kind !== 'event') continue;
        const one = await sender.events(single.tripId, [single.event]);
        await heard(single.tripId, [single.event], one);
        if (!(await settle(one, [single]))) {
          answered = false;
          break;
        }
      }
      if (!answered) break;
      i += run.length;
      continue;
    }
    await heard(item.tripId, events, outcome);
    if (!(await settle(outcome, run))) break;
    i += run.length;
  }
  return { sent, refused, trips: [...trips.values()], stopped, questions };
}
