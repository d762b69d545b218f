import { describe, expect, it } from 'vitest';
import { entities, entityByName, maxLengthOf } from '../entities/index.ts';
import type { EntityDef } from '../entity/types.ts';
import { schemaFor } from './schema.ts';
import { validateRecord } from './validateRecord.ts';

function errorsOf(entity: EntityDef, body: Record<string, unknown>, mode: 'create' | 'update' = 'create') {
  const result = validateRecord(entity, mode, body);
  return result.ok ? {} : result.errors;
}

function validValue(entity: EntityDef, body: Record<string, unknown>, mode: 'create' | 'update' = 'create') {
  const result = validateRecord(entity, mode, body);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
}

const province = entityByName('province');
const vehicleType = entityByName('vehicleType');

describe('schemaFor', () => {
  it('asks for each required field by its Thai label', () => {
    expect(errorsOf(province, {})).toEqual({
      code: 'กรุณาระบุ รหัส',
      nameTh: 'กรุณาระบุ ชื่อ (ไทย)',
      regionId: 'กรุณาระบุ ภาค',
    });
  });

  it('answers a value of the wrong shape in Thai by label, never with an exception or the value', () => {
    expect(errorsOf(province, { code: ['10'], nameTh: { th: 'x' }, regionId: 5 })).toMatchObject({
      code: 'รหัส ต้องเป็นข้อความ',
      nameTh: 'ชื่อ (ไทย) ต้องเป็นข้อความ',
    });
    const whole = validateRecord(province, 'create', 'hello');
    expect(whole).toEqual({ ok: false, errors: { _form: 'ข้อมูลที่ส่งต้องเป็นข้อมูลแบบ JSON object' } });
  });

  it('refuses a null file id among the attachments in Thai, as any id that is no file (fuzz seed 20261125)', () => {
    const shipTo = entityByName('shipTo');
    const id = '0a6d1a52-5c2f-4b8e-9d0e-1f2a3b4c5d11';
    const errors = errorsOf(shipTo, {
      code: 'S1',
      name: 'ร้าน',
      subDistrictId: 'sd',
      attachments: [id, null],
    });
    expect(errors).toEqual({ attachments: expect.stringMatching(/[\u0E00-\u0E7F]/) });
  });

  it('trims strings and counts a blank string as missing', () => {
    expect(errorsOf(province, { code: '   ', nameTh: ' กรุงเทพ ', regionId: 'r1' })).toEqual({
      code: 'กรุณาระบุ รหัส',
    });
    expect(validValue(province, { code: ' 10 ', nameTh: ' กรุงเทพ ', regionId: 'r1', nameEn: '  ' })).toEqual({
      code: '10',
      nameTh: 'กรุงเทพ',
      regionId: 'r1',
      nameEn: null,
    });
  });

  it('leaves read-only and unknown fields out of the body', () => {
    const branch = entityByName('branch');
    const value = validValue(branch, {
      code: 'B1',
      name: 'สาขา 1',
      createdAt: '2025-01-01T00:00:00Z',
      hacker: true,
    });
    expect(value).not.toHaveProperty('createdAt');
    expect(value).not.toHaveProperty('hacker');
    expect(Object.keys(schemaFor(branch, 'create').fields)).not.toContain('updatedAt');
    expect(Object.keys(schemaFor(entityByName('vehicle'), 'create').fields)).not.toContain('branchId');
  });

  it('checks numbers: type, whole numbers, bounds and decimals, in Thai', () => {
    const base = { code: 'T', name: 'หกล้อ', maxCapacityVolume: 20 };
    expect(errorsOf(vehicleType, { ...base, maxCapacityWeight: 'หนัก' })).toEqual({
      maxCapacityWeight: 'น้ำหนักบรรทุกสูงสุด (กก.) ต้องเป็นตัวเลข',
    });
    expect(errorsOf(vehicleType, { ...base, maxCapacityWeight: -1 })).toEqual({
      maxCapacityWeight: 'น้ำหนักบรรทุกสูงสุด (กก.) ต้องไม่น้อยกว่า 0',
    });
    expect(errorsOf(vehicleType, { ...base, maxCapacityWeight: 1.2345 })).toEqual({
      maxCapacityWeight: 'น้ำหนักบรรทุกสูงสุด (กก.) มีทศนิยมได้ไม่เกิน 3 ตำแหน่ง',
    });
    expect(validValue(vehicleType, { ...base, maxCapacityWeight: '6000.5' }).maxCapacityWeight).toBe(6000.5);
    const shipCond = entityByName('shipCond');
    expect(errorsOf(shipCond, { code: '01', name: 'ส่งปกติ', sla: 1.5 })).toEqual({
      sla: 'SLA (วันที่เริ่มจองได้) ต้องเป็นจำนวนเต็ม',
    });
    const thresholds = entityByName('vehicleUtilizationThresholds');
    expect(
      errorsOf(thresholds, { status: 'FULL', minWeightPercent: 90, maxWeightPercent: 101 }),
    ).toMatchObject({
      maxWeightPercent: 'ร้อยละน้ำหนักสูงสุด ต้องไม่มากกว่า 100',
    });
  });

  it('keeps a maximum at or above its minimum', () => {
    expect(
      errorsOf(vehicleType, {
        code: 'T',
        name: 'หกล้อ',
        minCapacityWeight: 5000,
        maxCapacityWeight: 4000,
        maxCapacityVolume: 20,
      }),
    ).toEqual({ maxCapacityWeight: 'น้ำหนักบรรทุกสูงสุด (กก.) ต้องไม่น้อยกว่า น้ำหนักบรรทุกต่ำสุด (กก.)' });
  });

  it('limits string length', () => {
    expect(errorsOf(province, { code: 'x'.repeat(51), nameTh: 'ก', regionId: 'r' })).toEqual({
      code: 'รหัส ต้องยาวไม่เกิน 50 ตัวอักษร',
    });
  });

  it('checks dates, times, enums and e-mail addresses', () => {
    const slot = entityByName('vehicleDateSlot');
    const base = { total: 3, vehicleTypeId: 'v', shiftOfDayId: 's', shipCondId: 'c' };
    expect(errorsOf(slot, { ...base, shiftDate: '2025-02-30' })).toEqual({
      shiftDate: 'วันที่รับสินค้า ต้องเป็นวันที่ในรูปแบบ yyyy-MM-dd',
    });
    expect(errorsOf(slot, { ...base, shiftDate: '2100-01-01' })).toEqual({
      shiftDate: 'วันที่รับสินค้า ต้องอยู่ระหว่าง 01/01/1900 ถึง 31/12/2099',
    });
    const shift = entityByName('shiftOfDay');
    expect(errorsOf(shift, { name: 'เช้า', startTime: '24:00', endTime: '12:00', totalMinute: 240 })).toEqual({
      startTime: 'เวลาเริ่ม ต้องเป็นเวลาในรูปแบบ HH:mm',
    });
    const thresholds = entityByName('vehicleUtilizationThresholds');
    expect(errorsOf(thresholds, { status: 'EMPTY' })).toMatchObject({ status: 'สถานะ ต้องเป็นค่าหนึ่งในรายการ' });
    const user = { username: 'somchai', fullName: 'สมชาย' };
    expect(errorsOf(entityByName('appUser'), { ...user, email: 'somchai@' })).toEqual({
      email: 'อีเมล ต้องเป็นอีเมลที่ถูกต้อง',
    });
    expect(validValue(entityByName('appUser'), { ...user, email: ' s@example.co.th ' }).email).toBe(
      's@example.co.th',
    );
  });

  it('checks weekday sets and role lists', () => {
    const ban = {
      name: 'ห้ามวิ่งในเมือง',
      startTime: '06:00',
      endTime: '21:00',
      vehicleTypeId: 'v',
      subDistrictId: 's',
      banDayPattern: 'CUSTOM',
    };
    const truckBan = entityByName('truckBanConfig');
    expect(validValue(truckBan, { ...ban, bannedWeekdays: [1, 3] }).bannedWeekdays).toEqual([1, 3]);
    expect(errorsOf(truckBan, { ...ban, bannedWeekdays: [1, 1] })).toEqual({
      bannedWeekdays: 'วันที่ห้ามวิ่ง ต้องเป็นวันในสัปดาห์ 0 (อาทิตย์) ถึง 6 (เสาร์) ไม่ซ้ำกัน',
    });
    expect(Object.keys(errorsOf(truckBan, { ...ban, bannedWeekdays: [7] }))).toEqual(['bannedWeekdays[0]']);
    const group = entityByName('appRoleGroup');
    expect(errorsOf(group, { name: 'คลัง', roles: [] })).toEqual({ roles: 'กรุณาระบุ สิทธิ์' });
    expect(errorsOf(group, { name: 'คลัง', roles: ['ROLE_ADMIN', 'ROLE_GOD'] })).toEqual({
      roles: 'สิทธิ์ มีสิทธิ์ที่ไม่รู้จัก: ROLE_GOD',
    });
  });

  it('validates child rows with their own fields', () => {
    const branch = entityByName('branch');
    const errors = errorsOf(branch, {
      code: 'B1',
      name: 'สาขา 1',
      vehicleTypeSettings: [
        { vehicleTypeId: 'v', shipCondId: 'c', speedPerKm: 1.5, loadTime: 30, unloadTime: 30 },
      ],
    });
    expect(errors).toEqual({ 'vehicleTypeSettings[0].waitTime': 'กรุณาระบุ เวลารอ (นาที)' });
  });

  it('answers a child row that is null or not an object in Thai (found by the long fuzz)', () => {
    const branch = entityByName('branch');
    const label = branch.children?.[0]?.label ?? '';
    for (const row of [null, 'x', 7]) {
      const errors = errorsOf(branch, { code: 'B1', name: 'สาขา 1', vehicleTypeSettings: [row] });
      expect(errors).toEqual({ 'vehicleTypeSettings[0]': `แต่ละแถวของ ${label} ต้องเป็นข้อมูลแบบ JSON object` });
    }
  });

  it('needs the record version on update only', () => {
    const body = { code: '10', nameTh: 'กรุงเทพมหานคร', regionId: 'r1' };
    expect(errorsOf(province, body, 'create')).toEqual({});
    expect(errorsOf(province, body, 'update')).toEqual({ version: 'ไม่พบเวอร์ชันของข้อมูล กรุณาโหลดข้อมูลใหม่' });
    expect(validValue(province, { ...body, version: 4 }, 'update').version).toBe(4);
  });
});

describe('text length (issue 23)', () => {
  it('bounds every text field of every declaration, child rows included', () => {
    const unbounded = entities.flatMap((entity) =>
      [...entity.fields, ...(entity.children ?? []).flatMap((child) => child.fields)]
        .filter(
          (field) => (field.type === 'string' || field.type === 'text') && maxLengthOf(field) === undefined,
        )
        .map((field) => `${entity.name}.${field.name}`),
    );
    expect(unbounded).toEqual([]);
  });

  it('gives an undeclared text field the default maximum, with the Thai message', () => {
    const note = { name: 'note', type: 'text', label: 'หมายเหตุ' } as const;
    const entity = { ...entityByName('region'), fields: [note] };
    const result = validateRecord(entity, 'create', { note: 'ก'.repeat(2001) });
    expect(result).toEqual({ ok: false, errors: { note: 'หมายเหตุ ต้องยาวไม่เกิน 2000 ตัวอักษร' } });
    expect(validateRecord(entity, 'create', { note: 'ก'.repeat(2000) }).ok).toBe(true);
  });
});
