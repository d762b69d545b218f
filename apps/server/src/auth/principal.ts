import { type DateFormatOptions, ROLE_ADMIN } from '@lms/domain';
import type { Database, Executor } from '../db/database.ts';
import type { DatabaseListener } from '../db/listener.ts';
import { notify } from '../db/signals.ts';

/** Who is calling, read from the database (never from the token or the client). */
export interface Principal {
  readonly userId: string;
  readonly sessionId: string;
  readonly username: string;
  readonly fullName: string;
  readonly email: string | null;
  readonly profileImageId: string | null;
  readonly mustChangePassword: boolean;
  readonly roles: readonly string[];
  readonly branchIds: readonly string[];
  readonly isAdmin: boolean;
  /**
   * The user's own setting: dates in พ.ศ. (`app_user.buddhist_era`), for the days a refusal names as
   * their screens do. An API key or a trip link has none: Gregorian years.
   */
  readonly buddhistEra?: boolean;
  /** Set when an ERP integration key is calling (a `PrincipalResolver`); userId and sessionId are the key's id. */
  readonly apiKeyId?: string;
  /**
   * Set when a driver's trip link is calling (a `PrincipalResolver`): it reaches only the routes
   * that declare `tripLink: 'open'`, and those only for its one shipment. userId and sessionId are the link's id.
   */
  readonly tripLink?: { readonly linkId: string; readonly shipmentId: string };
}

/**
 * A way in besides a session, plugged in by a feature (the ERP's API keys): it claims the bearer
 * tokens of its own shape and reads their principal, fresh on every call.
 */
export interface PrincipalResolver {
  /** Whether `token` is of this kind, by its shape alone. */
  claims(token: string): boolean;
  /** The principal `token` names, or undefined (then a 401 with `invalid`). */
  resolve(token: string): Promise<Principal | undefined>;
  /** The Thai message of that 401. */
  readonly invalid: string;
}

/**
 * A session with its user, the user's roles (through the permission groups) and branches: what a
 * principal is made of. Null arrays when the user has no group or no branch.
 */
function readSession(db: Database, sessionId: string) {
  return db
    .selectFrom('user_session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select((eb) => [
      'u.id as user_id',
      'u.username',
      'u.full_name',
      'u.email',
      'u.profile_image_id',
      'u.must_change_password',
      'u.buddhist_era',
      'u.active',
      'u.token_version',
      's.revoked_at',
      's.absolute_expires_at',
      eb
        .selectFrom(
          eb
            .selectFrom('app_user__role_group_ids as l')
            .innerJoin('app_role_group as g', 'g.id', 'l.ref_id')
            .select((inner) => inner.fn<string>('unnest', ['g.roles']).as('role'))
            .whereRef('l.owner_id', '=', 'u.id')
            .as('r'),
        )
        .select((agg) =>
          agg.fn.agg<string[]>('array_agg', ['r.role']).distinct().orderBy('r.role').as('roles'),
        )
        .as('roles'),
      eb
        .selectFrom('app_user__branch_ids as l')
        .select((agg) => agg.fn.agg<string[]>('array_agg', ['l.ref_id']).orderBy('l.ref_id').as('branch_ids'))
        .whereRef('l.owner_id', '=', 'u.id')
        .as('branch_ids'),
    ])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof readSession>>> & {
  /** Built once when cached: a hit hands out the same frozen-by-type object. */
  principal?: Principal;
};

/** Notifications that a session's principal changed (migration 0027's triggers): 'u:<user id>' or '*'. */
export const SESSION_CHANNEL = 'lms_session';
/** Cached sessions at most; beyond it the oldest go (a bound on memory, not on freshness). */
const CACHE_SIZE = 20_000;
/** How long a revoking call waits to hear its own notification before answering. */
const HEAR_OWN_MS = 2000;

interface Waiter {
  readonly payload: string;
  readonly resolve: () => void;
}

/**
 * Principals by session, read from the database and cached in this process while, and only
 * while, it LISTENs on SESSION_CHANNEL: every change to what a principal is made of NOTIFYs in
 * its own transaction, and every instance drops the entries concerned when it commits. A hit
 * costs a map look-up; revocation does not wait for an expiry. When the listening connection
 * drops, the cache is cleared and bypassed (every request reads the database) until it listens
 * again — notifications sent in between were never heard. Without a database URL (no LISTEN)
 * nothing is cached.
 */
export class PrincipalStore {
  private readonly cache = new Map<string, SessionRow>();
  /** Bumped by every invalidation: a read that started before one must not fill the cache. */
  private generation = 0;
  /** Between the listener's `up` and `down`: every change made meanwhile is heard. */
  private hearing = false;
  private waiters: Waiter[] = [];
  private readonly expected = new Map<string, Promise<void>>();

  constructor(private readonly db: Database) {}

