import { describe, expect, it } from 'vitest';
import { editRoleOf, ROLE_ADMIN, readRoleOf } from '../auth/roles.ts';
import { deliveryOrderReport, province } from '../entities/index.ts';
import { canShareViews, viewNameProblem, viewSharingProblem, viewStateProblems } from './savedView.ts';

const state = { filters: {}, searchTerm: '', sort: [], columns: [], pageSize: 20 };

describe('saved view rules', () => {
  it('lets the entity’s editors share; for a read-only list, the holders of its edit role', () => {
    expect(canShareViews([editRoleOf(province.permission)], province)).toBe(true);
    expect(canShareViews([readRoleOf(province.permission)], province)).toBe(false);
    expect(canShareViews([ROLE_ADMIN], deliveryOrderReport)).toBe(true);
    expect(canShareViews([readRoleOf(deliveryOrderReport.permission)], deliveryOrderReport)).toBe(false);
  });

  it('checks names by their characters, trimmed', () => {
    expect(viewNameProblem('  ')).toBe('กรุณาตั้งชื่อมุมมอง');
    expect(viewNameProblem('ก'.repeat(60))).toBeNull();
    expect(viewNameProblem(` ${'ก'.repeat(61)} `)).toBe('ชื่อมุมมองยาวได้ไม่เกิน 60 ตัวอักษร');
  });

  it('names what the list does not have, and a list value for a one-value filter', () => {
    expect(viewStateProblems(province, state)).toEqual({});
    expect(
      viewStateProblems(province, {
        ...state,
        columns: [{ key: 'code' }, { key: 'code' }],
        filters: { codeEq: ['a', 'b'] },
        pageSize: 0,
      }),
    ).toEqual({
      'state.columns': 'คอลัมน์ "code" ซ้ำกัน',
      'state.filters': 'ตัวกรอง "codeEq" ต้องเป็นค่าเดียว',
      'state.pageSize': 'จำนวนแถวต่อหน้าต้องอยู่ระหว่าง 1–500',
    });
  });

  it('wants a branch or a role to share with, and a role the product knows', () => {
    expect(viewSharingProblem({ branchId: null, role: null })).toMatch(/อย่างน้อยหนึ่งอย่าง/);
    expect(viewSharingProblem({ branchId: null, role: 'ROLE_X' })).toBe('ไม่มีบทบาท "ROLE_X"');
    expect(viewSharingProblem({ branchId: null, role: ROLE_ADMIN })).toBeNull();
  });
});
