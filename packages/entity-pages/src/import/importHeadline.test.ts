import type { ImportReport } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { importHeadline } from './importHeadline.ts';

const report = (counts: Partial<ImportReport>): ImportReport => {
  const base = { created: 0, updated: 0, unchanged: 0, failed: 0, applied: false, rows: [], ...counts };
  return { ...base, total: base.created + base.updated + base.unchanged + base.failed };
};

describe('the import headline counts what really happened', () => {
  it('a check writes nothing, and says so', () => {
    expect(importHeadline(report({ created: 5, failed: 1 }), false)).toBe('ตรวจสอบแล้ว 6 แถว (ยังไม่ได้บันทึก)');
  });

  it('an apply that skipped the failed rows says how many of all were imported (issue 43 item 10)', () => {
    const skipped = report({ created: 2, updated: 1, unchanged: 2, failed: 1, applied: true });
    expect(importHeadline(skipped, true)).toBe('นำเข้าเรียบร้อย 5 จาก 6 แถว (ข้าม 1 แถวที่ผิดพลาด)');
  });

  it('an apply of every row says every row', () => {
    expect(importHeadline(report({ created: 99_000, updated: 1_000, applied: true }), true)).toBe(
      'นำเข้าเรียบร้อย 100,000 แถว',
    );
  });

  it('an apply rolled back by a failed row says nothing was saved, and why', () => {
    expect(importHeadline(report({ created: 5, failed: 1 }), true)).toBe(
      'ยังไม่ได้บันทึกข้อมูลใด ๆ เพราะมี 1 แถวที่ผิดพลาด',
    );
    expect(importHeadline(report({ failed: 6 }), true)).toBe('ไม่ได้บันทึกข้อมูลใด ๆ เพราะผิดพลาดทั้ง 6 แถว');
  });

  it('an apply with nothing to change does not blame failed rows', () => {
    expect(importHeadline(report({ unchanged: 6 }), true)).toBe('ไม่มีข้อมูลที่ต้องบันทึก: ทั้ง 6 แถวตรงกับข้อมูลเดิม');
    expect(importHeadline(report({ unchanged: 5, failed: 1 }), true)).toBe(
      'ไม่มีข้อมูลที่ต้องบันทึก: 5 แถวตรงกับข้อมูลเดิม และ 1 แถวผิดพลาด',
    );
    expect(importHeadline(report({}), true)).toBe('ไม่มีแถวข้อมูลในไฟล์ จึงไม่ได้บันทึกข้อมูลใด ๆ');
  });
});
