import { describe, expect, it } from 'vitest';
import { readRoles } from './auth/permissions.ts';
import { canOpenRoute, featurePages, pageAt, pages } from './pages.ts';

describe('pages', () => {
  it('declares each path once', () => {
    expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
  });

  it('finds the page of a link, query aside, with the roles that open it', () => {
    expect(pageAt('/bookingReport')?.roles).toEqual(readRoles('bookingReport'));
    expect(pageAt('/vehicleDateSlot/edit/42')?.path).toBe('/vehicleDateSlot/edit/:id');
    expect(pageAt('/bookingReport/show')?.path).toBe('/bookingReport/show');
    expect(pageAt(featurePages.bookingCalendar.path)).toBe(featurePages.bookingCalendar);
    expect(pageAt('/doBooking/summary')?.roles).toEqual(featurePages.doBooking.roles);
    expect(pageAt('/nowhere')).toBeUndefined();
  });

  it('opens a page by spec §6', () => {
    const calendar = featurePages.bookingCalendar;
    expect(canOpenRoute(['ROLE_BOOKING_CALENDAR_READ'], calendar)).toBe(true);
    expect(canOpenRoute(['ROLE_PROVINCE_READ'], calendar)).toBe(false);
    expect(canOpenRoute(['ROLE_PROVINCE_READ'], featurePages.home)).toBe(true);
  });
});
