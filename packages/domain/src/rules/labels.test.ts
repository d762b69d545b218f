import { describe, expect, it } from 'vitest';
import { entityByName } from '../entities/index.ts';
import { branchOptionLabel, recordLabel, refBaseName, refLabelName, toIdArray } from './labels.ts';

describe('branchOptionLabel', () => {
  it("reads 'code: name'", () => {
    expect(branchOptionLabel({ code: 'B001', name: 'สาขาบางนา' })).toBe('B001: สาขาบางนา');
  });
});

describe('recordLabel', () => {
  it("joins code and name as 'code: name'", () => {
    expect(recordLabel(entityByName('vehicleType'), { id: '1', code: '6W', name: 'รถหกล้อ' })).toBe(
      '6W: รถหกล้อ',
    );
    expect(recordLabel(entityByName('province'), { id: '1', code: '10', nameTh: 'กรุงเทพมหานคร' })).toBe(
      '10: กรุงเทพมหานคร',
    );
  });

  it('labels users by user name and full name, documents by number', () => {
    expect(recordLabel(entityByName('appUser'), { username: 'somchai', fullName: 'สมชาย ใจดี' })).toBe(
      'somchai: สมชาย ใจดี',
    );
    expect(recordLabel(entityByName('shipment'), { docNo: 'SH-0001', carPlateSnap: '70-1234' })).toBe(
      'SH-0001',
    );
    expect(recordLabel(entityByName('contractor'), { code: 'C1', firstName: 'มานะ', lastName: 'ขยัน' })).toBe(
      'C1: มานะ ขยัน',
    );
  });

  it('uses reference labels, enum labels and formatted dates', () => {
    expect(
      recordLabel(entityByName('vehicleUtilizationThresholds'), {
        vehicleTypeId: 'v1',
        vehicleTypeLabel: '6W: รถหกล้อ',
        status: 'NEARLY_FULL',
      }),
    ).toBe('6W: รถหกล้อ: ใกล้เต็ม');
    expect(
      recordLabel(entityByName('vehicleDateSlot'), {
        shiftDate: '2025-03-07',
        shiftOfDayLabel: 'รอบเช้า',
        vehicleTypeId: 'v1',
      }),
    ).toBe('07/03/2025: รอบเช้า v1');
  });

  it('skips missing parts and falls back to the id', () => {
    expect(recordLabel(entityByName('unit'), { id: 'u1', code: 'KG' })).toBe('KG');
    expect(recordLabel(entityByName('unit'), { id: 'u1' })).toBe('u1');
    expect(recordLabel(entityByName('unit'), {})).toBe('');
  });
});

describe('reference names', () => {
  it('derives the base and label property of a reference field', () => {
    expect(refBaseName('provinceId')).toBe('province');
    expect(refBaseName('branchIds')).toBe('branch');
    expect(refBaseName('createdBy')).toBe('createdBy');
    expect(refLabelName('createdBy')).toBe('createdByLabel');
    expect(refLabelName('soShipToId')).toBe('soShipToLabel');
  });
});

describe('toIdArray', () => {
  it('turns reference objects into ids, and nothing into an empty array', () => {
    expect(toIdArray([{ id: 'a' }, { id: 'b' }])).toEqual(['a', 'b']);
    expect(toIdArray(null)).toEqual([]);
    expect(toIdArray(undefined)).toEqual([]);
    expect(toIdArray([{ id: 'a' }, null, { id: '' }])).toEqual(['a']);
  });
});
