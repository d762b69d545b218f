import type { PrincipalStore } from '../auth/principal.ts';
import type { LoginThrottle } from '../auth/throttle.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';

/** What the route plugins share: the database and the auth services. */
export interface AuthContext {
  readonly db: Database;
  readonly tokens: TokenService;
  readonly principals: PrincipalStore;
  readonly throttle: LoginThrottle;
  readonly development: boolean;
}
