import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DraftAllocation } from '@lms/domain';
import { sharedSecret } from '../auth/sharedSecret.ts';
import type { Database } from '../db/database.ts';

/** Who acts through an appointment link, as a booking's history names them (the confirm, a move, a rebook). */
export const BY_CUSTOMER_LINK = 'ลูกค้า (ลิงก์นัดส่งสินค้า)';

/**
 * The appointment link's token (docs/contact.md): the booking id and an HMAC of it under a
 * server secret, both base64url. Unguessable without the secret, bound to one booking, and
 * nothing to store: expiry (end of the delivery day) and revocation (a canceled booking) are
 * read from the booking each time, so a move extends the link and a cancel ends it.
 */
export class AppointmentLinks {
  private constructor(private readonly key: Buffer) {}

  /** LMS_LINK_SECRET, or one generated at first start and shared by every instance through the database. */
  static async create(db: Database, env: NodeJS.ProcessEnv = process.env): Promise<AppointmentLinks> {
    if (env.LMS_LINK_SECRET) return new AppointmentLinks(Buffer.from(env.LMS_LINK_SECRET));
    return new AppointmentLinks(await sharedSecret(db, 'appointmentLinkSecret', 32));
  }

  private mac(bookingId: string): Buffer {
    return createHmac('sha256', this.key).update(`appointment:${bookingId}`).digest();
  }

  token(bookingId: string): string {
    const id = Buffer.from(bookingId.replaceAll('-', ''), 'hex').toString('base64url');
    return `${id}.${this.mac(bookingId).toString('base64url')}`;
  }

  /**
   * The customer's name for a move option (docs/contact.md): a short MAC of the booking and the
   * option's day and shift (`choiceOf`). It carries no id, and names the option only on this
   * booking's link.
   */
  choice(bookingId: string, option: string): string {
    return createHmac('sha256', this.key)
      .update(`move:${bookingId}:${option}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  /**
   * The customer's name for a rebooking option (docs/delivery.md "The customer chooses a new
   * slot"): the engine option's slots and DO lines, base64url, and a short MAC of them and the
   * booking. It names the option only on this booking's link; the server keeps nothing.
   */
  rebookChoice(bookingId: string, allocations: readonly DraftAllocation[]): string {
    const packed = allocations.map((a) => [
      a.slotId,
      a.vehicles,
      a.lines.map((l) => [l.deliveryOrderId, l.lineId, l.qty]),
    ]);
    const payload = Buffer.from(JSON.stringify(packed)).toString('base64url');
    return `${payload}.${this.rebookMac(bookingId, payload).toString('base64url')}`;
  }

  /** The allocations a rebooking choice names on this booking's link, or null (another booking's, forged). */
  rebookAllocations(bookingId: string, choice: string): DraftAllocation[] | null {
    const dot = choice.lastIndexOf('.');
    const payload = choice.slice(0, dot);
    const given = Buffer.from(choice.slice(dot + 1), 'base64url');
    const expected = this.rebookMac(bookingId, payload);
    if (dot < 1 || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    // Made by `rebookChoice` under the secret: the shape is ours.
    const packed = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [
      string,
      number,
      [string, string, number][],
    ][];
    return packed.map(([slotId, vehicles, lines]) => ({
      slotId,
      vehicles,
      lines: lines.map(([deliveryOrderId, lineId, qty]) => ({ deliveryOrderId, lineId, qty })),
    }));
  }

  private rebookMac(bookingId: string, payload: string): Buffer {
    return createHmac('sha256', this.key).update(`rebook:${bookingId}:${payload}`).digest().subarray(0, 16);
  }

  /** The booking id a token was made for, or null for anything else. */
  bookingOf(token: string): string | null {
    const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const hex = Buffer.from(match[1]!, 'base64url').toString('hex');
    if (hex.length !== 32) return null;
    const bookingId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    const given = Buffer.from(match[2]!, 'base64url');
    const expected = this.mac(bookingId);
    return given.length === expected.length && timingSafeEqual(given, expected) ? bookingId : null;
  }
}
