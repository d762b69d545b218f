import type { HashQueue } from '../auth/hashQueue.ts';
import type { PrincipalStore } from '../auth/principal.ts';
import type { Throttle } from '../auth/throttle.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';

/** What the route plugins share: the database and the auth services. */
export interface AuthContext {
  readonly db: Database;
  readonly tokens: TokenService;
  readonly principals: PrincipalStore;
  /** Sign-in attempts. */
  readonly throttle: Throttle;
  /** `changePassword` attempts, per user. */
  readonly passwordChangeThrottle: Throttle;
  /** Every password hash a request causes runs through it (auth/hashQueue.ts). */
  readonly hashing: HashQueue;
  readonly development: boolean;
}
