import { COLUMN_WIDTHS } from '../entity/columnWidth.ts';
import { defineEntity } from './define.ts';
import { failureReasonOptions, stopStatusOptions } from './deliveryOutcomes.ts';
import {
  booleanField,
  dateField,
  datetimeField,
  enumField,
  integerField,
  owningBranchField,
  refField,
  sortBy,
  stringField,
  timestampFields,
} from './fields.ts';
import { entityHeads } from './heads.ts';

/**
 * The delivery stops as a read-only list (docs/performance-figures.md "เปิดรายการเบื้องหลังตัวเลข"):
 * what the stop-level performance figures and each failure reason open. A view over the trips'
 * stops (migration 0056) with the outcome as the figures judge it: on time = delivered (whole or in
 * part) with the outcome recorded inside the booked window, in full = delivered whole; the same
 * rule as the figures' `tallyOf` (figures/deliveryPerformance.ts) and the roll-ups' SQL.
 * Filters come from the fields: shiftDateFrom/To, statuses, reasons, vehicleIds, vehicleTypeIds,
 * onTimeEq, inFullEq; the branch is the acting branch, as every list's.
 */
export const deliveryStopReport = defineEntity({
  ...entityHeads.deliveryStopReport,
  fields: [
    dateField('shiftDate', 'วันที่ของกะ'),
    refField('shipmentId', 'การขนส่ง', { listWidth: COLUMN_WIDTHS.docNo }),
    integerField('seq', 'ลำดับจุด', { min: 1, hiddenInList: true }),
    stringField('shipToName', 'สถานที่ส่ง', {
      maxLength: 200,
      searchable: true,
      listWidth: COLUMN_WIDTHS.reference,
    }),
    refField('vehicleId', 'รถ', { hiddenInList: true }),
    refField('vehicleTypeId', 'ประเภทรถ', { hiddenInList: true }),
    datetimeField('windowFrom', 'นัดส่งตั้งแต่', { hiddenInList: true }),
    datetimeField('windowTo', 'นัดส่งถึง', { hiddenInList: true }),
    enumField('status', 'ผลการส่ง', stopStatusOptions),
    datetimeField('outcomeAt', 'เวลาที่บันทึกผล', { hiddenInList: true }),
    enumField('reason', 'สาเหตุที่ส่งไม่สำเร็จ', failureReasonOptions),
    booleanField('onTime', 'ตรงเวลา'),
    booleanField('inFull', 'ส่งครบ'),
    owningBranchField({ hiddenInList: true }),
    ...timestampFields(),
  ].map((field) => ({ ...field, readOnly: true })),
  // The truck is a filter (vehicleIds) and in the row's details; the columns fit at 1366 px.
  listColumns: ['shiftDate', 'shipmentId', 'shipToName', 'status', 'reason', 'onTime', 'inFull'],
  defaultSort: [sortBy('shiftDate', 'desc'), sortBy('shipmentId'), sortBy('seq')],
  labelFields: ['shipToName'],
  storage: 'view',
});
