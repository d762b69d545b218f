import { describe, expect, it } from 'vitest';
import { telHref } from './phone.ts';

describe('telHref', () => {
  it('dials a number as people write it', () => {
    expect(telHref('081-234-5678')).toBe('tel:0812345678');
    expect(telHref(' +66 (81) 234 5678 ')).toBe('tel:+66812345678');
    expect(telHref('02 123 4567')).toBe('tel:021234567');
  });

  it('offers no call for a masked, empty or wordy value', () => {
    expect(telHref('•••••••678')).toBeNull();
    expect(telHref('')).toBeNull();
    expect(telHref(null)).toBeNull();
    expect(telHref('โทรหาคุณสมชาย')).toBeNull();
    expect(telHref('081-234-5678, 02-123-4567')).toBeNull();
  });
});
