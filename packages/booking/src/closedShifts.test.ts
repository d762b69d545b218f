import { describe, expect, it } from 'vitest';
import { checkAllocation } from './checkAllocation.ts';
import { shiftOffers } from './shiftOffers.ts';
import { slotChoices } from './slotChoices.ts';
import { closedShiftBreak } from './slots.ts';
import { suggest } from './suggest.ts';
import { order, request, slot, world } from './testing/fixtures.ts';
import { whyNot } from './whyNot.ts';
import type { ClosedShift } from './world.ts';
import { indexWorld } from './worldIndex.ts';

/**
 * Closed shifts (docs/booking.md): once a truck of a branch's shift has checked in, the shift's
 * plan is frozen, and every way into it answers the same rule and message.
 */

const cement = order('D1', [['CEMENT', 10, 500, 0.4]]);
const morning = slot({ date: '2025-01-08' });
const afternoon = slot({ date: '2025-01-08', shiftOfDayId: 'AFTERNOON' });
const nextMorning = slot({ date: '2025-01-09' });
const checkedIn: ClosedShift = {
  branchId: 'B1',
  shiftDate: '2025-01-08',
  shiftOfDayId: 'MORNING',
  truck: 'กข-1234',
  checkedInDate: '2025-01-08',
  checkedInTime: '07:40',
};
const closedMessage = 'กะเช้า 08/01/2025 ปิดรับการจองแล้ว: รถ กข-1234 เช็คอินเมื่อ 07:40';
const closedWorld = (closedShifts: ClosedShift[] = [checkedIn]) =>
  world({ slots: [morning, afternoon, nextMorning], orders: [cement], overrides: { closedShifts } });

describe('a closed shift', () => {
  it('is never offered: the suggestion goes to the next open shift, and why-not names the closure', () => {
    const answer = suggest(closedWorld(), request(['D1']));
    expect(answer.options.length).toBeGreaterThan(0);
    for (const option of answer.options)
      expect(option.allocations.map((a) => a.slotId)).not.toContain(morning.id);
    expect(answer.options[0]!.allocations[0]!.slotId).toBe(afternoon.id);
    // The day still has an open shift: bookable.
    expect(answer.days.find((d) => d.date === '2025-01-08')).toMatchObject({ bookable: true });
  });

  it('a day whose every shift is closed says so, with the truck and time', () => {
    const both: ClosedShift = {
      ...checkedIn,
      shiftOfDayId: 'AFTERNOON',
      truck: 'กข-5678',
      checkedInTime: '12:50',
    };
    const answer = suggest(closedWorld([checkedIn, both]), request(['D1']));
    expect(answer.days.find((d) => d.date === '2025-01-08')).toEqual({
      date: '2025-01-08',
      bookable: false,
      rule: 'CLOSED',
      ruleLabel: 'กะปิดรับการจอง',
      message: `${closedMessage} · กะบ่าย 08/01/2025 ปิดรับการจองแล้ว: รถ กข-5678 เช็คอินเมื่อ 12:50`,
    });
    expect(whyNot(closedWorld([checkedIn, both]), request(['D1']))).toContainEqual(
      expect.objectContaining({ date: '2025-01-08', vehicleTypeId: 'V6', rule: 'CLOSED' }),
    );
  });

  it('an edit into it is refused by the same rule and message (fine tune, confirm, a move)', () => {
    const check = checkAllocation(closedWorld(), {
      branchId: 'B1',
      shipToId: 'S1',
      shipCondId: 'SC1',
      today: '2025-01-06',
      slotId: morning.id,
      vehicles: 1,
      lines: [{ deliveryOrderId: 'D1', lineId: 'D1-1', qty: 10 }],
    });
    expect(check).toEqual({ ok: false, rule: 'CLOSED', message: closedMessage });
    expect(
      slotChoices(closedWorld(), request(['D1'])).slots.find((s) => s.slotId === morning.id),
    ).toMatchObject({
      ruleBreak: { rule: 'CLOSED', ruleLabel: 'กะปิดรับการจอง', message: closedMessage },
    });
  });

  it('a check-in on another day (a night shift past midnight) names that day too; leaving it is refused as well', () => {
    const night: ClosedShift = { ...checkedIn, checkedInDate: '2025-01-07', checkedInTime: '23:50' };
    const index = indexWorld(closedWorld([night]));
    expect(
      closedShiftBreak(index, { branchId: 'B1', shiftDate: '2025-01-08', shiftOfDayId: 'MORNING' }, 'in'),
    ).toEqual({
      rule: 'CLOSED',
      message: 'กะเช้า 08/01/2025 ปิดรับการจองแล้ว: รถ กข-1234 เช็คอินเมื่อ 07/01/2025 23:50',
    });
    expect(
      closedShiftBreak(index, { branchId: 'B1', shiftDate: '2025-01-08', shiftOfDayId: 'MORNING' }, 'out')
        ?.message,
    ).toBe('กะเช้า 08/01/2025 ปิดรับการจองแล้ว จึงย้ายการจองออกจากกะนี้ไม่ได้: รถ กข-1234 เช็คอินเมื่อ 07/01/2025 23:50');
    expect(
      closedShiftBreak(index, { branchId: 'B1', shiftDate: '2025-01-08', shiftOfDayId: 'AFTERNOON' }, 'in'),
    ).toBeNull();
  });
});

