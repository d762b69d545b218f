import { describe, expect, it } from 'vitest';
import {
  dismiss,
  enqueue,
  joinMessages,
  type SnackbarEntry,
  snackbarDefaults,
  visibleEntries,
} from './snackbarQueue.ts';

const entry = (id: number, text: string, overrides: Partial<SnackbarEntry> = {}): SnackbarEntry => ({
  id,
  text,
  severity: 'error',
  placement: 'snackbar',
  durationMs: 5000,
  ...overrides,
});

describe('snackbar queue', () => {
  it('joins several messages with line breaks and drops blank ones', () => {
    expect(joinMessages(['บันทึกไม่สำเร็จ', ' ', 'กรุณาลองใหม่ '])).toBe('บันทึกไม่สำเร็จ\nกรุณาลองใหม่');
    expect(joinMessages('ข้อความ')).toBe('ข้อความ');
  });

  it('keeps one of identical entries and ignores empty ones', () => {
    let queue = enqueue([], entry(1, 'เชื่อมต่อไม่ได้'));
    queue = enqueue(queue, entry(2, 'เชื่อมต่อไม่ได้'));
    queue = enqueue(queue, entry(3, ''));
    expect(queue.map((item) => item.id)).toEqual([1]);
    // Same text with another severity or placement is a different message.
    queue = enqueue(queue, entry(4, 'เชื่อมต่อไม่ได้', { severity: 'warning' }));
    queue = enqueue(queue, entry(5, 'เชื่อมต่อไม่ได้', { placement: 'toast' }));
    expect(queue.map((item) => item.id)).toEqual([1, 4, 5]);
  });

  it('shows at most the limit per placement, oldest first, and the next after a dismiss', () => {
    let queue: readonly SnackbarEntry[] = [];
    for (const id of [1, 2, 3, 4, 5]) queue = enqueue(queue, entry(id, `ข้อความ ${id}`));
    queue = enqueue(queue, entry(6, 'แจ้งสั้น', { placement: 'toast' }));
    const limits = snackbarDefaults.limits;
    expect(visibleEntries(queue, 'snackbar', limits).map((item) => item.id)).toEqual([1, 2, 3]);
    expect(visibleEntries(queue, 'toast', limits).map((item) => item.id)).toEqual([6]);
    queue = dismiss(queue, 2);
    expect(visibleEntries(queue, 'snackbar', limits).map((item) => item.id)).toEqual([1, 3, 4]);
    expect(visibleEntries(queue, 'snackbar', { ...limits, maxSnackbars: 12 })).toHaveLength(4);
  });

  it('stacks "many" snackbars up to the other setting (12) and keeps others to 3', () => {
    let queue: readonly SnackbarEntry[] = [];
    for (let id = 1; id <= 14; id++) queue = enqueue(queue, { ...entry(id, `ผล ${id}`), many: true });
    queue = enqueue(queue, entry(15, 'ข้อความทั่วไป'));
    const shown = visibleEntries(queue, 'snackbar', snackbarDefaults.limits).map((item) => item.id);
    expect(shown).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // An ordinary message waits while three or more are shown, whatever their kind.
    queue = enqueue(queue.slice(11), entry(16, 'อีกข้อความ'));
    expect(visibleEntries(queue, 'snackbar', snackbarDefaults.limits).map((item) => item.id)).toEqual([
      12, 13, 14,
    ]);
  });

  it('uses the durations of the spec', () => {
    expect(snackbarDefaults.durations).toEqual({
      snackbar: 5000,
      errorOnce: 6000,
      toastSuccess: 2000,
      toastError: 4000,
      repeatWindow: 2000,
    });
    expect(snackbarDefaults.limits).toEqual({ maxSnackbars: 3, maxManySnackbars: 12, maxToasts: 20 });
  });
});
