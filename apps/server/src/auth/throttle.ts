/**
 * Sign-in throttling (product.md, ASVS 6.3): failures are counted per address, per user name and
 * per (user name, address). A guesser from one address is slowed quickly; a real user elsewhere
 * is only ever held back by the per-user-name rule, whose block is short, so nobody can lock a
 * real user out for long. Successful sign-ins are counted too (`counts: 'attempts'`): each costs
 * a password hash, so a script signing in again and again with a known password is slowed as
 * well. Kept in memory: each server instance counts on its own.
 */
interface Rule {
  readonly scope: 'address' | 'username' | 'pair';
  /** 'failures' counts wrong passwords only; 'attempts' counts every try, successes included. */
  readonly counts: 'failures' | 'attempts';
  readonly limit: number;
  readonly windowMs: number;
  readonly blockMs: number;
}

const MINUTE = 60_000;
export const throttleRules: readonly Rule[] = [
  { scope: 'pair', counts: 'failures', limit: 5, windowMs: 15 * MINUTE, blockMs: 5 * MINUTE },
  { scope: 'address', counts: 'failures', limit: 30, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  { scope: 'username', counts: 'failures', limit: 20, windowMs: 15 * MINUTE, blockMs: 1 * MINUTE },
  // Nobody signs in 20 times in 15 minutes from one place by hand; an office behind one address
  // shares the per-address rule, hence its size.
  { scope: 'pair', counts: 'attempts', limit: 20, windowMs: 15 * MINUTE, blockMs: 5 * MINUTE },
  { scope: 'address', counts: 'attempts', limit: 300, windowMs: 15 * MINUTE, blockMs: 5 * MINUTE },
];

/**
 * `changePassword` (keyed by user id as the "user name"): a wrong old password is a guess at the
 * signed-in user's password, and every call costs two hashes.
 */
export const changePasswordRules: readonly Rule[] = [
  { scope: 'username', counts: 'failures', limit: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  { scope: 'username', counts: 'attempts', limit: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
];

interface Counter {
  failures: number[];
  blockedUntil: number;
}

export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly rules: readonly Rule[] = throttleRules,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds to wait before this attempt may be tried, or 0. */
  retryAfter(username: string, address: string): number {
    const now = this.now();
    return Math.max(
      0,
      ...this.keys(username, address).map(([key]) => (this.counters.get(key)?.blockedUntil ?? 0) - now),
    );
  }

  recordFailure(username: string, address: string): void {
    this.record(username, address, () => true);
  }

  /** A success counts as an attempt, and clears the pair's failures: the user knows the password. */
  recordSuccess(username: string, address: string): void {
    this.record(username, address, (rule) => rule.counts === 'attempts');
    for (const [key, rule] of this.keys(username, address)) {
      if (rule.counts === 'failures' && rule.scope === 'pair') this.counters.delete(key);
    }
  }

  private record(username: string, address: string, counts: (rule: Rule) => boolean): void {
    const now = this.now();
    for (const [key, rule] of this.keys(username, address)) {
      if (!counts(rule)) continue;
      const counter = this.counters.get(key) ?? { failures: [], blockedUntil: 0 };
      counter.failures = counter.failures.filter((at) => now - at < rule.windowMs);
      counter.failures.push(now);
      if (counter.failures.length >= rule.limit) {
        counter.blockedUntil = now + rule.blockMs;
        counter.failures = [];
      }
      this.counters.set(key, counter);
    }
    if (this.counters.size > 100_000) this.prune(now);
  }

  private keys(username: string, address: string): [string, Rule][] {
    const name = username.toLowerCase();
    const key = {
      address: `address:${address}`,
      username: `username:${name}`,
      pair: `pair:${name}|${address}`,
    };
    return this.rules.map((rule) => [`${rule.counts}:${key[rule.scope]}`, rule]);
  }

  private prune(now: number): void {
    for (const [key, counter] of this.counters) {
      if (counter.blockedUntil < now && counter.failures.every((at) => now - at > 15 * MINUTE))
        this.counters.delete(key);
    }
  }
}
