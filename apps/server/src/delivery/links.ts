import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  bangkokIsoDate,
  deliveryMessages,
  formatDate,
  maskContact,
  resendMessages,
  type TripLinkClaim,
  type TripLinkClaimed,
  type TripLinkCreated,
} from '@lms/domain';
import type { PrincipalResolver } from '../auth/principal.ts';
import { sharedSecret } from '../auth/sharedSecret.ts';
import { type Rule, Throttle } from '../auth/throttle.ts';
import { routeOf } from '../contact/outbox.ts';
import { type ContactSettings, contactEnabled } from '../contact/settings.ts';
import type { Database, Executor } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { loadCompanySettings } from '../settings/company.ts';
import { fill, loadSettings } from './settings.ts';
import { endOfDay } from './stops.ts';

/**
 * Trip links (docs/delivery.md "The trip link", docs/security.md): a contractor's driver without
 * an account opens one trip from a link the dispatcher sends. The token is the link's id and an
 * HMAC of it (nothing guessable, nothing secret stored but a PIN's MAC); the first phone that
 * opens it with the PIN binds it to a device key that phone keeps, and from then on the phone's
 * bearer is the token plus that key. A link opens only its trip, expires after the trip (6 hours
 * after its last stop was left, or 24 hours after its planned end), and a new link for the same
 * trip revokes the old one. Five wrong PINs lock it.
 */

export const TOKEN_PREFIX = 'lmt_';
/** After the trip's last stop was left: time for a phone's queue to drain. */
export const LINK_GRACE_AFTER_END_MS = 6 * 3600_000;
/** A trip that never ended: its link dies this long after the planned end. */
export const LINK_GRACE_AFTER_PLAN_MS = 24 * 3600_000;
export const MAX_PIN_FAILURES = 5;

