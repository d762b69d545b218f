import { type DriverStop, deliveryMessages, type FailureReason } from '@lms/domain';

/** What the driver filled in for a delivered or partly delivered stop. */
export interface ProofInput {
  readonly recipient: string;
  readonly signature: Blob | null;
  readonly photos: readonly Blob[];
  /** Per DO (partial only): what was handed over. */
  readonly quantities: Readonly<Record<string, number | null>>;
  readonly note: string;
}

export type ProofErrors = Partial<Record<'recipient' | 'signature' | 'photos' | 'quantities', string>>;

/**
 * The server's rules for a proof (docs/delivery.md "Rules of events"), checked on the phone first
 * so the driver hears them at the stop, not later from a queue: a recipient's name; a signature
 * unless only a photo is needed; a photo unless only a signature is; for a partial delivery a
 * quantity per DO within what was booked, something delivered and something left. The Thai is the
 * server's own (`deliveryMessages`).
 */
export function proofErrors(stop: DriverStop, kind: 'delivered' | 'partial', input: ProofInput): ProofErrors {
  const errors: ProofErrors = {};
  if (!input.recipient.trim()) errors.recipient = deliveryMessages.recipient;
  if (stop.proofRequired !== 'PHOTO' && !input.signature) errors.signature = deliveryMessages.signature;
  if (stop.proofRequired !== 'SIGNATURE' && input.photos.length === 0) errors.photos = deliveryMessages.photo;
  if (kind === 'partial') {
    const given = stop.orders.map((o) => ({ order: o, qty: input.quantities[o.deliveryOrderId] }));
    const missing = given.find((g) => g.qty === null || g.qty === undefined);
    const outOfRange = given.find((g) => g.qty != null && (g.qty < 0 || g.qty > g.order.qty));
    if (missing) errors.quantities = deliveryMessages.quantities;
    else if (outOfRange)
      errors.quantities = deliveryMessages.quantityRange(
        outOfRange.order.docNo,
        String(outOfRange.order.qty),
      );
    else {
      const some = given.some((g) => (g.qty ?? 0) > 0);
      const left = given.some((g) => (g.qty ?? 0) < g.order.qty);
      if (!some || !left) errors.quantities = deliveryMessages.partialNothing;
    }
  }
  return errors;
}

export interface FailureInput {
  readonly reason: FailureReason | null;
  readonly reasonText: string;
  readonly photos: readonly Blob[];
  readonly note: string;
}

export function failureErrors(input: FailureInput): Partial<Record<'reason' | 'reasonText', string>> {
  if (!input.reason) return { reason: deliveryMessages.reason };
  if (input.reason === 'OTHER' && !input.reasonText.trim())
    return { reasonText: deliveryMessages.reasonText };
  return {};
}
