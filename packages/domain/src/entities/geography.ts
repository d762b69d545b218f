import { defineEntity } from './define.ts';
import { codeField, latLonFields, placeNameFields, refField, stringField } from './fields.ts';
import { entityHeads } from './heads.ts';

/** Region, province, district and sub-district: Thailand's administrative hierarchy. */

const PLACE_LABEL = ['code', 'nameTh'] as const;
// The short name is chosen in the column chooser: the first columns fit at 1366 px (entityColumns.test.ts).
const PLACE_COLUMNS = ['code', 'nameTh', 'nameEn'] as const;

const derivedNote = 'คำนวณจากระดับที่อยู่ต่ำกว่า (เซิร์ฟเวอร์เติมให้) เพื่อไม่ให้ลำดับชั้นขัดกัน';

export const region = defineEntity({
  ...entityHeads.region,
  fields: [codeField(), ...placeNameFields()],
  listColumns: PLACE_COLUMNS,
  labelFields: PLACE_LABEL,
});

export const province = defineEntity({
  ...entityHeads.province,
  fields: [codeField(), ...placeNameFields(), refField('regionId', 'ภาค', { required: true })],
  listColumns: [...PLACE_COLUMNS, 'regionId'],
  labelFields: PLACE_LABEL,
});

export const district = defineEntity({
  ...entityHeads.district,
  fields: [
    codeField(),
    ...placeNameFields(),
    refField('provinceId', 'จังหวัด', { required: true }),
    refField('regionId', 'ภาค', { readOnly: true, typeNote: derivedNote }),
  ],
  listColumns: [...PLACE_COLUMNS, 'provinceId', 'regionId'],
  labelFields: PLACE_LABEL,
});

export const subDistrict = defineEntity({
  ...entityHeads.subDistrict,
  fields: [
    codeField(),
    ...placeNameFields(),
    stringField('postcode', 'รหัสไปรษณีย์', {
      maxLength: 5,
      searchable: true,
      typeNote: 'ข้อความ 5 หลัก (เก็บเลขศูนย์นำหน้าได้)',
    }),
    refField('districtId', 'อำเภอ/เขต', { required: true }),
    refField('provinceId', 'จังหวัด', { readOnly: true, typeNote: derivedNote }),
    refField('regionId', 'ภาค', { readOnly: true, typeNote: derivedNote }),
    ...latLonFields(),
  ],
  listColumns: ['code', 'nameTh', 'postcode', 'districtId', 'provinceId'],
  labelFields: PLACE_LABEL,
});