describe('shiftOffers (a day and shift as one choice)', () => {
  it('answers each day and shift once, by day then shift start, the whole order in it or the rule that stops it', () => {
    const slots = [
      nextMorning,
      slot({ date: '2025-01-08', shiftOfDayId: 'AFTERNOON', vehicleTypeId: 'V4' }),
      afternoon,
      morning,
      // Before the SLA's earliest date (8th): not offered.
      slot({ date: '2025-01-07' }),
    ];
    const { offers, problem } = shiftOffers(
      world({ slots, orders: [cement], overrides: { closedShifts: [checkedIn] } }),
      {
        ...request(['D1']),
        from: '2025-01-07',
        days: 3,
      },
    );
    expect(problem).toBeNull();
    expect(offers.map((o) => `${o.date} ${o.shiftName} ${o.option ? 'ok' : o.rule}`)).toEqual([
      '2025-01-08 เช้า CLOSED',
      '2025-01-08 บ่าย ok',
      '2025-01-09 เช้า ok',
    ]);
    expect(offers[0]).toMatchObject({ message: closedMessage, ruleLabel: 'กะปิดรับการจอง' });
    // The option lies wholly in its day and shift.
    for (const offer of offers)
      for (const allocation of offer.option?.allocations ?? [])
        expect([allocation.date, allocation.shiftOfDayId]).toEqual([offer.date, offer.shiftOfDayId]);
  });

  it('a shift without room for the whole order says what is short', () => {
    const full = slot({ date: '2025-01-08', total: 1 });
    const w = world({
      slots: [full],
      orders: [cement],
      booked: [{ slotId: full.id, usedWeight: 4400, usedVolume: 1, usedMinute: 10 }],
    });
    const [offer] = shiftOffers(w, { ...request(['D1']), from: '2025-01-08', days: 1 }).offers;
    expect(offer).toMatchObject({ option: null, rule: 'CAPACITY' });
    expect(offer?.message).toMatch(/เหลือ/);
  });

  it('`only` judges one day and shift', () => {
    const { offers } = shiftOffers(closedWorld(), {
      ...request(['D1']),
      from: '2025-01-08',
      days: 2,
      only: { date: '2025-01-09', shiftOfDayId: 'MORNING' },
    });
    expect(offers.map((o) => [o.date, o.shiftOfDayId, o.option !== null])).toEqual([
      ['2025-01-09', 'MORNING', true],
    ]);
  });
});
