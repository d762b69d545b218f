import type { ImportReport } from '@lms/domain';

/** A count as the dialog writes it (Thai grouping: 100,000). */
export const count = (n: number) => n.toLocaleString('th-TH');

/**
 * The result in one line, counting what really happened: a dry run writes nothing; an apply that
 * skipped failed rows (`validOnly`) says how many of all were imported and how many were skipped;
 * an apply that wrote nothing says why (a failed row rolled it back, or nothing differed).
 */
export function importHeadline(report: ImportReport, applied: boolean): string {
  const { total, failed } = report;
  if (!applied) return `ตรวจสอบแล้ว ${count(total)} แถว (ยังไม่ได้บันทึก)`;
  const accepted = total - failed;
  if (report.applied)
    return failed > 0
      ? `นำเข้าเรียบร้อย ${count(accepted)} จาก ${count(total)} แถว (ข้าม ${count(failed)} แถวที่ผิดพลาด)`
      : `นำเข้าเรียบร้อย ${count(total)} แถว`;
  if (total === 0) return 'ไม่มีแถวข้อมูลในไฟล์ จึงไม่ได้บันทึกข้อมูลใด ๆ';
  if (report.created + report.updated === 0 && failed < total)
    return failed > 0
      ? `ไม่มีข้อมูลที่ต้องบันทึก: ${count(report.unchanged)} แถวตรงกับข้อมูลเดิม และ ${count(failed)} แถวผิดพลาด`
      : `ไม่มีข้อมูลที่ต้องบันทึก: ทั้ง ${count(total)} แถวตรงกับข้อมูลเดิม`;
  if (accepted === 0) return `ไม่ได้บันทึกข้อมูลใด ๆ เพราะผิดพลาดทั้ง ${count(total)} แถว`;
  return `ยังไม่ได้บันทึกข้อมูลใด ๆ เพราะมี ${count(failed)} แถวที่ผิดพลาด`;
}
