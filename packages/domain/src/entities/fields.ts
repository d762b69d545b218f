import { COLUMN_WIDTHS } from '../entity/columnWidth.ts';
import { type EntityName, isEntityName } from '../entity/names.ts';
import type { EnumOption, FieldDef, FieldType, SortDef } from '../entity/types.ts';

/** Field builders shared by the entity declarations, so that a `code` is the same field everywhere. */

export type Extra = Omit<Partial<FieldDef>, 'name' | 'type' | 'label'>;

/** The flags that decide whether a value may be missing, kept literal from a builder's `extra`. */
type Flags<X> = (X extends { readonly required: true } ? { readonly required: true } : unknown) &
  (X extends { readonly readOnly: true } ? { readonly readOnly: true } : unknown);

/**
 * What a builder gives: the field with its name, its type and its `required`/`readOnly` flags kept
 * for the compiler, which derives each entity's record type from them (`EntityRecord`).
 */
export type Built<N extends string, T extends FieldType, X = unknown> = FieldDef<N, T> & Flags<X>;

const built = <N extends string, T extends FieldType, X>(field: FieldDef): Built<N, T, X> =>
  field as Built<N, T, X>;

export const CODE_MAX_LENGTH = 50;
export const NAME_MAX_LENGTH = 255;
export const TEL_MAX_LENGTH = 30;
export const TEXT_MAX_LENGTH = 2000;
/** Files one record keeps (an `attachments` field's default `max`). */
export const ATTACHMENTS_MAX = 20;

/**
 * The most characters a text field takes: its declared `maxLength`, else a default by type, so
 * that no text field is unbounded (issue 23: a 2,760-character name). Form and server check it
 * through the one domain schema.
 */
export function maxLengthOf(field: Pick<FieldDef, 'type' | 'maxLength'>): number | undefined {
  if (field.maxLength !== undefined) return field.maxLength;
  if (field.type === 'string') return NAME_MAX_LENGTH;
  if (field.type === 'text') return TEXT_MAX_LENGTH;
  return undefined;
}

export function codeField(extra: Extra = {}): Built<'code', 'string', { required: true }> {
  return built({
    name: 'code',
    type: 'string',
    label: 'รหัส',
    required: true,
    unique: true,
    searchable: true,
    maxLength: CODE_MAX_LENGTH,
    listWidth: COLUMN_WIDTHS.code,
    ...extra,
  });
}

export function nameField(extra: Extra = {}): Built<'name', 'string', { required: true }> {
  return built({
    name: 'name',
    type: 'string',
    label: 'ชื่อ',
    required: true,
    searchable: true,
    maxLength: NAME_MAX_LENGTH,
    ...extra,
  });
}

export function stringField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'string', X> {
  return built({ name, type: 'string', label, maxLength: NAME_MAX_LENGTH, ...extra });
}

export function textField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'text', X> {
  return built({ name, type: 'text', label, maxLength: TEXT_MAX_LENGTH, ...extra });
}

export function telField<const X extends Extra = Extra>(extra: X = {} as X): Built<'tel', 'string', X> {
  return built({
    name: 'tel',
    type: 'string',
    label: 'เบอร์โทรศัพท์',
    maxLength: TEL_MAX_LENGTH,
    format: 'tel',
    listWidth: COLUMN_WIDTHS.tel,
    ...extra,
  });
}

export function booleanField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'boolean', X> {
  return built({ name, type: 'boolean', label, ...extra });
}

export function integerField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'integer', X> {
  return built({ name, type: 'integer', label, ...extra });
}

export function decimalField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'decimal', X> {
  return built({ name, type: 'decimal', label, scale: 2, ...extra });
}

export function dateField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'date', X> {
  return built({ name, type: 'date', label, ...extra });
}

export function timeField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'time', X> {
  return built({ name, type: 'time', label, ...extra });
}

export function datetimeField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'datetime', X> {
  return built({ name, type: 'datetime', label, ...extra });
}

/** An enum keeps its options' values literal: the record's type is their union. */
export function enumField<
  const N extends string,
  const O extends readonly EnumOption[],
  const X extends Extra = Extra,
>(name: N, label: string, options: O, extra: X = {} as X): Built<N, 'enum', X> & { readonly options: O } {
  return built<N, 'enum', X>({ name, type: 'enum', label, options, ...extra }) as Built<N, 'enum', X> & {
    readonly options: O;
  };
}

/**
 * A reference `<base>Id` to entity `<base>` unless `ref` says otherwise: a name whose base is no
 * entity must say which entity it points at.
 */
export function refField<const N extends `${EntityName}Id`, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra?: X,
): Built<N, 'ref', X>;
export function refField<const N extends string, const X extends Extra & { ref: EntityName }>(
  name: N,
  label: string,
  extra: X,
): Built<N, 'ref', X>;
export function refField(name: string, label: string, extra: Extra = {}): FieldDef {
  const ref = extra.ref ?? name.replace(/Id$/, '');
  if (!isEntityName(ref)) throw new Error(`refField ${name}: no entity "${ref}"; say which with \`ref\``);
  return { name, type: 'ref', label, ...extra, ref };
}

/**
 * Documents and photos kept with a record (issue 23): an ordered list of stored file ids, in a
 * link table whose foreign key keeps an attached file from being deleted (docs/domain.md).
 */
