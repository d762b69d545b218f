import { defineEntity } from './define.ts';
import { docNoField } from './documents.ts';
import {
  attachmentsField,
  auditFields,
  dateField,
  owningBranchField,
  refField,
  refsField,
  sortBy,
  stringField,
  timeField,
} from './fields.ts';
import { entityHeads } from './heads.ts';
import { shipmentStages, stageFieldNames } from './options.ts';

/** A shipment is one vehicle trip, with a planned and an actual date and time for each stage. */

function stageFields() {
  return shipmentStages.flatMap(({ key, label }) => {
    const names = stageFieldNames(key);
    // Planned times are shown in the list; actual ones are chosen in the column chooser.
    return [
      dateField(names.planDate, `วันที่ตามแผน: ${label}`),
      timeField(names.planTime, `เวลาตามแผน: ${label}`),
      dateField(names.actDate, `วันที่จริง: ${label}`, { hiddenInList: true }),
      timeField(names.actTime, `เวลาจริง: ${label}`, { hiddenInList: true }),
    ];
  });
}

export const shipment = defineEntity({
  ...entityHeads.shipment,
  fields: [
    docNoField(),
    stringField('carPlateSnap', 'ทะเบียนรถ (ณ วันที่ขนส่ง)', {
      maxLength: 20,
      searchable: true,
      typeNote: 'ทะเบียนที่บันทึกไว้ ณ เวลาขนส่ง ไม่เปลี่ยนตามข้อมูลรถ',
    }),
    refField('shipCondId', 'Ship Cond'),
    refField('vehicleTypeId', 'ประเภทรถ'),
    refField('driverId', 'คนขับรถ'),
    // Written by shipment planning (docs/planning.md): the slot the trip serves, its truck and cargo.
    dateField('shiftDate', 'วันที่ของกะ', { hiddenInList: true }),
    refField('shiftOfDayId', 'กะ', { hiddenInList: true }),
    refField('vehicleId', 'รถ', { hiddenInList: true }),
    refsField('bookingReportIds', 'การจอง', 'bookingReport', { hiddenInList: true }),
    refsField('deliveryOrderIds', 'ใบส่งสินค้า (DO)', 'deliveryOrder', { hiddenInList: true }),
    ...stageFields(),
    attachmentsField('หลักฐานการส่งมอบ (ใบส่งของที่ลงนาม, รูปถ่าย)', {
      typeNote: 'ใบส่งของที่ลูกค้าลงนามหรือรูปถ่ายตอนส่งมอบ (ShipEnd): PDF หรือรูปภาพ',
    }),
    owningBranchField({ hiddenInList: true }),
    ...auditFields(),
  ],
  listColumns: ['docNo', 'planDateCheckIn', 'planTimeCheckIn', 'carPlateSnap', 'vehicleTypeId', 'driverId'],
  defaultSort: [sortBy('planDateCheckIn', 'desc'), sortBy('docNo', 'desc')],
  labelFields: ['docNo'],
});
