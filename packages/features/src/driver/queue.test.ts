import type { DriverTrip, StopEventInput } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import {
  type EventsAnswered,
  flushQueue,
  type Outcome,
  type Queue,
  type QueuedItem,
  type Sender,
  type StageQuestion,
} from './queue.ts';

const TRIP = 'trip-1';
const trip = { id: TRIP } as DriverTrip;
const event = (id: string): StopEventInput => ({
  id,
  kind: 'arrived',
  stopId: 's1',
  at: '2026-11-28T03:00:00.000Z',
});

function memoryQueue(
  items: QueuedItem[],
): Queue & { left: () => number[]; asked: { question: StageQuestion; queued: number[] }[] } {
  let kept = [...items];
  const asked: { question: StageQuestion; queued: number[] }[] = [];
  return {
    items: async () => kept,
    remove: async (seqs) => {
      kept = kept.filter((i) => !seqs.includes(i.seq));
    },
    // What the queue held when each question was kept: the app may close at any await.
    ask: async (questions) => {
      asked.push(...questions.map((question) => ({ question, queued: kept.map((i) => i.seq) })));
    },
    left: () => kept.map((i) => i.seq),
    asked,
  };
}

/** A server that answers by a script: each call takes the next answer; records what it was sent. */
function scripted(answers: Outcome<unknown>[]) {
  const calls: string[] = [];
  const next = <T>() => (answers.shift() ?? { kind: 'sent', value: undefined }) as Outcome<T>;
  const sender: Sender = {
    upload: async (_trip, fileId) => {
      calls.push(`file ${fileId}`);
      return next();
    },
    events: async (_trip, events) => {
      calls.push(`events ${events.map((e) => e.id).join(',')}`);
      const answer = next<EventsAnswered>();
      return answer.kind === 'sent' ? { kind: 'sent', value: answer.value ?? { trip, stages: [] } } : answer;
    },
    positions: async (_trip, positions) => {
      calls.push(`positions ${positions.length}`);
      return next();
    },
  };
  return { sender, calls };
}

const file = (seq: number, fileId: string): QueuedItem => ({
  seq,
  tripId: TRIP,
  kind: 'file',
  fileId,
  blob: new Blob(['x']),
  name: 'p.jpg',
});
/** "ออกเดินทาง" tapped at an hour the server may ask about. */
const start: StopEventInput = {
  id: 'tap',
  kind: 'stage',
  stage: 'ShipStart',
  at: '2026-11-28T01:00:00.000Z',
};
const ev = (seq: number, id: string): QueuedItem => ({ seq, tripId: TRIP, kind: 'event', event: event(id) });
const pos = (seq: number): QueuedItem => ({
  seq,
  tripId: TRIP,
  kind: 'position',
  position: { lat: 13.7, lon: 100.5, accuracy: 10, at: '2026-11-28T03:00:00.000Z' },
});

