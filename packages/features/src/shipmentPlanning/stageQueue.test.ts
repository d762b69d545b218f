import { describe, expect, it } from 'vitest';
import {
  answerTap,
  enqueueTap,
  flushTaps,
  pendingTaps,
  type QueuedTap,
  type TapStore,
  tapInstant,
} from './stageQueue.ts';

const memory = (): TapStore => {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
};
const tap = (id: string, stage: QueuedTap['stage'], at: string): QueuedTap => ({
  id,
  stage,
  at,
  shipmentId: 'S1',
  branchId: 'B1',
});

describe('the offline stage-tap queue', () => {
  it('keeps taps with their own time while offline and sends them in order once back, each once', async () => {
    const store = memory();
    enqueueTap(store, tap('a', 'CheckIn', '2025-01-06T01:00:00Z'));
    enqueueTap(store, tap('b', 'LoadStart', '2025-01-06T01:10:00Z'));
    enqueueTap(store, tap('a', 'CheckIn', '2025-01-06T01:00:00Z'));
    expect(pendingTaps(store).map((t) => t.id)).toEqual(['a', 'b']);

    const offline = await flushTaps(store, async () => ({ answered: false }));
    expect(offline).toEqual({ sent: 0, refused: [], waiting: 2, asked: [] });

    const seen: QueuedTap[] = [];
    const online = await flushTaps(store, async (t) => {
      seen.push(t);
      return { answered: true, ok: true };
    });
    expect(seen.map((t) => [t.id, t.at])).toEqual([
      ['a', '2025-01-06T01:00:00Z'],
      ['b', '2025-01-06T01:10:00Z'],
    ]);
    expect(online).toEqual({ sent: 2, refused: [], waiting: 0, asked: [] });
    // Nothing is sent a second time.
    expect((await flushTaps(store, async () => ({ answered: true, ok: true }))).sent).toBe(0);
  });

  it('drops a refused tap with its message and stops at the first one without an answer', async () => {
    const store = memory();
    enqueueTap(store, tap('a', 'LoadStart', '2025-01-06T01:00:00Z'));
    enqueueTap(store, tap('b', 'CheckIn', '2025-01-06T01:05:00Z'));
    enqueueTap(store, tap('c', 'LoadStart', '2025-01-06T01:10:00Z'));
    const result = await flushTaps(store, async (t) =>
      t.id === 'a'
        ? { answered: true, ok: false, messages: ['ต้องบันทึกเวลาจริงของ "เช็คอิน" ก่อน "เริ่มขึ้นสินค้า"'] }
        : t.id === 'b'
          ? { answered: true, ok: true }
          : { answered: false },
    );
    expect(result).toEqual({
      sent: 1,
      refused: ['ต้องบันทึกเวลาจริงของ "เช็คอิน" ก่อน "เริ่มขึ้นสินค้า"'],
      waiting: 1,
      asked: [],
    });
    expect(pendingTaps(store).map((t) => t.id)).toEqual(['c']);
  });

  it('keeps a tap the server asks about with its question, its shipment’s later taps behind it, until the driver answers', async () => {
    const store = memory();
    const question = 'เวลาจริงของ "เช็คอิน" ที่บันทึก (29/11/2026 06:30) เร็วกว่าเวลาตามแผน … ยืนยันว่าจะบันทึกเวลานี้หรือไม่';
    enqueueTap(store, tap('a', 'CheckIn', '2025-01-06T01:00:00Z'));
    enqueueTap(store, tap('b', 'LoadStart', '2025-01-06T01:10:00Z'));
    enqueueTap(store, { ...tap('c', 'CheckIn', '2025-01-06T01:20:00Z'), shipmentId: 'S2' });
    const sent: QueuedTap[] = [];
    const server = async (t: QueuedTap) => {
      sent.push(t);
      return t.id === 'a' && !t.confirmUnusual
        ? { answered: true as const, question }
        : { answered: true as const, ok: true };
    };
    const first = await flushTaps(store, server);
    // Another shipment's tap goes on; this shipment's next stage waits behind the question.
    expect(first).toMatchObject({ sent: 1, refused: [], waiting: 2 });
    expect(first.asked.map((t) => [t.id, t.question])).toEqual([['a', question]]);
    expect(sent.map((t) => t.id)).toEqual(['a', 'c']);
    // Not sent again while unanswered.
    expect((await flushTaps(store, server)).asked.map((t) => t.id)).toEqual(['a']);
    expect(sent).toHaveLength(2);
    // The driver records it: sent again with the flag, then the next stage.
    answerTap(store, 'a', true);
    expect(await flushTaps(store, server)).toEqual({ sent: 2, refused: [], waiting: 0, asked: [] });
    expect(sent.slice(2).map((t) => [t.id, t.confirmUnusual, t.question])).toEqual([
      ['a', true, undefined],
      ['b', undefined, undefined],
    ]);
  });

  it('drops a tap the driver does not record', async () => {
    const store = memory();
    enqueueTap(store, tap('a', 'CheckIn', '2025-01-06T01:00:00Z'));
    await flushTaps(store, async () => ({ answered: true, question: 'ยืนยันว่าจะบันทึกเวลานี้หรือไม่' }));
    answerTap(store, 'a', false);
    expect(pendingTaps(store)).toEqual([]);
  });

  it('survives a damaged store', () => {
    const store = memory();
    store.setItem('lms.shipmentStageTaps', '{not json');
    expect(pendingTaps(store)).toEqual([]);
  });
});

describe('the time of a tap', () => {
  const now = new Date(2025, 0, 6, 0, 10, 30);
  it('is now unless a time was typed', () => {
    expect(tapInstant(now, null)).toBe(now);
  });
  it('is the typed time today when that is past, else last night (never after now)', () => {
    expect(tapInstant(now, '00:05')).toEqual(new Date(2025, 0, 6, 0, 5));
    expect(tapInstant(now, '23:50')).toEqual(new Date(2025, 0, 5, 23, 50));
    expect(tapInstant(now, '00:10')).toEqual(new Date(2025, 0, 6, 0, 10));
  });
});
