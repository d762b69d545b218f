import { describe, expect, it } from 'vitest';
import {
  ROLE_ADMIN,
  ROLE_FREIGHT_STATEMENT_APPROVE,
  ROLE_FREIGHT_STATEMENT_CHECK,
  ROLE_FREIGHT_STATEMENT_EDIT,
  ROLE_FREIGHT_STATEMENT_EXPORT,
} from '../auth/roles.ts';
import {
  formatMonth,
  freightAdjustmentProblems,
  freightMovesFor,
  freightTotals,
  freightTransitionRefusal,
  isFreightStatementEditable,
  isFreightStatementFinal,
  monthDays,
} from './freightStatement.ts';

const ask = (over: Partial<Parameters<typeof freightTransitionRefusal>[0]>) => ({
  from: 'DRAFT' as const,
  to: 'CHECKED' as const,
  roles: [ROLE_FREIGHT_STATEMENT_CHECK],
  userId: 'checker',
  checkedBy: null,
  unpricedTrips: [],
  ...over,
});

describe('freight statement states', () => {
  it('moves draft → checked → approved → exported, each move by its own role', () => {
    expect(freightTransitionRefusal(ask({}))).toBeNull();
    expect(
      freightTransitionRefusal(
        ask({
          from: 'CHECKED',
          to: 'APPROVED',
          roles: [ROLE_FREIGHT_STATEMENT_APPROVE],
          userId: 'boss',
          checkedBy: 'checker',
        }),
      ),
    ).toBeNull();
    expect(
      freightTransitionRefusal(
        ask({ from: 'APPROVED', to: 'EXPORTED', roles: [ROLE_FREIGHT_STATEMENT_EXPORT] }),
      ),
    ).toBeNull();
    // Sent back by the checker or the approver
    expect(freightTransitionRefusal(ask({ from: 'CHECKED', to: 'DRAFT' }))).toBeNull();
    expect(
      freightTransitionRefusal(
        ask({ from: 'CHECKED', to: 'DRAFT', roles: [ROLE_FREIGHT_STATEMENT_APPROVE] }),
      ),
    ).toBeNull();
  });

  it('refuses, in Thai naming the rule, a move out of order, by the wrong role, or by the checker approving', () => {
    expect(freightTransitionRefusal(ask({ from: 'DRAFT', to: 'APPROVED', roles: [ROLE_ADMIN] }))).toEqual({
      rule: 'order',
      message: 'เปลี่ยนสถานะจาก "ร่าง" เป็น "อนุมัติแล้ว" ไม่ได้: ลำดับคือ ร่าง → ตรวจแล้ว → อนุมัติแล้ว → ส่งออกแล้ว',
    });
    expect(
      freightTransitionRefusal(ask({ from: 'APPROVED', to: 'DRAFT', roles: [ROLE_ADMIN] }))?.message,
    ).toMatch(/^เปลี่ยนสถานะจาก "อนุมัติแล้ว" เป็น "ร่าง" ไม่ได้/);
    expect(freightTransitionRefusal(ask({ roles: [ROLE_FREIGHT_STATEMENT_EDIT] }))).toEqual({
      rule: 'role',
      message: 'ไม่มีสิทธิ์ยืนยันว่าตรวจแล้ว: ต้องเป็นผู้ตรวจ (สิทธิ์ ROLE_ADMIN หรือ ROLE_FREIGHT_STATEMENT_CHECK)',
    });
    expect(
      freightTransitionRefusal(
        ask({
          from: 'CHECKED',
          to: 'APPROVED',
          roles: [ROLE_FREIGHT_STATEMENT_CHECK, ROLE_FREIGHT_STATEMENT_APPROVE],
          userId: 'checker',
          checkedBy: 'checker',
        }),
      ),
    ).toEqual({
      rule: 'separation',
      message: 'อนุมัติไม่ได้: ผู้ที่ตรวจใบสรุปนี้จะอนุมัติเองไม่ได้ (ผู้ตรวจและผู้อนุมัติต้องเป็นคนละคน)',
    });
    // An administrator closes the month of a company of one
    expect(
      freightTransitionRefusal(
        ask({ from: 'CHECKED', to: 'APPROVED', roles: [ROLE_ADMIN], userId: 'admin', checkedBy: 'admin' }),
      ),
    ).toBeNull();
    expect(freightTransitionRefusal(ask({ unpricedTrips: ['SH-1', 'SH-2'] }))).toEqual({
      rule: 'unpriced',
      message: 'ยืนยันการตรวจไม่ได้: ยังคิดค่าขนส่งไม่ได้ 2 เที่ยว (SH-1, SH-2) ให้แก้ข้อมูลแล้วกดคำนวณใหม่',
    });
  });

  it('offers each role only its own moves', () => {
    expect(freightMovesFor('DRAFT', [ROLE_FREIGHT_STATEMENT_EDIT])).toEqual([]);
    expect(freightMovesFor('CHECKED', [ROLE_FREIGHT_STATEMENT_APPROVE]).map((m) => m.to)).toEqual([
      'DRAFT',
      'APPROVED',
    ]);
    expect(freightMovesFor('EXPORTED', [ROLE_ADMIN])).toEqual([]);
  });

  it('changes only a draft; approved and exported are final', () => {
    expect(
      ['DRAFT', 'CHECKED', 'APPROVED', 'EXPORTED'].map((s) => isFreightStatementEditable(s as 'DRAFT')),
    ).toEqual([true, false, false, false]);
    expect(
      ['DRAFT', 'CHECKED', 'APPROVED', 'EXPORTED'].map((s) => isFreightStatementFinal(s as 'DRAFT')),
    ).toEqual([false, false, true, true]);
  });
});