describe('the driver queue', () => {
  it('sends files before the events that follow them, events in one call, in the order made', async () => {
    const queue = memoryQueue([ev(3, 'b'), file(1, 'f1'), ev(2, 'a'), pos(4), pos(5)]);
    const { sender, calls } = scripted([]);
    const result = await flushQueue(queue, sender);
    expect(calls).toEqual(['file f1', 'events a,b', 'positions 2']);
    expect(result).toMatchObject({ sent: 5, refused: [], stopped: 'done', trips: [trip] });
    expect(queue.left()).toEqual([]);
  });

  it('stops at the first item without an answer and keeps it and everything after it', async () => {
    const queue = memoryQueue([file(1, 'f1'), file(2, 'f2'), ev(3, 'a')]);
    const { sender, calls } = scripted([{ kind: 'sent', value: undefined }, { kind: 'unanswered' }]);
    const result = await flushQueue(queue, sender);
    expect(calls).toEqual(['file f1', 'file f2']);
    expect(result.stopped).toBe('unanswered');
    expect(queue.left()).toEqual([2, 3]);
  });

  it('sends a refused call again one event at a time, so one bad event keeps the good ones', async () => {
    const queue = memoryQueue([ev(1, 'a'), ev(2, 'bad'), ev(3, 'c')]);
    const { sender, calls } = scripted([
      { kind: 'refused', messages: ['events[1]: no'] },
      { kind: 'sent', value: undefined },
      { kind: 'refused', messages: ['จุดส่งนี้บันทึกผลการส่งไว้แล้ว'] },
      { kind: 'sent', value: undefined },
    ]);
    const result = await flushQueue(queue, sender);
    expect(calls).toEqual(['events a,bad,c', 'events a', 'events bad', 'events c']);
    expect(result).toMatchObject({ sent: 2, refused: ['จุดส่งนี้บันทึกผลการส่งไว้แล้ว'], stopped: 'done' });
    expect(queue.left()).toEqual([]);
  });

  it('says a new sign-in is needed when the session ran out, keeping the queue', async () => {
    const queue = memoryQueue([ev(1, 'a')]);
    const { sender } = scripted([{ kind: 'unanswered', signIn: true }]);
    expect((await flushQueue(queue, sender)).stopped).toBe('signIn');
    expect(queue.left()).toEqual([1]);
  });

  it('drops positions the server will not keep (the trip not running), and goes on', async () => {
    const queue = memoryQueue([pos(1), ev(2, 'a')]);
    const { sender, calls } = scripted([{ kind: 'refused', messages: ['ไม่ได้กำลังส่ง'] }]);
    const result = await flushQueue(queue, sender);
    expect(calls).toEqual(['positions 1', 'events a']);
    expect(result.refused).toEqual([]);
    expect(queue.left()).toEqual([]);
  });

  it('splits events past 50 into calls of 50', async () => {
    const queue = memoryQueue(Array.from({ length: 120 }, (_, i) => ev(i + 1, `e${i}`)));
    const { sender, calls } = scripted([]);
    await flushQueue(queue, sender);
    expect(calls.map((c) => c.split(',').length)).toEqual([50, 50, 20]);
  });

  it('hands over the stage taps the server asks about (unusual time), not those it recorded or a confirmed resend', async () => {
    const resent: StopEventInput = { ...start, id: 'tap2', stage: 'CheckIn', confirmUnusual: true };
    const queue = memoryQueue([
      { seq: 1, tripId: TRIP, kind: 'event', event: start },
      { seq: 2, tripId: TRIP, kind: 'event', event: resent },
      ev(3, 'a'),
    ]);
    const question = 'เวลาที่บันทึกห่างจากเวลาตามแผนมาก ยืนยันหรือไม่';
    const { sender } = scripted([
      {
        kind: 'sent',
        value: {
          trip,
          stages: [
            { stage: 'ShipStart', recorded: false, message: question, confirmUnusual: true },
            { stage: 'CheckIn', recorded: false, message: question, confirmUnusual: true },
            { stage: 'ShipEnd', recorded: true, message: null, confirmUnusual: false },
          ],
        },
      },
    ]);
    const result = await flushQueue(queue, sender);
    expect(result.questions).toEqual([{ tripId: TRIP, event: start, message: question }]);
    // The call was answered: the asked tap leaves the queue (it is sent again only if the driver says so).
    expect(queue.left()).toEqual([]);
    // ...but only after the question was kept on the phone, while the tap was still queued: an app
    // closed between the two asks again on opening instead of losing the tap.
    expect(queue.asked).toEqual([
      { question: { tripId: TRIP, event: start, message: question }, queued: [1, 2, 3] },
    ]);
  });

  it('keeps the question of a tap sent alone after its batch was refused whole, before it leaves the queue', async () => {
    const queue = memoryQueue([ev(1, 'bad'), { seq: 2, tripId: TRIP, kind: 'event', event: start }]);
    const message = 'เวลาออกเดินทางห่างจากเวลาตามแผนมาก';
    const { sender } = scripted([
      { kind: 'refused', messages: ['events[0].stopId: ไม่พบจุดส่ง'] },
      { kind: 'refused', messages: ['ไม่พบจุดส่ง'] },
      {
        kind: 'sent',
        value: { trip, stages: [{ stage: 'ShipStart', recorded: false, message, confirmUnusual: true }] },
      },
    ]);
    const result = await flushQueue(queue, sender);
    expect(result.questions).toEqual([{ tripId: TRIP, event: start, message }]);
    expect(queue.asked).toEqual([{ question: { tripId: TRIP, event: start, message }, queued: [2] }]);
    expect(queue.left()).toEqual([]);
  });

  it('keeps no question when the call goes unanswered (the tap stays queued and is sent again)', async () => {
    const queue = memoryQueue([{ seq: 1, tripId: TRIP, kind: 'event', event: start }]);
    const { sender } = scripted([{ kind: 'unanswered' }]);
    const result = await flushQueue(queue, sender);
    expect(result).toMatchObject({ stopped: 'unanswered', questions: [] });
    expect(queue.asked).toEqual([]);
    expect(queue.left()).toEqual([1]);
  });
});
