import { describe, expect, it } from 'vitest';
import { activeHrefOf } from './activeHref.ts';

describe('activeHrefOf', () => {
  const hrefs = ['/', '/doBooking', '/doBooking/calendar', '/vehicle'];

  it('lights the most specific entry only', () => {
    expect(activeHrefOf(hrefs, '/doBooking/calendar')).toBe('/doBooking/calendar');
    expect(activeHrefOf(hrefs, '/doBooking/calendar?date=2025-01-08')).toBe('/doBooking/calendar');
    expect(activeHrefOf(hrefs, '/doBooking/suggestion?draftId=x')).toBe('/doBooking');
    expect(activeHrefOf(hrefs, '/vehicle/edit/1')).toBe('/vehicle');
    expect(activeHrefOf(hrefs, '/')).toBe('/');
    expect(activeHrefOf(hrefs, '/province')).toBeNull();
  });
});
