import { describe, expect, it } from 'vitest';
import { eventTimeRefusal, judgeStageTap, type StageTapPlan, tapsOpenAt } from './stageTap.ts';

const morning: StageTapPlan = {
  shiftDate: '2026-11-29',
  shift: { name: 'กะเช้า', startTime: '08:00:00', endTime: '12:00:00' },
  planned: { date: '2026-11-29', time: '07:45' },
};
const night: StageTapPlan = {
  shiftDate: '2026-11-29',
  shift: { name: 'ค่ำ', startTime: '20:00', endTime: '02:00' },
  planned: null,
};
const at = (iso: string) => new Date(`${iso}+07:00`);
const verdictOf = (plan: StageTapPlan, iso: string) => judgeStageTap('เช็คอิน', at(iso), plan).verdict;

describe('judgeStageTap', () => {
  it('refuses a tap the evening before a morning shift (the 28/11-for-29/11 mis-tap)', () => {
    const verdict = judgeStageTap('เช็คอิน', at('2026-11-28T20:20'), morning);
    expect(verdict).toEqual({
      verdict: 'refused',
      message:
        'เวลาจริงของ "เช็คอิน" ที่บันทึก (28/11/2026 20:20) เร็วกว่าเวลาเริ่มของกะเช้า 29/11/2026 เวลา 08:00–12:00 ที่วางแผนไว้ เกิน 6 ชม. จึงบันทึกไม่ได้ กรุณาตรวจสอบวันที่และเวลาในเครื่อง',
    });
  });

  it('takes the bounds at their edges: 6 h before the start, an hour before the plan, 2 h and 24 h after the end', () => {
    expect(verdictOf(morning, '2026-11-29T01:59')).toBe('refused');
    expect(verdictOf(morning, '2026-11-29T02:00')).toBe('unusual');
    expect(verdictOf(morning, '2026-11-29T06:44')).toBe('unusual');
    expect(verdictOf(morning, '2026-11-29T06:45')).toBe('ok');
    expect(verdictOf(morning, '2026-11-29T14:00')).toBe('ok');
    expect(verdictOf(morning, '2026-11-29T14:01')).toBe('unusual');
    expect(verdictOf(morning, '2026-11-30T12:00')).toBe('unusual');
    expect(verdictOf(morning, '2026-11-30T12:01')).toBe('refused');
  });

  it('a shift past midnight ends the next day; without a planned time its start is the plan', () => {
    expect(verdictOf(night, '2026-11-30T01:30')).toBe('ok');
    expect(verdictOf(night, '2026-11-30T04:00')).toBe('ok');
    expect(verdictOf(night, '2026-11-30T04:01')).toBe('unusual');
    expect(verdictOf(night, '2026-11-29T18:59')).toBe('unusual');
    expect(judgeStageTap('เช็คอิน', at('2026-11-29T18:00'), night)).toMatchObject({
      message: expect.stringContaining(
        'เร็วกว่าเวลาเริ่มของกะค่ำ 29/11/2026 เวลา 20:00–02:00 (ข้ามเที่ยงคืน) ที่วางแผนไว้ เกิน 1 ชม.',
      ),
    });
  });

  it('a shipment without a planned shift has nothing to be judged against', () => {
    expect(verdictOf({ shiftDate: null, shift: null, planned: null }, '2020-01-01T00:00')).toBe('ok');
  });
});

describe('eventTimeRefusal', () => {
  it('refuses an event of tomorrow’s trip recorded today, in the words and bounds of a tap', () => {
    const refusal = eventTimeRefusal('ถึงจุดส่ง', at('2026-11-28T06:40'), morning);
    expect(refusal).toBe(
      'เวลาจริงของ "ถึงจุดส่ง" ที่บันทึก (28/11/2026 06:40) เร็วกว่าเวลาเริ่มของกะเช้า 29/11/2026 เวลา 08:00–12:00 ที่วางแผนไว้ เกิน 6 ชม. จึงบันทึกไม่ได้ กรุณาตรวจสอบวันที่และเวลาในเครื่อง',
    );
    expect(eventTimeRefusal('ถึงจุดส่ง', at('2026-11-29T01:59'), morning)).not.toBeNull();
    expect(eventTimeRefusal('ถึงจุดส่ง', at('2026-11-30T12:01'), morning)).not.toBeNull();
  });

  it('never asks: what a tap is asked about (an hour early, hours late) is recorded as it happened', () => {
    expect(verdictOf(morning, '2026-11-29T02:00')).toBe('unusual');
    expect(eventTimeRefusal('ส่งครบ', at('2026-11-29T02:00'), morning)).toBeNull();
    expect(eventTimeRefusal('ส่งครบ', at('2026-11-30T12:00'), morning)).toBeNull();
    expect(eventTimeRefusal('ส่งครบ', at('2020-01-01T00:00'), { shiftDate: null, shift: null })).toBeNull();
  });
});

describe('tapsOpenAt', () => {
  it('is the first minute a tap is not refused: six hours before the shift’s start', () => {
    expect(tapsOpenAt(morning)?.toISOString()).toBe(at('2026-11-29T02:00').toISOString());
    expect(eventTimeRefusal('ถึงจุดส่ง', tapsOpenAt(morning)!, morning)).toBeNull();
    expect(
      eventTimeRefusal('ถึงจุดส่ง', new Date(tapsOpenAt(morning)!.getTime() - 60_000), morning),
    ).not.toBeNull();
    expect(tapsOpenAt(night)?.toISOString()).toBe(at('2026-11-29T14:00').toISOString());
    expect(tapsOpenAt({ shiftDate: '2026-11-29', shift: null })).toBeNull();
  });
});
