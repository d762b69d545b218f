import { matchRoute } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { needsBranch } from './needsBranch.ts';

const route = (path: string) => {
  const found = matchRoute(path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

describe('needsBranch', () => {
  it('is true for branch-owned data and the booking pages', () => {
    expect(needsBranch(route('/vehicle'))).toBe(true);
    expect(needsBranch(route('/doBooking/info'))).toBe(true);
    expect(needsBranch(route('/bookingCalendar'))).toBe(true);
  });

  it('is false for shared master data, home and the branch selection', () => {
    expect(needsBranch(route('/province'))).toBe(false);
    expect(needsBranch(route('/'))).toBe(false);
    expect(needsBranch(route('/selectBranch'))).toBe(false);
  });
});