export function attachmentsField(label: string, extra: Extra = {}): Built<'attachments', 'attachments'> {
  return built({
    name: 'attachments',
    type: 'attachments',
    label,
    hiddenInList: true,
    max: ATTACHMENTS_MAX,
    typeNote: `ไฟล์แนบเรียงตามลำดับ: Excel, Word, PDF, JSON หรือรูปภาพ ไม่เกิน ${ATTACHMENTS_MAX} ไฟล์`,
    ...extra,
  });
}

export function refsField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  ref: EntityName,
  extra: X = {} as X,
): Built<N, 'refs', X> {
  return built({ name, type: 'refs', label, ref, ...extra });
}

/** Weights are kilograms with 3 decimals (grams), as the ERP sends them. */
export function weightField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'decimal', X> {
  return built(
    decimalField(name, label, {
      min: 0,
      scale: 3,
      quantity: 'weight',
      typeNote: 'น้ำหนักเป็นกิโลกรัม ทศนิยม 3 ตำแหน่ง (กรัม)',
      ...extra,
    }),
  );
}

/** Volumes are cubic metres with 3 decimals (litres). */
export function volumeField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'decimal', X> {
  return built(
    decimalField(name, label, {
      min: 0,
      scale: 3,
      quantity: 'volume',
      typeNote: 'ปริมาตรเป็นลูกบาศก์เมตร ทศนิยม 3 ตำแหน่ง (ลิตร)',
      ...extra,
    }),
  );
}

export function minutesField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'integer', X> {
  return built(integerField(name, label, { min: 0, typeNote: 'จำนวนนาที เป็นจำนวนเต็ม', ...extra }));
}

export function percentField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'decimal', X> {
  return built(
    decimalField(name, label, {
      min: 0,
      max: 100,
      typeNote: 'ร้อยละ 0–100 ทศนิยม 2 ตำแหน่ง',
      listWidth: COLUMN_WIDTHS.small,
      ...extra,
    }),
  );
}

/** Money in baht, 2 decimals (satang). */
export function moneyField<const N extends string, const X extends Extra = Extra>(
  name: N,
  label: string,
  extra: X = {} as X,
): Built<N, 'decimal', X> {
  return built(
    decimalField(name, label, {
      min: 0,
      quantity: 'money',
      typeNote: 'จำนวนเงินบาท ทศนิยม 2 ตำแหน่ง',
      ...extra,
    }),
  );
}

/** Latitude and longitude in degrees, 6 decimals (about 10 cm). */
export function latLonFields() {
  return [
    decimalField('lat', 'ละติจูด', { min: -90, max: 90, scale: 6, typeNote: 'องศา ทศนิยม 6 ตำแหน่ง' }),
    decimalField('lon', 'ลองจิจูด', { min: -180, max: 180, scale: 6, typeNote: 'องศา ทศนิยม 6 ตำแหน่ง' }),
  ];
}

/** Thai and English names of a place, as the spec lists them for province, district and sub-district. */
export function placeNameFields() {
  return [
    stringField('nameTh', 'ชื่อ (ไทย)', { required: true, searchable: true }),
    stringField('nameEn', 'ชื่อ (อังกฤษ)', { searchable: true }),
    stringField('shortNameTh', 'ชื่อย่อ (ไทย)', { maxLength: 50 }),
    stringField('shortNameEn', 'ชื่อย่อ (อังกฤษ)', { maxLength: 50 }),
  ];
}

/** The acting branch of a branch-owned record: set by the server from the `branchId` query, never from the body. */
export function owningBranchField(extra: Omit<Extra, 'readOnly'> = {}) {
  return refField('branchId', 'สาขา', {
    typeNote: 'ข้อมูลของสาขา: เซิร์ฟเวอร์กำหนดจากสาขาที่ใช้งานอยู่ (query branchId) ไม่รับจากข้อมูลที่ส่งมา',
    ...extra,
    readOnly: true,
  });
}

export function createdAtField() {
  return datetimeField('createdAt', 'วันที่สร้าง', { readOnly: true, hiddenInList: true });
}

export function updatedAtField() {
  return datetimeField('updatedAt', 'วันที่แก้ไขล่าสุด', { readOnly: true, hiddenInList: true });
}

/** createdBy/updatedBy keep the spec's names (no `Id` suffix); the server answers `createdByLabel`. */
export function createdByField() {
  return refField('createdBy', 'ผู้สร้าง', { ref: 'appUser', readOnly: true, hiddenInList: true });
}

export function updatedByField() {
  return refField('updatedBy', 'ผู้แก้ไขล่าสุด', { ref: 'appUser', readOnly: true, hiddenInList: true });
}

/** When the ERP integration last wrote or confirmed the record (set by the server on every sync). */
export function lastSyncAtField() {
  return datetimeField('lastSyncAt', 'ซิงค์ล่าสุด', { readOnly: true, hiddenInList: true });
}

export function timestampFields() {
  return [createdAtField(), updatedAtField()];
}

export function auditFields() {
  return [createdByField(), updatedByField(), createdAtField(), updatedAtField()];
}

export const ASC = 'asc' as const;
export const DESC = 'desc' as const;

export function sortBy<const F extends string>(field: F, direction: 'asc' | 'desc' = ASC): SortDef<F> {
  return { field, direction };
}

export const CODE_NAME_LABEL = ['code', 'name'] as const;
