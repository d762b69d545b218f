import { describe, expect, it } from 'vitest';
import { entityByName } from '../entities/index.ts';
import { sortableFields, validateListQuery } from './listQuery.ts';

const province = entityByName('province');
const shipment = entityByName('shipment');

function ok(entity: Parameters<typeof validateListQuery>[0], query: Parameters<typeof validateListQuery>[1]) {
  const result = validateListQuery(entity, query);
  if (!result.ok) throw new Error(result.messages.join('\n'));
  return result.value;
}

function messages(
  entity: Parameters<typeof validateListQuery>[0],
  query: Parameters<typeof validateListQuery>[1],
) {
  const result = validateListQuery(entity, query);
  if (result.ok) throw new Error('expected a failure');
  return result.messages;
}

describe('validateListQuery', () => {
  it('defaults to page 0, size 20 and the entity default sort', () => {
    expect(ok(province, {})).toEqual({
      page: 0,
      size: 20,
      sort: [{ field: 'code', direction: 'asc' }],
      filters: {},
    });
  });

  it('reads page, size and repeated sorts', () => {
    const value = ok(province, { page: '3', size: '500', sort: ['nameTh,desc', 'code'] });
    expect(value.page).toBe(3);
    expect(value.size).toBe(500);
    expect(value.sort).toEqual([
      { field: 'nameTh', direction: 'desc' },
      { field: 'code', direction: 'asc' },
    ]);
  });

  it('rejects a page below 0, a size over 500 or below 1, and a bad sort', () => {
    expect(messages(province, { page: '-1' })).toEqual(['page ต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป']);
    expect(messages(province, { size: '501' })).toEqual(['size ต้องเป็นจำนวนเต็มตั้งแต่ 1 ถึง 500']);
    expect(messages(province, { size: '0' })).toHaveLength(1);
    expect(messages(province, { size: 'ten' })).toHaveLength(1);
    expect(messages(province, { sort: 'code,up' })).toEqual([
      'sort "code,up" ต้องอยู่ในรูปแบบ field,asc หรือ field,desc',
    ]);
    expect(messages(province, { sort: 'password,asc' })).toEqual(['เรียงลำดับตาม "password" ไม่ได้']);
  });

  it('names every unknown parameter', () => {
    expect(messages(province, { foo: '1', nameThEq: 'x', nameEq: 'y' })).toEqual([
      'ไม่รู้จักพารามิเตอร์: foo, nameEq',
    ]);
  });

  it('parses filters by their value type', () => {
    const value = ok(entityByName('shiftOfDay'), {
      nameEq: ' เช้า ',
      activeEq: 'true',
      priorityFrom: '1',
      priorityTo: '3',
      startTimeFrom: '08:00:00',
      ids: ['a', 'b'],
      searchTerm: 'x',
    });
    expect(value.filters).toEqual({
      nameEq: 'เช้า',
      activeEq: true,
      priorityFrom: 1,
      priorityTo: 3,
      startTimeFrom: '08:00',
      ids: ['a', 'b'],
      searchTerm: 'x',
    });
  });

  it('takes a single value of a list filter as a one-item list', () => {
    expect(ok(province, { regionIds: 'r1' }).filters).toEqual({ regionIds: ['r1'] });
  });

  it('drops blank values as the client does', () => {
    expect(ok(province, { nameThEq: '  ', ids: ['', ' '] }).filters).toEqual({});
  });

  it('rejects values of the wrong type, in Thai, naming each filter by its label on the panel', () => {
    expect(messages(entityByName('shiftOfDay'), { activeEq: 'yes' })).toEqual([
      'ใช้งาน: เท่ากับ ต้องเป็นค่า true หรือ false',
    ]);
    expect(messages(entityByName('shiftOfDay'), { priorityFrom: '1.5' })).toEqual([
      'ลำดับความสำคัญ: ตั้งแต่ ต้องเป็นจำนวนเต็ม',
    ]);
    expect(messages(province, { codeEq: ['a', 'b'] })).toEqual(['รหัส: เท่ากับ ระบุได้ครั้งเดียว']);
    expect(messages(entityByName('vehicleUtilizationThresholds'), { statusEq: 'EMPTY' })).toEqual([
      'สถานะ: เท่ากับ ต้องเป็นค่าหนึ่งในรายการ',
    ]);
  });

  it('checks that From is not after To', () => {
    const query = { branchId: 'b1', planDateCheckInFrom: '2025-02-01', planDateCheckInTo: '2025-01-31' };
    expect(messages(shipment, query)).toEqual(['วันที่ตามแผน: เช็คอิน: ตั้งแต่ ต้องไม่มากกว่า วันที่ตามแผน: เช็คอิน: ถึง']);
    expect(ok(shipment, { ...query, planDateCheckInTo: '2025-02-01' }).filters).toMatchObject({
      planDateCheckInFrom: '2025-02-01',
    });
    expect(messages(shipment, { branchId: 'b1', planDateCheckInFrom: '2025-02-30' })).toEqual([
      'วันที่ตามแผน: เช็คอิน: ตั้งแต่ ต้องเป็นวันที่ yyyy-MM-dd',
    ]);
  });

  it('needs the acting branch for branch-owned entities, and only there', () => {
    expect(messages(shipment, {})).toEqual(['กรุณาเลือกบริษัทเพื่อเข้าใช้งาน']);
    expect(ok(shipment, { branchId: 'b1' }).branchId).toBe('b1');
    expect(messages(province, { branchId: 'b1' })).toEqual(['ไม่รู้จักพารามิเตอร์: branchId']);
  });

  it('sorts by one-value fields only', () => {
    const names = sortableFields(entityByName('appUser')).map((field) => field.name);
    expect(names).toContain('username');
    expect(names).not.toContain('branchIds');
    expect(names).not.toContain('profileImageId');
  });
});
