import { describe, expect, it } from 'vitest';
import { maskContact } from './mask.ts';

describe('maskContact', () => {
  it('keeps only the last three characters of a phone or LINE id', () => {
    expect(maskContact('081-234-5678')).toBe('•••••••••678');
    expect(maskContact('U4af4980629')).toBe('••••••••629');
  });
  it('hides a short value completely', () => {
    expect(maskContact('1234')).toBe('••••');
    expect(maskContact('')).toBe('');
  });
});
