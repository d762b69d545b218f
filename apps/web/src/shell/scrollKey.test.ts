import { describe, expect, it } from 'vitest';
import { scrollKey } from './scrollKey.ts';

describe('scrollKey', () => {
  it('keeps a list and its dialogs one page, every other path a page of its own', () => {
    expect(scrollKey({ pathname: '/province' })).toBe('/province');
    expect(scrollKey({ pathname: '/province/create' })).toBe('/province');
    expect(scrollKey({ pathname: '/province/edit/7' })).toBe('/province');
    expect(scrollKey({ pathname: '/deliveryOrder/edit' })).toBe('/deliveryOrder');
    expect(scrollKey({ pathname: '/province/show/7' })).toBe('/province/show/7');
    expect(scrollKey({ pathname: '/doBooking/suggestion' })).toBe('/doBooking/suggestion');
    expect(scrollKey({ pathname: '/performance' })).toBe('/performance');
  });
});