  /** Listens for changes from every instance on `listener`; until it hears (and while it is down) nothing is cached. */
  async listen(listener: DatabaseListener): Promise<void> {
    await listener.subscribe(SESSION_CHANNEL, {
      notify: (payload) => this.heard(payload),
      up: () => {
        this.invalidateAll();
        this.hearing = true;
      },
      down: () => {
        this.hearing = false;
        this.invalidateAll();
        this.releaseWaiters();
      },
    });
  }

  /** The listener is closed by its owner (app.ts): what waits for it is let go. */
  close(): void {
    this.hearing = false;
    this.releaseWaiters();
  }

  /** Whether hits may be served from memory now. */
  get caching(): boolean {
    return this.hearing;
  }

  /** The principal of a session, or why it is not valid any more. */
  async load(
    sessionId: string,
    userId: string,
    tokenVersion: number,
  ): Promise<Principal | 'revoked' | 'expired'> {
    const row = await this.row(sessionId);
    if (
      !row ||
      row.user_id !== userId ||
      !row.active ||
      row.revoked_at ||
      row.token_version !== tokenVersion
    ) {
      return 'revoked';
    }
    if (row.absolute_expires_at.getTime() <= Date.now()) return 'expired';
    return row.principal ?? principalOf(row, sessionId);
  }

  /** Forget cached sessions of a user whose password, roles, branches or state changed. */
  invalidateUser(userId: string): void {
    this.generation++;
    for (const [key, row] of this.cache) if (row.user_id === userId) this.cache.delete(key);
  }

  /** After a change to a permission group: every cached session may hold its roles. */
  invalidateAll(): void {
    this.generation++;
    this.cache.clear();
  }

  /**
   * Runs a write that changes principals — of one user, or of everyone (`'*'`, a permission
   * group) — then `settle`s it.
   */
  async revoke<T>(userId: string, write: () => Promise<T>): Promise<T> {
    this.expect(userId);
    const result = await write();
    await this.settle(userId);
    return result;
  }

  /**
   * Before a write that changes principals commits: from now on, wait for its notification (a
   * user's id, or `'*'` for everyone). Taken before the commit, so it cannot be missed.
   */
  expect(userId: string): void {
    const payload = payloadOf(userId);
    if (!this.caching) return;
    const heard = new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        if (this.expected.get(payload) === heard) this.expected.delete(payload);
        resolve();
      };
      const timer = setTimeout(finish, HEAR_OWN_MS);
      timer.unref();
      this.waiters.push({ payload, resolve: finish });
    });
    this.expected.set(payload, heard);
  }

  /**
   * After the commit: drops this instance's entries and waits (at most HEAR_OWN_MS) until this
   * instance's own listener heard the write's notification. Every instance's listener is
   * signalled by the same commit, so by then the others normally have it too; under heavy load
   * another instance's listening backend can trail by milliseconds (instances.test.ts).
   */
  async settle(userId: string): Promise<void> {
    if (userId === '*') this.invalidateAll();
    else this.invalidateUser(userId);
    await this.expected.get(payloadOf(userId));
  }

  private heard(payload: string): void {
    if (payload === '*') this.invalidateAll();
    else if (payload.startsWith('u:')) this.invalidateUser(payload.slice(2));
    else return;
    const [done, waiting] = partition(this.waiters, (w) => payload === '*' || w.payload === payload);
    this.waiters = waiting;
    for (const waiter of done) waiter.resolve();
  }

  private releaseWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.resolve();
  }

  private async row(sessionId: string): Promise<SessionRow | undefined> {
    if (this.caching) {
      const hit = this.cache.get(sessionId);
      if (hit) return hit;
    }
    const generation = this.generation;
    const row: SessionRow | undefined = await readSession(this.db, sessionId);
    // Kept only if nothing changed while it was read, and while the listener hears changes.
    if (row && this.caching && generation === this.generation) {
      row.principal = principalOf(row, sessionId);
      if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(sessionId, row);
    }
    return row;
  }
}

/** The era a principal reads dates in: a user's own setting; an API key or a trip link has none (Gregorian). */
export const eraOf = (principal: Principal): DateFormatOptions => ({
  buddhistEra: principal.buddhistEra === true,
});

function principalOf(row: SessionRow, sessionId: string): Principal {
  const roles = row.roles ?? [];
  return {
    userId: row.user_id,
    sessionId,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    profileImageId: row.profile_image_id,
    mustChangePassword: row.must_change_password,
    roles,
    branchIds: row.branch_ids ?? [],
    isAdmin: roles.includes(ROLE_ADMIN),
    buddhistEra: row.buddhist_era,
  };
}

/**
 * NOTIFYs every instance, inside the writer's transaction, that the principals of `userId` (or
 * of everyone: '*') changed. The triggers of migration 0027 already do for the columns a
 * principal reads; a write whose columns they do not watch calls this so `settle` has something
 * to hear.
 */
export async function notifyPrincipalChange(trx: Executor, userId: string): Promise<void> {
  await notify(trx, SESSION_CHANNEL, payloadOf(userId));
}

const payloadOf = (userId: string) => (userId === '*' ? '*' : `u:${userId}`);

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}
