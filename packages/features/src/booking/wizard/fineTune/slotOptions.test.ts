import { storySlotChoices } from '@lms/testing';
import { describe, expect, it } from 'vitest';
import { slotOptions } from './SlotPicker.tsx';

describe('the slot picker', () => {
  it('lists a day’s slots by the shift’s start time, whatever order the engine searched them in', () => {
    const { slots } = storySlotChoices();
    const day = slots.filter((slot) => slot.date === '2025-01-09');
    // The engine ranks by priority: here the afternoon first.
    const ranked = [...day].sort((a, b) => b.shiftStartTime.localeCompare(a.shiftStartTime));
    const options = slotOptions(ranked, [], []);
    const starts = options.map((option) => String(option.label).split(' · ')[0] ?? '');
    expect(starts.slice(0, 3).every((start) => start.includes('08:00'))).toBe(true);
    expect(starts.slice(3).every((start) => start.includes('13:00'))).toBe(true);
  });

  it('says the used share as used, then the band', () => {
    const [first] = slotOptions(storySlotChoices().slots.slice(0, 1), [], []);
    expect(first?.label).toMatch(/· ใช้แล้ว [\d.]+% · (ว่าง|ปกติ|ใกล้เต็ม|เต็ม) · เหลือ /);
  });
});
