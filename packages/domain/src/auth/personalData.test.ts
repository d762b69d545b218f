import { describe, expect, it } from 'vitest';
import { entities } from '../entities/index.ts';
import { seesPersonalData } from './permissions.ts';
import {
  editRoleOf,
  ROLE_ADMIN,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  ROLE_BOOKING_REPORT_READ,
  readRoleOf,
} from './roles.ts';

describe('who sees personal data whole (docs/privacy.md)', () => {
  it('on a booking, whoever may change its call status: the one who calls the customer', () => {
    expect(
      seesPersonalData([ROLE_BOOKING_REPORT_READ, ROLE_BOOKING_CHANGE_CALL_STATUS], 'bookingReport'),
    ).toBe(true);
    expect(seesPersonalData([ROLE_BOOKING_REPORT_READ], 'bookingReport')).toBe(false);
    expect(seesPersonalData([ROLE_ADMIN], 'bookingReport')).toBe(true);
  });

  it('elsewhere, the record’s editors', () => {
    expect(seesPersonalData([editRoleOf('SHIP_TO')], 'shipTo')).toBe(true);
    expect(seesPersonalData([readRoleOf('SHIP_TO')], 'shipTo')).toBe(false);
    // The call-status role is about bookings only.
    expect(seesPersonalData([ROLE_BOOKING_CHANGE_CALL_STATUS], 'shipTo')).toBe(false);
  });

  it('is declared only by entities that offer the action and hold personal fields', () => {
    for (const entity of entities.filter((e) => e.revealsPersonalTo && e.revealsPersonalTo !== 'update')) {
      expect(entity.actions, entity.name).toContain(entity.revealsPersonalTo);
      expect(
        entity.fields.some((f) => f.personal),
        entity.name,
      ).toBe(true);
    }
  });
});