const MINUTE = 60_000;
/** Claims per address: a script trying links or PINs from one place is held back (across instances). */
export const claimRules = [
  { scope: 'address', counts: 'failures', limit: 30, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
] as const satisfies readonly Rule[];

const hexToUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** When a link of this trip stops working. */
export function linkExpiry(trip: {
  ended_at: Date | null;
  plan_date_ship_end: string | null;
  plan_time_ship_end: string | null;
  shift_date: string | null;
}): Date {
  if (trip.ended_at) return new Date(trip.ended_at.getTime() + LINK_GRACE_AFTER_END_MS);
  const plannedEnd =
    trip.plan_date_ship_end && trip.plan_time_ship_end
      ? new Date(`${trip.plan_date_ship_end}T${trip.plan_time_ship_end.slice(0, 5)}:00+07:00`)
      : endOfDay(trip.shift_date ?? bangkokIsoDate(new Date()));
  return new Date(plannedEnd.getTime() + LINK_GRACE_AFTER_PLAN_MS);
}

/** The link and its trip, for the resolver and the claim. */
function linkRow(db: Executor, linkId: string) {
  return db
    .selectFrom('trip_link as l')
    .innerJoin('shipment as s', 's.id', 'l.shipment_id')
    .leftJoin('delivery_trip as t', 't.shipment_id', 'l.shipment_id')
    .leftJoin('driver as d', 'd.id', 's.driver_id')
    .select([
      'l.id',
      'l.shipment_id',
      'l.pin_hash',
      'l.pin_failures',
      'l.device_hash',
      'l.revoked_at',
      's.doc_no',
      's.shift_date',
      's.plan_date_ship_end',
      's.plan_time_ship_end',
      't.ended_at',
      'd.name as driver_name',
    ])
    .where('l.id', '=', linkId);
}

export class TripLinks {
  private constructor(private readonly key: Buffer) {}

  static async create(db: Database): Promise<TripLinks> {
    return new TripLinks(await sharedSecret(db, 'tripLinkSecret', 32));
  }

  private mac(purpose: string, value: string): Buffer {
    return createHmac('sha256', this.key).update(`${purpose}:${value}`).digest();
  }

  token(linkId: string): string {
    const id = Buffer.from(linkId.replaceAll('-', ''), 'hex').toString('base64url');
    return `${TOKEN_PREFIX}${id}.${this.mac('trip', linkId).toString('base64url')}`;
  }

  pinHash(linkId: string, pin: string): Buffer {
    return this.mac(`pin:${linkId}`, pin);
  }

  /** The link id a token names, or null for anything the server did not sign. */
  linkOf(token: string): string | null {
    const match = /^lmt_([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const hex = Buffer.from(match[1]!, 'base64url').toString('hex');
    if (hex.length !== 32) return null;
    const linkId = hexToUuid(hex);
    const given = Buffer.from(match[2]!, 'base64url');
    const expected = this.mac('trip', linkId);
    return given.length === expected.length && timingSafeEqual(given, expected) ? linkId : null;
  }

  /** The bearer of a bound phone: the token and its device key, split back. */
  splitBearer(bearer: string): { token: string; deviceKey: string } | null {
    const match = /^(lmt_[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/.exec(bearer);
    return match ? { token: match[1]!, deviceKey: match[2]! } : null;
  }
}

/** The trip link as a way in (the core's `PrincipalResolver`): a bound phone's bearer, fresh on every call. */
export function tripLinkResolver(db: Database, links: TripLinks): PrincipalResolver {
  return {
    claims: (token) => token.startsWith(TOKEN_PREFIX),
    invalid: deliveryMessages.linkInvalid,
    async resolve(bearer) {
      const parts = links.splitBearer(bearer);
      const linkId = parts && links.linkOf(parts.token);
      if (!parts || !linkId) return undefined;
      // On every call of a phone: planned once per connection (its planning was most of its cost).
      const [row] = (await db.executeQuery(prepared(linkRow(db, linkId).compile()))).rows;
      if (!row || row.revoked_at || !row.device_hash) return undefined;
      if (row.pin_failures >= MAX_PIN_FAILURES) return undefined;
      if (!timingSafeEqual(row.device_hash, sha256(parts.deviceKey))) return undefined;
      if (Date.now() >= linkExpiry(row).getTime()) return undefined;
      return {
        userId: row.id,
        sessionId: row.id,
        username: `tripLink:${row.doc_no}`,
        fullName: row.driver_name ?? row.doc_no,
        email: null,
        profileImageId: null,
        mustChangePassword: false,
        roles: [],
        branchIds: [],
        isAdmin: false,
        tripLink: { linkId: row.id, shipmentId: row.shipment_id },
      };
    },
  };
}

/** The public claim: bind the link to this phone (the first one only) with the PIN. */
export async function claimLink(
  db: Database,
  links: TripLinks,
  throttle: Throttle,
  address: string,
  claim: TripLinkClaim,
): Promise<TripLinkClaimed> {
  if ((await throttle.retryAfter('', address)) > 0) throw new HttpError(429, [deliveryMessages.linkTooMany]);
  const linkId = links.linkOf(claim.token);
  if (!linkId) {
    await throttle.recordFailure('', address);
    throw notFound();
  }
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await linkRow(trx, linkId).forUpdate('l').executeTakeFirst();
    if (!row) return { error: notFound() };
    const expiresAt = linkExpiry(row);
    if (row.revoked_at || Date.now() >= expiresAt.getTime())
      return { error: new HttpError(410, [deliveryMessages.linkGone]) };
    if (row.pin_failures >= MAX_PIN_FAILURES)
      return { error: new HttpError(410, [deliveryMessages.linkLocked]) };
    const device = sha256(claim.deviceKey);
    if (row.device_hash && !timingSafeEqual(row.device_hash, device))
      return { error: new HttpError(409, [deliveryMessages.linkOtherPhone]) };
    if (!timingSafeEqual(row.pin_hash, links.pinHash(linkId, claim.pin))) {
      const failures = row.pin_failures + 1;
      await trx.updateTable('trip_link').set({ pin_failures: failures }).where('id', '=', linkId).execute();
      return {
        error:
          failures >= MAX_PIN_FAILURES
            ? new HttpError(410, [deliveryMessages.linkLocked])
            : new HttpError(422, [deliveryMessages.linkPin]),
      };
    }
    if (!row.device_hash)
      await trx
        .updateTable('trip_link')
        .set({ device_hash: device, bound_at: new Date() })
        .where('id', '=', linkId)
        .execute();
    return {
      claimed: {
        bearer: `${claim.token}.${claim.deviceKey}`,
        tripId: row.shipment_id,
        expiresAt: expiresAt.toISOString(),
      },
    };
  });
  if ('error' in outcome) {
    await throttle.recordFailure('', address);
    throw outcome.error;
  }
  return outcome.claimed;
}

export const claimThrottle = (db: Database) => new Throttle(db, 'tripLinkClaim', claimRules);

/**
 * The dispatcher's "ส่งลิงก์เที่ยวรถ": a new link for the branch's shipment (older ones revoked),
 * its PIN shown once, and — when asked — the link queued in the outbox to the driver's phone.
 */
export async function createLink(
  db: Database,
  links: TripLinks,
  contact: ContactSettings,
  request: { branchId: string; shipmentId: string; userId: string; send: boolean },
): Promise<TripLinkCreated> {
  const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return db.transaction().execute(async (trx) => {
    const shipment = await trx
      .selectFrom('shipment as s')
      .leftJoin('delivery_trip as t', 't.shipment_id', 's.id')
      .leftJoin('driver as d', 'd.id', 's.driver_id')
      .select([
        's.id',
        's.doc_no',
        's.branch_id',
        's.car_plate_snap',
        's.shift_date',
        's.plan_date_ship_end',
        's.plan_time_ship_end',
        't.ended_at',
        'd.id as driver_id',
        'd.tel as driver_tel',
      ])
      .where('s.id', '=', request.shipmentId)
      .where('s.branch_id', '=', request.branchId)
      .forUpdate('s')
      .executeTakeFirst();
    if (!shipment) throw notFound();
    if (shipment.ended_at) throw new HttpError(409, [deliveryMessages.tripEnded]);
    if (request.send && !shipment.driver_id) throw new HttpError(422, [deliveryMessages.noDriver]);
    const route =
      request.send && shipment.driver_tel
        ? routeOf(contact, { lineUserId: null, phone: shipment.driver_tel })
        : undefined;
    if (request.send && !contactEnabled(contact)) throw new HttpError(409, [resendMessages.off]);
    if (request.send && !route) throw new HttpError(422, [deliveryMessages.noDriverPhone]);
    await trx
      .updateTable('trip_link')
      .set({ revoked_at: new Date() })
      .where('shipment_id', '=', shipment.id)
      .where('revoked_at', 'is', null)
      .execute();
    const made = await trx
      .insertInto('trip_link')
      .values({ shipment_id: shipment.id, pin_hash: Buffer.alloc(32), created_by: request.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('trip_link')
      .set({ pin_hash: links.pinHash(made.id, pin) })
      .where('id', '=', made.id)
      .execute();
    const url = `${contact.publicUrl}/driver/link/${links.token(made.id)}`;
    if (route) {
      const settings = await loadSettings(trx);
      const body = fill(settings.tripLinkTemplate, {
        shipment: shipment.doc_no,
        date: shipment.shift_date
          ? formatDate(shipment.shift_date, {
              buddhistEra: (await loadCompanySettings(trx)).buddhistEra,
            })
          : '-',
        plate: shipment.car_plate_snap ?? '-',
        link: url,
      });
      await trx
        .insertInto('contact_message')
        .values({
          booking_id: null,
          shipment_id: shipment.id,
          branch_id: shipment.branch_id!,
          event: 'tripLink',
          channel: route.channel,
          recipient: route.recipient,
          body,
          link: url,
        })
        .execute();
    }
    return {
      url,
      pin,
      expiresAt: linkExpiry(shipment).toISOString(),
      sentTo: route ? maskContact(route.recipient) : null,
      channel: route?.channel ?? null,
    };
  });
}

/** Revokes every live link of the branch's shipment; answers how many. */
export async function revokeLinks(db: Database, branchId: string, shipmentId: string): Promise<number> {
  const shipment = await db
    .selectFrom('shipment')
    .select('id')
    .where('id', '=', shipmentId)
    .where('branch_id', '=', branchId)
    .executeTakeFirst();
  if (!shipment) throw notFound();
  const done = await db
    .updateTable('trip_link')
    .set({ revoked_at: new Date() })
    .where('shipment_id', '=', shipmentId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}
