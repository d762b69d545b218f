import { buffer } from 'node:stream/consumers';
import {
  type BookingDelivery,
  bookingDeliveryText,
  formatDateTime,
  optionLabel,
  stopStatusOptions,
  UI_TEXT,
} from '@lms/domain';
import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import { bookingDeliveries } from '../delivery/views.ts';
import { printableImage } from '../files/images.ts';
import { detectFormat } from '../files/sniff.ts';
import type { FileStorage } from '../files/storage.ts';
import type { Block, PrintedImage } from './model.ts';
import { documentText } from './text.ts';

/**
 * The deliveries on paper (docs/documents.md "Deliveries on paper"): the stops that carried a
 * booking or a DO, as the booking's page shows them (`bookingDeliveries`), and for the delivery
 * note the proof's signature and photos, read from the file store and made small to print.
 */

/** A stop's proof with its images, ready for a model. */
export interface PrintedDelivery {
  readonly delivery: BookingDelivery;
  readonly images: readonly PrintedImage[];
}

/** Longer side of a printed proof image (px): sharp enough at the 120 pt it is drawn. */
export const PRINT_SIDE = 480;

/** The stops that carried the DO (under any of its bookings, a failed one's and the new one's), in time order. */
export async function deliveriesOfOrder(
  db: Executor,
  storage: FileStorage,
  branchId: string,
  deliveryOrderId: string,
): Promise<PrintedDelivery[]> {
  const { rows } = await sql<{ booking_id: string }>`select distinct st.booking_id from delivery_stop st
    join delivery_trip t on t.shipment_id = st.shipment_id
    where t.branch_id = ${branchId}
      and st.orders @> jsonb_build_array(jsonb_build_object('deliveryOrderId', ${deliveryOrderId}::text))`.execute(
    db,
  );
  const found: BookingDelivery[] = [];
  for (const { booking_id } of rows)
    for (const delivery of await bookingDeliveries(db, branchId, booking_id))
      if (delivery.orders.some((o) => o.deliveryOrderId === deliveryOrderId)) found.push(delivery);
  found.sort((x, y) => x.stop.plannedArrival.localeCompare(y.stop.plannedArrival));
  return Promise.all(
    found.map(async (delivery) => ({ delivery, images: await proofImages(db, storage, delivery) })),
  );
}

/** The proof's signature then its photos, each shrunk to print; a file the store lost is left out. */
async function proofImages(db: Executor, storage: FileStorage, delivery: BookingDelivery) {
  const proof = delivery.proof;
  if (!proof) return [];
  const wanted = [
    ...(proof.signatureFileId ? [{ id: proof.signatureFileId, caption: bookingDeliveryText.signature }] : []),
    ...proof.photoFileIds.map((id, i) => ({ id, caption: bookingDeliveryText.photo(i + 1) })),
  ];
  if (wanted.length === 0) return [];
  const files = await db
    .selectFrom('stored_file')
    .select(['id', 'sha256', 'normalized_sha256'])
    .where(
      'id',
      'in',
      wanted.map((w) => w.id),
    )
    .execute();
  const images: PrintedImage[] = [];
  for (const { id, caption } of wanted) {
    const file = files.find((f) => f.id === id);
    const stream = file && (await storage.get(file.normalized_sha256 ?? file.sha256));
    if (!stream) continue;
    const bytes = await buffer(stream);
    images.push({ caption, jpeg: await printableImage(bytes, detectFormat(bytes), PRINT_SIDE) });
  }
  return images;
}

const when = (iso: string | null, buddhistEra: boolean) =>
  iso ? formatDateTime(iso, { buddhistEra }) : UI_TEXT.empty;
const statusLabel = (status: BookingDelivery['stop']['status']) =>
  optionLabel(stopStatusOptions, status) ?? status;
const tripOf = (d: BookingDelivery) =>
  [bookingDeliveryText.stop(d.shipmentDocNo, d.stop.seq), d.licensePlate].filter(Boolean).join(' · ');

/** The booking's slip: one row per stop that carried it, with the times it actually arrived and left. */
export function stopTimesBlocks(deliveries: readonly BookingDelivery[], buddhistEra: boolean): Block[] {
  if (deliveries.length === 0) return [];
  return [
    { type: 'heading', text: bookingDeliveryText.title },
    {
      type: 'table',
      columns: [
        { header: documentText.stops, width: 2.4 },
        { header: bookingDeliveryText.planned, width: 1.3 },
        { header: bookingDeliveryText.arrived, width: 1.3 },
        { header: bookingDeliveryText.left, width: 1.3 },
        { header: bookingDeliveryText.outcome, width: 1.4 },
      ],
      rows: deliveries.map((d) => [
        tripOf(d),
        when(d.stop.plannedArrival, buddhistEra),
        when(d.stop.arrivedAt, buddhistEra),
        when(d.stop.leftAt, buddhistEra),
        statusLabel(d.stop.status),
      ]),
    },
  ];
}

/** The delivery note's proof: per stop with an outcome, what happened, who received, when, and the images. */
export function proofBlocks(
  printed: readonly PrintedDelivery[],
  deliveryOrderId: string,
  buddhistEra: boolean,
): Block[] {
  const done = printed.filter((p) => p.delivery.proof);
  if (done.length === 0) return [];
  return [
    { type: 'heading', text: bookingDeliveryText.proof },
    ...done.flatMap(({ delivery: d, images }): Block[] => {
      const proof = d.proof!;
      const order = d.orders.find((o) => o.deliveryOrderId === deliveryOrderId);
      return [
        {
          type: 'fields',
          fields: [
            { label: documentText.stops, value: tripOf(d) },
            { label: bookingDeliveryText.outcome, value: statusLabel(d.stop.status) },
            { label: bookingDeliveryText.recordedAt, value: when(proof.at, buddhistEra) },
            { label: bookingDeliveryText.recipient, value: proof.recipient ?? UI_TEXT.empty },
            {
              label: bookingDeliveryText.orders,
              value: order
                ? bookingDeliveryText.delivered(order.docNo, order.delivered, order.qty)
                : UI_TEXT.empty,
            },
            { label: bookingDeliveryText.arrived, value: when(d.stop.arrivedAt, buddhistEra) },
            ...(proof.reasonLabel
              ? [
                  {
                    label: bookingDeliveryText.reason,
                    value: [proof.reasonLabel, proof.reasonText].filter(Boolean).join(': '),
                  },
                ]
              : []),
            ...(proof.note ? [{ label: bookingDeliveryText.note, value: proof.note }] : []),
          ],
        },
        ...(images.length ? [{ type: 'images' as const, images }] : []),
      ];
    }),
  ];
}
