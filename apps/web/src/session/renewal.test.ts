import { describe, expect, it } from 'vitest';
import { RENEW_WHEN_REMAINING_MS, renewalDecision } from './renewal.ts';

describe('renewalDecision', () => {
  const now = Date.parse('2026-11-01T10:00:00Z');

  it('logs out when no expiry is stored', () => {
    expect(renewalDecision(null, now)).toBe('logout');
  });

  it('waits while more than 10 minutes remain', () => {
    expect(renewalDecision(now + RENEW_WHEN_REMAINING_MS + 1, now)).toBe('wait');
    expect(renewalDecision(now + 60 * 60 * 1000, now)).toBe('wait');
  });

  it('renews when less than 10 minutes remain, or the token already ran out', () => {
    expect(renewalDecision(now + RENEW_WHEN_REMAINING_MS - 1, now)).toBe('renew');
    expect(renewalDecision(now - 1000, now)).toBe('renew');
  });
});
