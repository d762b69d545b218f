import type { EntityDef } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/principal.ts';
import type { Executor, Tx } from '../db/database.ts';
import { forbidden } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import type { Row } from './repository.ts';

/** A write as an extension sees it: the record before (not on create) and after (not on delete). */
export interface ExtensionWrite {
  action: 'create' | 'update' | 'delete';
  id: string;
  before?: Row;
  after?: Row;
  principal: Principal;
}

/**
 * What an entity adds to the generic mechanism (users' passwords and sessions, permission
 * groups' roles). The generic routes call these; no entity copies the routes.
 */
export interface EntityExtension {
  /** Checks beyond the declaration (field → Thai message). */
  validate?(values: Row, ctx: AuthContext): Promise<Record<string, string>> | Record<string, string>;
  /**
   * Why `principal` may not make this write (Thai), or nothing. Kept apart from `afterWrite` so
   * that every path asks the same question: the import's check (its dry run too) for each row it
   * would write, and every write (`writeEffects`) again in its transaction.
   */
  refusal?(db: Executor, write: Omit<ExtensionWrite, 'id'>): Promise<string | undefined>;
  /** Runs in the write's transaction, after the row is written. Its answer is merged into the reply. */
  afterWrite?(trx: Tx, write: ExtensionWrite, ctx: AuthContext): Promise<Row | undefined>;
  /** After the transaction committed: invalidate caches. */
  afterCommit?(
    write: { action: 'create' | 'update' | 'delete'; id: string },
    ctx: AuthContext,
  ): void | Promise<void>;
  /** Extra routes under the entity's path (`POST /appUser/:id/resetPassword`). */
  routes?(app: FastifyInstance, entity: EntityDef, ctx: AuthContext): void;
}

/** Whether a write of the entity needs its extension, row by row (`writeEffects`). */
export const hasWriteEffects = (extension: EntityExtension | undefined) =>
  Boolean(extension?.refusal || extension?.afterWrite);

/** In the write's transaction: the extension's refusal (a 403, rolling the write back), then its effects. */
export async function writeEffects(
  extension: EntityExtension | undefined,
  trx: Tx,
  write: ExtensionWrite,
  ctx: AuthContext,
): Promise<Row | undefined> {
  const refusal = await extension?.refusal?.(trx, write);
  if (refusal) throw forbidden(refusal);
  return extension?.afterWrite?.(trx, write, ctx);
}
