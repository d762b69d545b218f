/**
 * Sign-in throttling (product.md, ASVS 6.3): failures are counted per address, per user name and
 * per (user name, address). A guesser from one address is slowed quickly; a real user elsewhere
 * is only ever held back by the per-user-name rule, whose block is short, so nobody can lock a
 * real user out for long. Kept in memory: each server instance counts on its own.
 */
interface Rule {
  readonly scope: 'address' | 'username' | 'pair';
  readonly maxFailures: number;
  readonly windowMs: number;
  readonly blockMs: number;
}

const MINUTE = 60_000;
export const throttleRules: readonly Rule[] = [
  { scope: 'pair', maxFailures: 5, windowMs: 15 * MINUTE, blockMs: 5 * MINUTE },
  { scope: 'address', maxFailures: 30, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  { scope: 'username', maxFailures: 20, windowMs: 15 * MINUTE, blockMs: 1 * MINUTE },
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
    const now = this.now();
    for (const [key, rule] of this.keys(username, address)) {
      const counter = this.counters.get(key) ?? { failures: [], blockedUntil: 0 };
      counter.failures = counter.failures.filter((at) => now - at < rule.windowMs);
      counter.failures.push(now);
      if (counter.failures.length >= rule.maxFailures) {
        counter.blockedUntil = now + rule.blockMs;
        counter.failures = [];
      }
      this.counters.set(key, counter);
    }
    if (this.counters.size > 100_000) this.prune(now);
  }

  /** A success clears the pair's count: the user proved they know the password. */
  recordSuccess(username: string, address: string): void {
    this.counters.delete(`pair:${username.toLowerCase()}|${address}`);
  }

  private keys(username: string, address: string): [string, Rule][] {
    const name = username.toLowerCase();
    const key = {
      address: `address:${address}`,
      username: `username:${name}`,
      pair: `pair:${name}|${address}`,
    };
    return this.rules.map((rule) => [key[rule.scope], rule]);
  }

  private prune(now: number): void {
    for (const [key, counter] of this.counters) {
      if (counter.blockedUntil < now && counter.failures.every((at) => now - at > 15 * MINUTE))
        this.counters.delete(key);
    }
  }
}
