import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Sign-in throttling (product.md, ASVS 6.3): failures are counted per address, per user name and
 * per (user name, address). A guesser from one address is slowed quickly; a real user elsewhere
 * is only ever held back by the per-user-name rule, whose block is short, so nobody can lock a
 * real user out for long. Successful sign-ins are counted too (`counts: 'attempts'`): each costs
 * a password hash, so a script signing in again and again with a known password is slowed as
 * well. Counted in PostgreSQL, shared by every instance (`Throttle` below).
 */
export interface Rule {
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

/**
 * The counters live in PostgreSQL (`rate_limit`, migration 0027), so every API instance counts
 * the same attempts: a guesser spreading tries over several instances is held back as one. Each
 * rule of a throttle is a row per key (`<throttle>:<counts>:<scope>:<value>`) counting hits in a
 * fixed window that opens at the first hit; reaching the limit blocks the key for `blockMs` and
 * starts counting again. A check is one indexed read, a record one upsert of every rule's row.
 */
export class Throttle {
  constructor(
    private readonly db: Database,
    /** Names the throttle's keys: two throttles never share a counter. */
    private readonly name: string,
    private readonly rules: readonly Rule[] = throttleRules,
    /** Tests move time on by hand; otherwise the database's clock, the same for every instance. */
    private readonly now?: () => number,
  ) {}

  /** Milliseconds to wait before this attempt may be tried, or 0. */
  async retryAfter(username: string, address: string): Promise<number> {
    const keys = this.keys(username, address).map(([key]) => key);
    const at = this.at();
    const row = await this.db
      .selectFrom('rate_limit')
      .select(sql<number | null>`(extract(epoch from max(blocked_until) - ${at}) * 1000)::float8`.as('wait'))
      .where((eb) => eb('key', '=', eb.fn.any(eb.val(keys))))
      .executeTakeFirst();
    return Math.max(0, Math.ceil(row?.wait ?? 0));
  }

  recordFailure(username: string, address: string): Promise<void> {
    return this.record(username, address, () => true);
  }

  /** A success counts as an attempt, and clears the pair's failures: the user knows the password. */
  recordSuccess(username: string, address: string): Promise<void> {
    const cleared = this.keys(username, address)
      .filter(([, rule]) => rule.counts === 'failures' && rule.scope === 'pair')
      .map(([key]) => key);
    return this.record(username, address, (rule) => rule.counts === 'attempts', cleared);
  }

  /** The time of the check: typed, so PostgreSQL can tell `max(blocked_until) - at` is an interval. */
  private at() {
    return this.now ? sql<Date>`${new Date(this.now())}::timestamptz` : sql<Date>`now()`;
  }

  private async record(
    username: string,
    address: string,
    counts: (rule: Rule) => boolean,
    cleared: readonly string[] = [],
  ): Promise<void> {
    await upsertHits(
      this.db,
      this.keys(username, address).filter(([, rule]) => counts(rule)),
      cleared,
      this.at(),
    );
    if (++this.writes % PRUNE_EVERY === 0) await this.prune();
  }

  private writes = 0;

  /** Rows whose window and block are both over count nothing any more. */
  private async prune(): Promise<void> {
    const at = this.at();
    await this.db
      .deleteFrom('rate_limit')
      .where('window_ends_at', '<', at)
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', at)]))
      .execute();
  }

  private keys(username: string, address: string): [string, Rule][] {
    const name = username.toLowerCase();
    const key = {
      address: `address:${address}`,
      username: `username:${name}`,
      pair: `pair:${name}|${address}`,
    };
    return this.rules.map((rule) => [`${this.name}:${rule.counts}:${key[rule.scope]}`, rule]);
  }
}

/** Every this many records an instance removes the rows that count nothing any more. */
const PRUNE_EVERY = 500;

/**
 * One statement: the keys in `cleared` deleted (a success clears the pair's failures) and a hit
 * counted on every rule's row, upserted from `unnest` of the rules' columns. Raw SQL: a bulk
 * upsert from arrays whose conflict branch reads the stored row and the new one together.
 */
async function upsertHits(
  db: Database,
  counted: readonly (readonly [key: string, rule: Rule])[],
  cleared: readonly string[],
  at: RawBuilder<Date>,
): Promise<void> {
  const column = <T>(pick: (entry: readonly [string, Rule]) => T) => counted.map(pick);
  // The key's hits in its window, this one included (a window that is over starts again at 1).
  const hitsNow = sql<number>`(case when r.window_ends_at <= ${at} then 1 else r.hits + 1 end)`;
  await sql`with cleared as (delete from rate_limit where key = any(${cleared}::text[]))
    insert into rate_limit as r (key, hits, window_ends_at, blocked_until, hit_limit, block_ms)
    select key, case when hit_limit <= 1 then 0 else 1 end, ${at} + window_ms * interval '1 ms',
           case when hit_limit <= 1 then ${at} + block_ms * interval '1 ms' end, hit_limit, block_ms
      from unnest(${column(([key]) => key)}::text[], ${column(([, rule]) => rule.limit)}::int[],
                  ${column(([, rule]) => rule.windowMs)}::int[], ${column(([, rule]) => rule.blockMs)}::int[])
           as t(key, hit_limit, window_ms, block_ms)
    on conflict (key) do update set
      hits = case when ${hitsNow} >= excluded.hit_limit then 0 else ${hitsNow} end,
      window_ends_at = case when r.window_ends_at <= ${at} or ${hitsNow} >= excluded.hit_limit
                            then excluded.window_ends_at else r.window_ends_at end,
      blocked_until = case when ${hitsNow} >= excluded.hit_limit
                           then ${at} + excluded.block_ms * interval '1 ms' else r.blocked_until end,
      hit_limit = excluded.hit_limit, block_ms = excluded.block_ms`.execute(db);
}
