import { LIMITS } from '../constants.ts';
import { phrase } from '../text/phrase.ts';
import type { EntityDef, FieldDef } from './types.ts';

/** Bulk actions on a list (issue 22, docs/entity-pages.md "Bulk actions"): what may be set, and the words. */

/** The fields a bulk "set" may write: those the declaration marks `bulkEditable`. */
export function bulkEditableFields(entity: EntityDef): readonly FieldDef[] {
  return entity.readOnlyEntity ? [] : entity.fields.filter((field) => field.bulkEditable);
}

/** Counts as the spec writes numbers: English locale (12,345). */
const count = (n: number) => n.toLocaleString('en-US');

/** Every Thai word of bulk actions, server refusals and screen alike, in one place. */
export const bulkText = {
  selectAllMatching: (n: number) => `เลือกทั้งหมด ${count(n)} รายการที่ตรงกับตัวกรอง`,
  allMatchingSelected: (n: number) => `เลือกทั้งหมด ${count(n)} รายการที่ตรงกับตัวกรองแล้ว`,
  clearSelection: 'ยกเลิกการเลือก',
  delete: 'ลบที่เลือก',
  set: 'แก้ไขค่าที่เลือก',
  export: 'ส่งออกที่เลือก',
  value: 'ค่าใหม่',
  confirmDelete: (n: number, title: string) => `${phrase('ลบ', title)} ${count(n)} รายการ?`,
  confirmDeleteBody: 'รายการที่ยังมีข้อมูลอื่นอ้างถึง อยู่สาขาอื่น หรือถูกแก้ไขไปแล้ว จะไม่ถูกลบ และจะแสดงเหตุผลให้ทราบ',
  confirmSet: (n: number, label: string) => `ตั้งค่า "${label}" ให้ ${count(n)} รายการ`,
  working: (n: number) => `กำลังดำเนินการ ${count(n)} รายการ…`,
  reportTitle: 'ผลการดำเนินการ',
  /** A bulk action's history entries say where they came from (the history list shows it). */
  historySource: 'จัดการหลายรายการ',
  done: (action: 'delete' | 'set', n: number) =>
    action === 'delete' ? `ลบแล้ว ${count(n)} รายการ` : `แก้ไขแล้ว ${count(n)} รายการ`,
  refusedCount: (n: number) => `ไม่ได้ดำเนินการ ${count(n)} รายการ`,
  refusedHeader: 'รายการที่ไม่ได้ดำเนินการและเหตุผล',
  tooMany: `ดำเนินการได้ครั้งละไม่เกิน ${count(LIMITS.bulkActionMaxRows)} รายการ กรุณากรองให้แคบลง`,
  // The server's refusals, one per row.
  referenced: (titles: readonly string[]) => phrase('ลบไม่ได้ เพราะยังมีข้อมูล', titles.join(', '), 'อ้างถึงรายการนี้'),
  stale: 'ข้อมูลนี้ถูกแก้ไขโดยผู้อื่นแล้ว กรุณาโหลดข้อมูลล่าสุดก่อน',
  gone: 'ไม่พบข้อมูลนี้แล้ว อาจถูกลบไปก่อนหน้า',
  notBulkEditable: (label: string) => `แก้ไขฟิลด์ "${label}" หลายรายการพร้อมกันไม่ได้`,
  unknownField: (name: string) => `ไม่รู้จักฟิลด์ ${name}`,
  selectionShape: 'ระบุรายการที่เลือก (rows) หรือตัวกรอง (filter) อย่างใดอย่างหนึ่ง',
} as const;
