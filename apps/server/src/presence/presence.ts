import { can, findEntity, PRESENCE, type PresenceMode, presenceApi, type RecordPresence } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PRESENCE_CHANNEL } from '../booking/events.ts';
import type { Database, Tx } from '../db/database.ts';
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
  const { rows } = await sql<{ user_id: string; full_name: string; editing: boolean; expires_at: Date }>`
    select p.user_id, u.full_name, bool_or(p.mode = 'editing') as editing, max(p.expires_at) as expires_at
      from record_presence p join app_user u on u.id = p.user_id
     where p.entity = ${tab.entity} and p.record_id = ${tab.recordId} and p.branch_id = ${tab.branchId}
       and p.expires_at > now()
     group by p.user_id, u.full_name
     order by min(p.expires_at), u.full_name`.execute(trx);
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
  await sql`select pg_notify(${PRESENCE_CHANNEL}, ${JSON.stringify(presence)})`.execute(trx);
  return presence;
}

/** This tab has the record open: kept for PRESENCE.ttlMs; the record's expired tabs are swept. */
export async function heartbeat(db: Database, tab: Tab, mode: PresenceMode): Promise<RecordPresence> {
  return db.transaction().execute(async (trx) => {
    await sql`delete from record_presence where expires_at <= now()
      and entity = ${tab.entity} and record_id = ${tab.recordId}`.execute(trx);
    await sql`insert into record_presence (entity, record_id, branch_id, user_id, tab_id, mode, expires_at)
      values (${tab.entity}, ${tab.recordId}, ${tab.branchId}, ${tab.userId}, ${tab.tabId}, ${mode},
              now() + ${PRESENCE.ttlMs} * interval '1 millisecond')
      on conflict (entity, record_id, branch_id, user_id, tab_id)
      do update set mode = excluded.mode, expires_at = excluded.expires_at`.execute(trx);
    return announce(trx, tab);
  });
}

/** This tab closed the record: the others hear at once (not after the expiry). */
export async function leave(db: Database, tab: Tab): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql`delete from record_presence
      where entity = ${tab.entity} and record_id = ${tab.recordId} and branch_id = ${tab.branchId}
        and user_id = ${tab.userId} and tab_id = ${tab.tabId}
      returning 1`.execute(trx);
    if (rows.length > 0) await announce(trx, tab);
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
    const config = { access: { signedIn: true }, branchScoped: true } as const;
    const tags = ['Presence'];
    app.route({
      ...presenceApi.heartbeat,
      schema: { ...presenceApi.heartbeat.schema, tags },
      config,
      handler: async (request) => {
        const principal = request.principal!;
        const { entity, recordId, tabId, mode } = request.body;
        return heartbeat(
          ctx.db,
          {
            entity: checkEntity(principal.roles, entity),
            recordId,
            tabId,
            branchId: request.branchId!,
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
        const principal = request.principal!;
        const { entity, recordId, tabId } = request.query;
        await leave(ctx.db, {
          entity: checkEntity(principal.roles, entity),
          recordId,
          tabId,
          branchId: request.branchId!,
          userId: principal.userId,
        });
        return reply.status(204).send(null);
      },
    });
  };
}
