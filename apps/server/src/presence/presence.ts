import { can, findEntity, PRESENCE, type PresenceMode, presenceApi, type RecordPresence } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { actingBranch, actingPrincipal } from '../auth/acting.ts';
import { PRESENCE_CHANNEL } from '../booking/events.ts';
import type { Database, Tx } from '../db/database.ts';
import { notify } from '../db/signals.ts';
import { typed } from '../http/contract.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';

interface Tab {
  readonly entity: string;
  readonly recordId: string;
  readonly branchId: string;
  readonly userId: string;
  readonly tabId: string;
}

/**
 * Who has the record open in the branch now: one entry per person (two tabs count once; editing
 * wins over viewing), expired tabs left out. Said on the channel inside the writer's transaction,
 * so every instance's streams hear it once committed.
 */
async function announce(trx: Tx, tab: Tab): Promise<RecordPresence> {
  const rows = await trx
    .selectFrom('record_presence as p')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .select((eb) => [
      'p.user_id',
      'u.full_name',
      eb.fn.agg<boolean>('bool_or', [eb('p.mode', '=', 'editing')]).as('editing'),
      eb.fn.max('p.expires_at').as('expires_at'),
    ])
    .where('p.entity', '=', tab.entity)
    .where('p.record_id', '=', tab.recordId)
    .where('p.branch_id', '=', tab.branchId)
    .where((eb) => eb('p.expires_at', '>', eb.fn<Date>('now')))
    .groupBy(['p.user_id', 'u.full_name'])
    .orderBy((eb) => eb.fn.min('p.expires_at'))
    .orderBy('u.full_name')
    .execute();
  const presence: RecordPresence = {
    branchId: tab.branchId,
    entity: tab.entity,
    recordId: tab.recordId,
    users: rows.map((row) => ({
      userId: row.user_id,
      fullName: row.full_name,
      mode: row.editing ? 'editing' : 'viewing',
      expiresAt: row.expires_at.toISOString(),
    })),
  };
  await notify(trx, PRESENCE_CHANNEL, JSON.stringify(presence));
  return presence;
}

/** This tab has the record open: kept for PRESENCE.ttlMs; the record's expired tabs are swept. */
export async function heartbeat(db: Database, tab: Tab, mode: PresenceMode): Promise<RecordPresence> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('record_presence')
      .where((eb) => eb('expires_at', '<=', eb.fn<Date>('now')))
      .where('entity', '=', tab.entity)
      .where('record_id', '=', tab.recordId)
      .execute();
    await trx
      .insertInto('record_presence')
      .values({
        entity: tab.entity,
        record_id: tab.recordId,
        branch_id: tab.branchId,
        user_id: tab.userId,
        tab_id: tab.tabId,
        mode,
        expires_at: sql<Date>`now() + ${PRESENCE.ttlMs} * interval '1 millisecond'`,
      })
      .onConflict((oc) =>
        oc.columns(['entity', 'record_id', 'branch_id', 'user_id', 'tab_id']).doUpdateSet((eb) => ({
          mode: eb.ref('excluded.mode'),
          expires_at: eb.ref('excluded.expires_at'),
        })),
      )
      .execute();
    return announce(trx, tab);
  });
}

/** This tab closed the record: the others hear at once (not after the expiry). */
export async function leave(db: Database, tab: Tab): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const left = await trx
      .deleteFrom('record_presence')
      .where('entity', '=', tab.entity)
      .where('record_id', '=', tab.recordId)
      .where('branch_id', '=', tab.branchId)
      .where('user_id', '=', tab.userId)
      .where('tab_id', '=', tab.tabId)
      .executeTakeFirst();
    if (left.numDeletedRows > 0n) await announce(trx, tab);
  });
}

/** The entity must exist and the user read it: who looks at a record is itself read access. */
function checkEntity(roles: readonly string[], name: string): string {
  const entity = findEntity(name);
  if (!entity) throw badRequest(`ไม่รู้จักข้อมูลชนิด "${name}"`);
  if (!can(roles, entity, 'read').can) throw forbidden();
  return entity.name;
}

/** `PUT /presence` (heartbeat) and `DELETE /presence` (leave), for the signed-in user in one of their branches. */
export function presenceRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const config = { access: { signedIn: true }, apiKey: 'closed', branchScoped: true } as const;
    const tags = ['Presence'];
    app.route({
      ...presenceApi.heartbeat,
      schema: { ...presenceApi.heartbeat.schema, tags },
      config,
      handler: async (request) => {
        const principal = actingPrincipal(request);
        const { entity, recordId, tabId, mode } = request.body;
        return heartbeat(
          ctx.db,
          {
            entity: checkEntity(principal.roles, entity),
            recordId,
            tabId,
            branchId: actingBranch(request),
            userId: principal.userId,
          },
          mode,
        );
      },
    });
    app.route({
      ...presenceApi.leave,
      schema: { ...presenceApi.leave.schema, tags },
      config,
      handler: async (request, reply) => {
        const principal = actingPrincipal(request);
        const { entity, recordId, tabId } = request.query;
        await leave(ctx.db, {
          entity: checkEntity(principal.roles, entity),
          recordId,
          tabId,
          branchId: actingBranch(request),
          userId: principal.userId,
        });
        return reply.status(204).send(null);
      },
    });
  };
}
