import { describe, expect, it } from 'vitest';
import { capacityText, usedShareShortText, usedShareText } from './capacity.ts';

describe('the used share of a slot', () => {
  it('says used, then the band: never "ว่าง" before the used figure', () => {
    expect(usedShareText(26.25)).toBe('ใช้แล้ว 26.3%');
    expect(usedShareShortText(99.9)).toBe('ใช้ 99%');
    expect(capacityText(26.25, 'ว่าง')).toBe('ใช้แล้ว 26.3% · ว่าง');
    expect(capacityText(26.25, 'ว่าง')).not.toMatch(/^ว่าง/);
  });
});
