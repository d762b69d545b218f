/** Renew the token when less than this remains and the user is active (tokens live 60 minutes). */
export const RENEW_WHEN_REMAINING_MS = 10 * 60 * 1000;
/** Activity is looked at no more than once in this window (pointer moves fire hundreds of events). */
export const ACTIVITY_CHECK_INTERVAL_MS = 2000;

export type RenewalDecision = 'logout' | 'renew' | 'wait';

/** Spec §4: no stored expiry means logout; otherwise renew, here only once the end is near. */
export function renewalDecision(expiresAt: number | null, now: number): RenewalDecision {
  if (expiresAt === null) return 'logout';
  return expiresAt - now < RENEW_WHEN_REMAINING_MS ? 'renew' : 'wait';
}
