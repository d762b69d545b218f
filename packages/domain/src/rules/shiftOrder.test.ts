import { describe, expect, it } from 'vitest';
import { compareShifts } from './shiftOrder.ts';

describe('shifts', () => {
  it('are listed by start time, not by name', () => {
    const shifts = [
      { name: 'กะค่ำ', startTime: '18:00' },
      { name: 'กะเช้า', startTime: '08:00' },
      { name: 'กะบ่าย', startTime: '13:00' },
    ];
    expect([...shifts].sort(compareShifts).map((shift) => shift.name)).toEqual(['กะเช้า', 'กะบ่าย', 'กะค่ำ']);
    // By name they would read ค่ำ, เช้า, บ่าย: what the calendar showed.
    expect(shifts.map((s) => s.name).sort(new Intl.Collator('th').compare)).toEqual([
      'กะค่ำ',
      'กะเช้า',
      'กะบ่าย',
    ]);
  });

  it('two starting together go by name', () => {
    expect(
      compareShifts({ name: 'กะเช้า ข', startTime: '08:00' }, { name: 'กะเช้า ก', startTime: '08:00' }),
    ).toBeGreaterThan(0);
  });
});
