import {
  featureRoles,
  locationTrackingApi,
  type PositionBody,
  type SharedPosition,
  TIME_ZONE,
} from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { actingPrincipal } from '../auth/acting.ts';
import { type Rule, Throttle } from '../auth/throttle.ts';
import { streamEmitterEvents } from '../booking/sse.ts';
import type { Database } from '../db/database.ts';
import type { DatabaseListener } from '../db/listener.ts';
import { typed } from '../http/contract.ts';
import { HttpError, unprocessable } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { PositionEvents } from './positionEvents.ts';

export const positionMessages = {
  lat: 'ละติจูดต้องอยู่ระหว่าง -90 ถึง 90',
  lon: 'ลองจิจูดต้องอยู่ระหว่าง -180 ถึง 180',
  accuracy: 'ความแม่นยำต้องอยู่ระหว่าง 0 ถึง 100,000 เมตร',
  at: 'เวลาของตำแหน่งต้องอยู่ภายใน 24 ชั่วโมงที่ผ่านมา และไม่เป็นเวลาในอนาคต',
  tooOften: 'ส่งตำแหน่งบ่อยเกินไป กรุณารอสักครู่ (ไม่เกิน 1 ครั้งต่อวินาที)',
} as const;

/** One position per user per second at most (over every server instance). */
export const MIN_POST_INTERVAL_MS = 1000;
/** A post blocks the user's next for MIN_POST_INTERVAL_MS. */
const onePostPerInterval: Rule = {
  scope: 'username',
  counts: 'attempts',
  limit: 1,
  windowMs: MIN_POST_INTERVAL_MS,
  blockMs: MIN_POST_INTERVAL_MS,
};
const MAX_ACCURACY_M = 100_000;
const MAX_AGE_MS = 24 * 3600_000;
/** A device's clock may run a little ahead of the server's. */
const FUTURE_SKEW_MS = 60_000;

/** Range checks with Thai messages, all at once (422); types and presence are the schema's (400). */
function validate(body: PositionBody, now: number): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Number.isFinite(body.lat) || body.lat < -90 || body.lat > 90) errors.lat = positionMessages.lat;
  if (!Number.isFinite(body.lon) || body.lon < -180 || body.lon > 180) errors.lon = positionMessages.lon;
  if (!Number.isFinite(body.accuracy) || body.accuracy < 0 || body.accuracy > MAX_ACCURACY_M)
    errors.accuracy = positionMessages.accuracy;
  const at = Date.parse(body.at);
  if (
    !/^\d{4}-\d{2}-\d{2}T/.test(body.at) ||
    Number.isNaN(at) ||
    at > now + FUTURE_SKEW_MS ||
    at < now - MAX_AGE_MS
  )
    errors.at = positionMessages.at;
  return errors;
}

/** Start of today in Bangkok: positions are kept for the day. */
const startOfToday = sql<Date>`(date_trunc('day', now() at time zone ${TIME_ZONE}) at time zone ${TIME_ZONE})`;

/** Today's latest position of each user who shared one, the newest first. */
async function latestToday(db: Database): Promise<SharedPosition[]> {
  const rows = await db
    .selectFrom('demo_position as p')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .distinctOn('p.user_id')
    .select(['p.user_id', 'u.username', 'u.full_name', 'p.lat', 'p.lon', 'p.accuracy', 'p.at'])
    .where('p.at', '>=', startOfToday)
    .orderBy('p.user_id')
    .orderBy('p.at', 'desc')
    .execute();
  return rows
    .map(
      (row): SharedPosition => ({
        userId: row.user_id,
        username: row.username,
        fullName: row.full_name,
        lat: row.lat,
        lon: row.lon,
        accuracy: row.accuracy,
        at: row.at.toISOString(),
      }),
    )
    .sort((a, b) => b.at.localeCompare(a.at));
}

/**
 * The location tracking demo (admin only, spec §2/§6): admins share their device's position,
 * read today's latest position of each user, and follow other admins live (server-sent events).
 */
export function locationTrackingRoutes(ctx: AuthContext, listener: DatabaseListener | undefined) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const events = new PositionEvents();
    if (listener) await events.listen(listener);
    app.addHook('onClose', () => events.close());
    const config = { access: { roles: featureRoles.locationTracking.read }, apiKey: 'closed' } as const;
    const tags = ['Location tracking demo'];
    // One post per interval per user, counted in PostgreSQL: the same for every instance.
    const posts = new Throttle(ctx.db, 'position', [onePostPerInterval]);

    app.route({
      ...locationTrackingApi.share,
      schema: { ...locationTrackingApi.share.schema, tags },
      config: { access: { roles: featureRoles.locationTracking.edit }, apiKey: 'closed' },
      handler: async (request, reply) => {
        const principal = actingPrincipal(request);
        const now = Date.now();
        const errors = validate(request.body, now);
        if (Object.keys(errors).length > 0) throw unprocessable(errors);
        if ((await posts.retryAfter(principal.userId, '')) > 0) {
          reply.header('Retry-After', '1');
          throw new HttpError(429, [positionMessages.tooOften]);
        }
        await posts.recordSuccess(principal.userId, '');

        const { lat, lon, accuracy } = request.body;
        const at = new Date(request.body.at);
        const position: SharedPosition = await ctx.db.transaction().execute(async (trx) => {
          // Kept for the day: yesterday's positions go as today's arrive.
          await trx.deleteFrom('demo_position').where('at', '<', startOfToday).execute();
          await trx
            .insertInto('demo_position')
            .values({ user_id: principal.userId, lat, lon, accuracy, at })
            .execute();
          const shared: SharedPosition = {
            userId: principal.userId,
            username: principal.username,
            fullName: principal.fullName,
            lat,
            lon,
            accuracy,
            at: at.toISOString(),
          };
          // NOTIFY inside the transaction: listeners hear only what was committed.
          await events.notify(trx, shared);
          return shared;
        });
        events.committed(position);
        return reply.status(201).send(position);
      },
    });

    app.route({
      ...locationTrackingApi.positions,
      schema: { ...locationTrackingApi.positions.schema, tags },
      config,
      handler: async () => latestToday(ctx.db),
    });

    app.route({
      ...locationTrackingApi.events,
      schema: { ...locationTrackingApi.events.schema, tags },
      config,
      handler: async (request, reply) => {
        const self = actingPrincipal(request).userId;
        // Other admins' devices: one's own position is already on one's own screen.
        streamEmitterEvents<SharedPosition>(request, reply, events, 'position', (position) =>
          position.userId === self ? undefined : position,
        );
      },
    });
  };
}