describe('freightTotals', () => {
  it('adds the trips and the adjustments to the satang (hand-computed)', () => {
    // Trips 2200 + 5160 + 1000.10 = 8360.10 over 40 + 180 + 12.5 = 232.5 km; adjustments −500 + 120.35 = −379.65
    expect(
      freightTotals(
        [
          { distanceKm: 40, fee: 2200 },
          { distanceKm: 180, fee: 5160 },
          { distanceKm: 12.5, fee: 1000.1 },
        ],
        [{ amount: -500 }, { amount: 120.35 }],
      ),
    ).toEqual({ trips: 3, distanceKm: 232.5, tripFees: 8360.1, adjustments: -379.65, total: 7980.45 });
    expect(freightTotals([], [])).toEqual({ trips: 0, distanceKm: 0, tripFees: 0, adjustments: 0, total: 0 });
  });
});

describe('months and adjustments', () => {
  it('knows a month’s days, leap years included, and names it in Thai', () => {
    expect(monthDays('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthDays('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
    expect(() => monthDays('2026-13-01')).toThrow(RangeError);
    expect(formatMonth('2026-02')).toBe('กุมภาพันธ์ 2569');
    expect(formatMonth('2026-02', { buddhistEra: false })).toBe('กุมภาพันธ์ 2026');
  });

  it('needs an amount that is not zero, to the satang, and a reason', () => {
    expect(freightAdjustmentProblems({ amount: -250.5, reason: ' ค่าเสียหายสินค้าแตก ' })).toEqual({});
    expect(freightAdjustmentProblems({ amount: 0.29, reason: 'ปัดเศษ' })).toEqual({});
    expect(Object.keys(freightAdjustmentProblems({ amount: 0, reason: '  ' }))).toEqual(['amount', 'reason']);
    expect(freightAdjustmentProblems({ amount: 1.005, reason: 'x' }).amount).toMatch(/ไม่เกิน 2 ตำแหน่ง/);
    expect(freightAdjustmentProblems({ amount: 1, reason: 'ก'.repeat(501) }).reason).toMatch(/500/);
  });
});
