import Type, { type Static } from 'typebox';
import { BranchQuery, Bytes, IdParams, IsoDate, List, operation, Uuid } from './common.ts';

/**
 * Printed documents (docs/documents.md): PDFs generated on the server, per record or in a batch.
 * Reading a document needs what reading its record needs (role and branch).
 */

/** Each kind, the entity it is printed from and its printed name. */
export const documentKinds = {
  appointment: { entity: 'bookingReport', title: 'ใบนัดส่งสินค้า' },
  // Per shipment (one truck's trip, its stops in the planned order: docs/planning.md).
  tripSheet: { entity: 'shipment', title: 'ใบคุมรถ' },
  deliveryNote: { entity: 'deliveryOrder', title: 'ใบส่งสินค้า' },
} as const;

export type DocumentKind = keyof typeof documentKinds;
export const documentKindNames = Object.keys(documentKinds) as DocumentKind[];

/** The kinds printable from one entity's records, in menu order. */
export const documentKindsOf = (entity: string): DocumentKind[] =>
  documentKindNames.filter((kind) => documentKinds[kind].entity === entity);

/** A batch prints at most this many documents into one PDF. */
export const DOCUMENT_BATCH_MAX = 500;

export const daySheetTitle = 'ใบงานประจำวัน';

/** The print menu's words (screens). */
export const printText = {
  print: 'พิมพ์',
  /** While a PDF is made; a batch says how much of it has arrived (the server streams it). */
  making: (count: number, receivedBytes = 0) =>
    count > 1
      ? `กำลังสร้าง PDF ${count} ฉบับ…${receivedBytes > 0 ? ` ได้รับแล้ว ${(receivedBytes / 1_000_000).toFixed(1)} MB` : ''}`
      : 'กำลังสร้าง PDF…',
} as const;

const pdf = { response: { 200: Bytes }, produces: ['application/pdf'] } as const;

/** `GET /api/{entity}/:id/document/{kind}.pdf` */
const one = <K extends DocumentKind>(kind: K) =>
  operation({
    method: 'GET',
    url: `/${documentKinds[kind].entity}/:id/document/${kind}.pdf` as const,
    schema: { params: IdParams, querystring: BranchQuery, ...pdf },
  });

export const DocumentBatch = Type.Object(
  {
    kind: Type.Unsafe<DocumentKind>(Type.String({ enum: documentKindNames })),
    ids: List(Uuid, { minItems: 1, maxItems: DOCUMENT_BATCH_MAX }),
  },
  { additionalProperties: false },
);
export type DocumentBatch = Static<typeof DocumentBatch>;

export const DaySheetQuery = Type.Object({ branchId: Uuid, date: IsoDate, shiftOfDayId: Uuid });
export type DaySheetQuery = Static<typeof DaySheetQuery>;

export const documentsApi = {
  appointment: one('appointment'),
  tripSheet: one('tripSheet'),
  deliveryNote: one('deliveryNote'),
  batch: operation({
    method: 'POST',
    url: '/documents/batch',
    schema: { querystring: BranchQuery, body: DocumentBatch, ...pdf },
  }),
  /** Every booking of a branch's day and shift, for the loading dock (A4 landscape). */
  daySheet: operation({
    method: 'GET',
    url: '/documents/daySheet.pdf',
    schema: { querystring: DaySheetQuery, ...pdf },
  }),
};
