import { SAVED_VIEW, type ViewSharing, type ViewState } from '../api/savedViews.ts';
import { can } from '../auth/permissions.ts';
import { isKnownRole, prefixEditRoles } from '../auth/roles.ts';
import { filtersFor } from './filters.ts';
import type { EntityDef, FieldDef } from './types.ts';

/**
 * The rules of a saved view (docs/entity-pages.md "Saved views"), pure so that the server refuses
 * and the save dialog warns with the same Thai messages.
 */

/**
 * Fields a list may show as columns: everything but files and role lists. Long text too: a column
 * is as wide as declared whatever its values, and a cut value is shown whole on hover and focus.
 */
export function listableFields(entity: EntityDef): FieldDef[] {
  return entity.fields.filter((field) => !['file', 'image', 'roles'].includes(field.type));
}

export const savedViewMessages = {
  nameRequired: 'กรุณาตั้งชื่อมุมมอง',
  nameTooLong: `ชื่อมุมมองยาวได้ไม่เกิน ${SAVED_VIEW.nameMaxLength} ตัวอักษร`,
  duplicate: (name: string) => `มีมุมมองชื่อ "${name}" อยู่แล้ว กรุณาใช้ชื่ออื่น`,
  tooMany: `บันทึกมุมมองของรายการนี้ได้ไม่เกิน ${SAVED_VIEW.perUserPerEntity} มุมมอง`,
  unknownColumn: (key: string) => `ไม่มีคอลัมน์ "${key}" ในรายการนี้`,
  duplicateColumn: (key: string) => `คอลัมน์ "${key}" ซ้ำกัน`,
  columnWidth: `ความกว้างคอลัมน์ต้องอยู่ระหว่าง ${SAVED_VIEW.minColumnWidth}–${SAVED_VIEW.maxColumnWidth} พิกเซล`,
  unknownFilter: (param: string) => `ไม่มีตัวกรอง "${param}" ในรายการนี้`,
  listFilter: (param: string) => `ตัวกรอง "${param}" ต้องเป็นค่าเดียว`,
  unknownSort: (field: string) => `เรียงตาม "${field}" ไม่ได้ในรายการนี้`,
  pageSize: `จำนวนแถวต่อหน้าต้องอยู่ระหว่าง 1–${SAVED_VIEW.maxPageSize}`,
  unknownEntity: 'ไม่พบรายการที่ต้องการ',
  notFound: 'ไม่พบมุมมองที่ต้องการ',
  notOwner: 'แก้ไขหรือลบได้เฉพาะมุมมองที่ตนเองบันทึกไว้',
  cannotShare: (title: string) => `แชร์มุมมองได้เฉพาะผู้มีสิทธิ์แก้ไข ${title}`,
  shareWithWhom: 'กรุณาเลือกสาขาหรือบทบาทที่จะแชร์อย่างน้อยหนึ่งอย่าง',
  unknownRole: (role: string) => `ไม่มีบทบาท "${role}"`,
  notYourBranch: 'แชร์ได้เฉพาะกับสาขาที่คุณมีสิทธิ์',
} as const;

/** Who may share views of a list: those who may edit the entity; for a read-only list, its edit roles. */
export function canShareViews(roles: readonly string[], entity: EntityDef): boolean {
  if (entity.readOnlyEntity) return prefixEditRoles(entity.permission).some((role) => roles.includes(role));
  return can(roles, entity, 'update').can;
}

/** The name's problem, or null. */
export function viewNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return savedViewMessages.nameRequired;
  if ([...trimmed].length > SAVED_VIEW.nameMaxLength) return savedViewMessages.nameTooLong;
  return null;
}

/**
 * What is wrong with a view's state for this entity, by where (`state.columns`, `state.filters` …):
 * names the list does not have, widths and page sizes out of range. Empty when it may be saved.
 */
export function viewStateProblems(entity: EntityDef, state: ViewState): Record<string, string> {
  const problems: Record<string, string> = {};
  const columns = new Set(listableFields(entity).map((field) => field.name));
  const seen = new Set<string>();
  for (const column of state.columns) {
    if (!columns.has(column.key)) problems['state.columns'] ??= savedViewMessages.unknownColumn(column.key);
    else if (seen.has(column.key))
      problems['state.columns'] ??= savedViewMessages.duplicateColumn(column.key);
    seen.add(column.key);
    if (
      column.width !== undefined &&
      (column.width < SAVED_VIEW.minColumnWidth || column.width > SAVED_VIEW.maxColumnWidth)
    )
      problems['state.columns'] ??= savedViewMessages.columnWidth;
  }
  const filters = new Map(
    filtersFor(entity)
      .filter((filter) => filter.kind !== 'search')
      .map((filter) => [filter.param, filter]),
  );
  for (const [param, value] of Object.entries(state.filters)) {
    const filter = filters.get(param);
    if (!filter) problems['state.filters'] ??= savedViewMessages.unknownFilter(param);
    else if (Array.isArray(value) && !filter.isList)
      problems['state.filters'] ??= savedViewMessages.listFilter(param);
  }
  for (const item of state.sort)
    if (!columns.has(item.field)) problems['state.sort'] ??= savedViewMessages.unknownSort(item.field);
  if (state.pageSize < 1 || state.pageSize > SAVED_VIEW.maxPageSize)
    problems['state.pageSize'] = savedViewMessages.pageSize;
  return problems;
}

/** What is wrong with whom a view is shared with (the branch's right is the server's to check). */
export function viewSharingProblem(sharing: ViewSharing): string | null {
  if (sharing.branchId === null && sharing.role === null) return savedViewMessages.shareWithWhom;
  if (sharing.role !== null && !isKnownRole(sharing.role)) return savedViewMessages.unknownRole(sharing.role);
  return null;
}
