import type { EntityDef } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/principal.ts';
import type { Tx } from '../db/database.ts';
import type { AuthContext } from '../routes/context.ts';
import type { Row } from './repository.ts';

/**
 * What an entity adds to the generic mechanism (users' passwords and sessions, permission
 * groups' roles). The generic routes call these; no entity copies the routes.
 */
export interface EntityExtension {
  /** Checks beyond the declaration (field → Thai message). */
  validate?(values: Row, ctx: AuthContext): Promise<Record<string, string>> | Record<string, string>;
  /** Runs in the write's transaction, after the row is written. Its answer is merged into the reply. */
  afterWrite?(
    trx: Tx,
    write: {
      action: 'create' | 'update' | 'delete';
      id: string;
      before?: Row;
      after?: Row;
      principal: Principal;
    },
    ctx: AuthContext,
  ): Promise<Row | undefined>;
  /** After the transaction committed: invalidate caches. */
  afterCommit?(
    write: { action: 'create' | 'update' | 'delete'; id: string },
    ctx: AuthContext,
  ): void | Promise<void>;
  /** Extra routes under the entity's path (`POST /appUser/:id/resetPassword`). */
  routes?(app: FastifyInstance, entity: EntityDef, ctx: AuthContext): void;
}
