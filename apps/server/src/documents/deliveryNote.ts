import {
  documentKinds,
  formatDate,
  formatNumber,
  formatQuantityNumber,
  formatTime,
  UI_TEXT,
  unitName,
} from '@lms/domain';
import { type PrintedDelivery, proofBlocks } from './deliveries.ts';
import type { DeliveryOrderRow } from './loadDeliveryOrders.ts';
import type { DocumentModel } from './model.ts';
import {
  type DocumentContext,
  deliveryOrderFields,
  documentText,
  label,
  onLetterhead,
  shiftText,
  volumeHeader,
  weightHeader,
} from './text.ts';

/**
 * ใบส่งสินค้า: what the customer signs on delivery. Not a tax invoice (those stay with the ERP).
 * Once a driver recorded the DO's stop, the proof follows the items (recipient, time, signature, photos).
 */
export function deliveryNoteModel(
  row: DeliveryOrderRow,
  ctx: DocumentContext,
  deliveries: readonly PrintedDelivery[] = [],
): DocumentModel {
  const era = { buddhistEra: ctx.buddhistEra };
  const appointment = row.delivery_date ?? row.doc_delivery_at;
  const shift =
    row.shift && row.shift_start && row.shift_end
      ? { name: row.shift, start_time: row.shift_start, end_time: row.shift_end }
      : null;
  return onLetterhead(ctx, {
    title: documentKinds.deliveryNote.title,
    number: row.doc_no,
    qr: true,
    blocks: [
      {
        type: 'fields',
        fields: [
          { label: label(deliveryOrderFields, 'customerId'), value: row.customer },
          { label: label(deliveryOrderFields, 'soShipToId'), value: row.ship_to ?? UI_TEXT.empty },
          { label: documentText.address, value: row.ship_to_address || UI_TEXT.empty },
          { label: documentText.tel, value: row.ship_to_tel ?? UI_TEXT.empty },
          { label: documentText.booking, value: row.booking_no ?? UI_TEXT.empty },
          {
            label: documentText.appointment,
            value:
              `${formatDate(appointment, era)} ${row.delivery_time ? formatTime(row.delivery_time) : ''}`.trim(),
          },
          // The booked shift and its hours beside the day (a DO no booking holds has none).
          ...(shift ? [{ label: documentText.shift, value: shiftText(shift) }] : []),
        ],
      },
      { type: 'heading', text: documentText.items },
      {
        type: 'table',
        columns: [
          { header: '#', width: 0.5, align: 'right' },
          { header: label(deliveryOrderFields, 'articleUomId'), width: 4 },
          { header: label(deliveryOrderFields, 'qty'), width: 1.2, align: 'right' },
          { header: documentText.unit, width: 1 },
          { header: weightHeader, width: 1.5, align: 'right' },
          { header: volumeHeader, width: 1.5, align: 'right' },
        ],
        rows: [
          [
            '1',
            row.article || UI_TEXT.empty,
            formatNumber(row.qty),
            row.unit ? unitName(row.unit) : UI_TEXT.empty,
            formatQuantityNumber('weight', row.weight),
            formatQuantityNumber('volume', row.volume),
          ],
        ],
      },
      ...proofBlocks(deliveries, row.id, ctx.buddhistEra),
      { type: 'paragraph', text: documentText.notTaxInvoice },
      { type: 'signatures', boxes: [documentText.sender, documentText.receiver] },
    ],
  });
}
