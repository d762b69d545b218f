import { type EntityDef, entityByName, maskContact } from '@lms/domain';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/database.ts';
import { logPersonalDataAll, readsPersonalData } from '../privacy/personalData.ts';
import type { BookingDocumentRows } from './load.ts';
import type { DeliveryOrderRow } from './loadDeliveryOrders.ts';
import type { ShipmentDocumentRows } from './loadShipments.ts';

const bookingReport = entityByName('bookingReport');
const shipTo = entityByName('shipTo');
const driver = entityByName('driver');

/** A personal value a document prints: the row and column it is read from, and the record (and field) it is personal data of. */
interface PrintedValue {
  readonly value: string | null;
  /** Masks it in the row, before the document is made from the row. */
  readonly mask: () => void;
  readonly entity: EntityDef;
  readonly recordId: string;
  readonly field: string;
}

function printed<R, C extends keyof R>(
  row: R & { [K in C]: string | null },
  column: C,
  of: { entity: EntityDef; recordId: string; field: string },
): PrintedValue {
  return {
    ...of,
    value: row[column],
    mask: () => {
      const value = row[column];
      // maskContact is idempotent: a booking printed on two trucks of a batch is one row, masked twice alike.
      if (value) (row as { [K in C]: string | null })[column] = maskContact(value);
    },
  };
}

/** A booking's phone is its copy of the ship-to's (`shipToTel`). */
const bookingPhone = (booking: { id: string; ship_to_tel: string | null }) =>
  printed(booking, 'ship_to_tel', { entity: bookingReport, recordId: booking.id, field: 'shipToTel' });

/** The rows of one kind of document, read before their models are made. */
export type DocumentRows =
  | { kind: 'appointment'; rows: readonly BookingDocumentRows[] }
  | { kind: 'tripSheet'; rows: readonly ShipmentDocumentRows[] }
  | { kind: 'deliveryNote'; rows: readonly DeliveryOrderRow[] };

function printedValues(documents: DocumentRows): PrintedValue[] {
  switch (documents.kind) {
    case 'appointment':
      return documents.rows.map(({ booking }) => bookingPhone(booking));
    case 'tripSheet':
      return documents.rows.flatMap(({ shipment, stops }) => [
        // The driver's phone under the driver's rule (its editors), each stop's under its booking's.
        ...(shipment.driver_id
          ? [printed(shipment, 'driver_tel', { entity: driver, recordId: shipment.driver_id, field: 'tel' })]
          : []),
        ...stops.map(({ booking }) => bookingPhone(booking)),
      ]);
    case 'deliveryNote':
      // The DO's live booking's phone; a DO not booked prints its ship-to's own.
      return documents.rows.flatMap((row) => {
        if (row.booking_id)
          return [
            printed(row, 'ship_to_tel', {
              entity: bookingReport,
              recordId: row.booking_id,
              field: 'shipToTel',
            }),
          ];
        return row.ship_to_id
          ? [printed(row, 'ship_to_tel', { entity: shipTo, recordId: row.ship_to_id, field: 'tel' })]
          : [];
      });
  }
}

/**
 * The personal values on paper follow the rule of the screens (docs/privacy.md, `seesPersonalData`):
 * whole to whoever sees that record's personal data whole — a booking's phone, whoever may change
 * its call status; a ship-to's or a driver's, its editors — and each such print logged (`read`,
 * detail `{ document: kind }`), one line per record; masked (`••••••678`) to the others, and not
 * logged. Masks the rows in place, before the models are made from them.
 */
export async function personalDataOnPaper(db: Database, principal: Principal, documents: DocumentRows) {
  const logged = new Map<string, PrintedValue>();
  for (const value of printedValues(documents)) {
    if (!value.value?.trim()) continue;
    if (readsPersonalData(principal, value.entity))
      logged.set(`${value.entity.name}/${value.recordId}/${value.field}`, value);
    else value.mask();
  }
  await logPersonalDataAll(
    db,
    [...logged.values()].map((value) => ({
      userId: principal.userId,
      action: 'read',
      entity: value.entity,
      recordId: value.recordId,
      fields: [value.field],
      detail: { document: documents.kind },
    })),
  );
}
