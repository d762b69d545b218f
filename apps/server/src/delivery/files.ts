import { entityByName, type FieldDef, type UploadedFile } from '@lms/domain';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { provideFileHolder } from '../files/holders.ts';
import type { FileStorage } from '../files/storage.ts';
import { keepUpload } from '../files/sweep.ts';
import { receiveFiles } from '../files/upload.ts';
import { notFound } from '../http/errors.ts';

/** The proofs' files: a field of no declaration, named so in the file rules (files/access.ts). */
const proofField = { name: 'deliveryProof', type: 'attachments', label: 'หลักฐานการส่ง' } as FieldDef;

/**
 * Photos and signatures a phone uploaded are held by the trip (the sweep keeps them), readable
 * through the file routes by whoever reads the branch's shipments, and — once a stop's proof
 * names them — by whoever reads that booking (its page). Never by a driver's account or a link
 * through those routes: the phone has its own copy.
 */
export function provideProofHolders(): void {
  provideFileHolder('delivery:shipment', {
    entity: entityByName('shipment'),
    field: proofField,
    rows: sql`select file_id as id, branch_id from delivery_file`,
  });
  provideFileHolder('delivery:booking', {
    entity: entityByName('bookingReport'),
    field: proofField,
    rows: sql`select file_id as id, branch_id from delivery_file where booking_id is not null`,
  });
}

/**
 * One image from the phone for a trip (a photo resized on the phone, or the signature drawn on
 * it), named by the phone's own id: a resend after a lost answer answers the same file.
 */
export async function uploadProofFile(
  db: Database,
  storage: FileStorage,
  request: FastifyRequest,
  trip: { shipmentId: string; branchId: string },
  id: string,
  userId: string | null,
): Promise<UploadedFile> {
  const earlier = async () =>
    db.selectFrom('delivery_file').select(['shipment_id']).where('id', '=', id).executeTakeFirst();
  const known = await earlier();
  if (known) {
    if (known.shipment_id !== trip.shipmentId) throw notFound();
    return { id, duplicate: true };
  }
  const received = await receiveFiles(request, storage, 'IMAGE');
  const [fileId] = await keepUpload(db, received, userId);
  const written = await db
    .insertInto('delivery_file')
    .values({ id, file_id: fileId!, shipment_id: trip.shipmentId, branch_id: trip.branchId })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!written) {
    // The same id raced in from a resend: the first one stands.
    const raced = await earlier();
    if (raced?.shipment_id !== trip.shipmentId) throw notFound();
    return { id, duplicate: true };
  }
  return { id, duplicate: false };
}
