import { describe, expect, it } from 'vitest';
import { entityByName } from '../entities/index.ts';
import { listFieldNames, listRowFields, parseListFields } from './listFields.ts';

const deliveryOrder = entityByName('deliveryOrder');
const branch = entityByName('branch');

describe('parseListFields', () => {
  it('takes the fields, the standard columns and the child lists of the entity', () => {
    expect(parseListFields(branch, 'code, provinceId,vehicleTypeSettings,updatedAt')).toEqual({
      ok: true,
      fields: ['code', 'provinceId', 'vehicleTypeSettings', 'updatedAt'],
    });
  });

  it('names each unknown, repeated or empty name', () => {
    expect(parseListFields(deliveryOrder, 'docNo,nope,docNo,,customerLabel')).toEqual({
      ok: false,
      messages: [
        'fields ไม่ถูกต้อง: ไม่มีฟิลด์ "nope" ในรายการนี้',
        'fields ไม่ถูกต้อง: ฟิลด์ "docNo" ซ้ำกัน',
        'fields ไม่ถูกต้อง: มีชื่อฟิลด์ว่าง',
        'fields ไม่ถูกต้อง: ไม่มีฟิลด์ "customerLabel" ในรายการนี้',
      ],
    });
  });

  it('refuses more names than the entity has before looking at any', () => {
    const count = listFieldNames(deliveryOrder).length;
    const result = parseListFields(deliveryOrder, Array.from({ length: count + 1 }, () => 'docNo').join(','));
    expect(result).toEqual({ ok: false, messages: [`fields ระบุได้ไม่เกิน ${count} ค่า (ส่งมา ${count + 1} ค่า)`] });
  });
});

describe('listRowFields', () => {
  it('adds the id, the version, the label’s fields and the sort’s (the default one when none)', () => {
    expect([...listRowFields(deliveryOrder, ['weight'], [])].sort()).toEqual(
      ['deliveryAt', 'docNo', 'id', 'version', 'weight'].sort(),
    );
    expect(
      [...listRowFields(deliveryOrder, ['weight'], [{ field: 'isBooking', direction: 'asc' }])].sort(),
    ).toEqual(['docNo', 'id', 'isBooking', 'version', 'weight'].sort());
  });
});
