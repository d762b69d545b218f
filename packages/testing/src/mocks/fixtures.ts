import {
  type EntityDef,
  entityByName,
  type FieldDef,
  hasEntity,
  phrase,
  recordLabel,
  refLabelName,
  rolePickerGroups,
  unknownFieldType,
} from '@lms/domain';

/**
 * Fixture records generated from a declaration: deterministic (the same index gives the same
 * record in every run, so screenshots are stable), Thai sample text, references that point at
 * fixture records of the target entity and carry their labels as the server answers them.
 */

export type FixtureRecord = Record<string, unknown> & { id: string; version: number };

/** The acting branch of the stories' session; branch-owned fixtures belong to it. */
export const FIXTURE_BRANCH_ID = fixtureId('branch', 1);

/** A UUID-shaped id (the server's ids are UUIDs): entity hash + index. */
export function fixtureId(entityName: string, index: number): string {
  let hash = 2166136261;
  for (const char of entityName) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return `${hash.toString(16).padStart(8, '0')}-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
}

/** Uploaded files the fixtures attach (Thai names, as users name them); `file/info` answers these. */
export const FIXTURE_FILES = [
  { id: fixtureId('file', 1), origName: 'ใบสั่งซื้อ PO-2569-0012.pdf' },
  { id: fixtureId('file', 2), origName: 'ใบส่งของลงนามลูกค้า.jpg' },
  { id: fixtureId('file', 3), origName: 'รายการสินค้า มีนาคม.xlsx' },
  { id: fixtureId('file', 4), origName: 'แผนที่ร้าน.png' },
] as const;

/** Two fixture files for record `index`. */
export const fixtureFileIds = (index: number) =>
  [0, 1].map((i) => FIXTURE_FILES[(index + i) % FIXTURE_FILES.length]!.id);

/** Sample Thai words per entity title, so a vehicle is not called a province. */
const thaiNames = [
  'กรุงเทพมหานคร',
  'เชียงใหม่',
  'ขอนแก่น',
  'ภูเก็ต',
  'นครราชสีมา',
  'สงขลา',
  'ชลบุรี',
  'อยุธยา',
  'ลำปาง',
  'อุดรธานี',
  'สุราษฎร์ธานี',
  'พิษณุโลก',
];
const englishNames = [
  'Bangkok',
  'Chiang Mai',
  'Khon Kaen',
  'Phuket',
  'Nakhon Ratchasima',
  'Songkhla',
  'Chon Buri',
  'Ayutthaya',
  'Lampang',
  'Udon Thani',
  'Surat Thani',
  'Phitsanulok',
];
const people = ['สมชาย ใจดี', 'สมหญิง รักงาน', 'วิชัย มั่นคง', 'มาลี ศรีสุข', 'ประยุทธ ขยัน', 'อรุณี แสงทอง'];

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const pick = <T>(list: readonly T[], index: number): T => list[(index - 1) % list.length] as T;

/** A day in November 2026, so dates are fixed. */
function fixtureDate(index: number): string {
  return `2026-11-${pad(((index * 3) % 28) + 1, 2)}`;
}

function stringValue(entity: EntityDef, field: FieldDef, index: number): string {
  const limit = (text: string) => (field.maxLength ? text.slice(0, field.maxLength) : text);
  const name = field.name;
  if (name === 'code') return `${entity.name.slice(0, 3).toUpperCase()}${pad(index, 3)}`;
  if (name === 'docNo') return `${entity.name.slice(0, 2).toUpperCase()}-2611-${pad(index, 4)}`;
  if (name === 'username') return `user${pad(index, 2)}`;
  if (name === 'email') return `user${pad(index, 2)}@example.co.th`;
  if (name === 'tel') return `08${pad(10000000 + index * 7919, 8)}`;
  if (name === 'postcode') return pad(10100 + index * 10, 5);
  if (name === 'licensePlate' || name === 'carPlateSnap')
    return limit(`${70 + index}-${pad(1000 + index * 37, 4)}`);
  if (name === 'country') return 'TH';
  if (/En$/.test(name)) return limit(pick(englishNames, index));
  if (/fullName|firstName|lastName/.test(name)) return limit(pick(people, index));
  if (/^(name|nameTh)$/.test(name)) return limit(`${entity.title} ${pick(thaiNames, index)}`);
  if (/Unit$|unit|Uom$/i.test(name)) return limit(pick(['KG', 'M3', 'CM', 'EA'], index));
  return limit(`${field.label} ${index}`);
}

function numberValue(field: FieldDef, index: number): number {
  const min = field.min ?? 0;
  const max = field.max ?? (field.type === 'integer' ? 1000 : 10000);
  const half = Math.max((max - min) / 2, 1);
  // A `max…` field lands in the upper half, so it is never below its `min…` partner.
  const base = field.name.startsWith('max') ? min + half : min;
  const raw = Math.min(base + ((index * 37) % half), max);
  if (field.type === 'integer') return Math.floor(raw);
  return Number(Math.min(raw + (index % 4) * 0.25, max).toFixed(field.scale ?? 2));
}

/** A record's field value by its type. `depth` bounds reference labels that are themselves references. */
function fieldValue(
  entity: EntityDef,
  field: FieldDef,
  index: number,
  depth: number,
): Record<string, unknown> {
  const name = field.name;
  switch (field.type) {
    case 'string':
      return { [name]: stringValue(entity, field, index) };
    case 'text':
      return { [name]: phrase(field.label, `ของรายการที่ ${index} เลขที่ ${index * 11} ถนนสุขุมวิท`) };
    case 'integer':
    case 'decimal':
      return { [name]: numberValue(field, index) };
    case 'boolean':
      return { [name]: index % 2 === 1 };
    case 'date':
      return { [name]: fixtureDate(index) };
    case 'time':
      return { [name]: `${pad(6 + (index % 12), 2)}:${index % 2 ? '00' : '30'}` };
    case 'datetime':
      return { [name]: `${fixtureDate(index)}T0${index % 9}:15:00.000Z` };
    case 'enum':
      return { [name]: pick(field.options ?? [{ value: '', label: '' }], index).value };
    case 'ref': {
      const target = field.ref && hasEntity(field.ref) ? entityByName(field.ref) : null;
      if (!target) return { [name]: null };
      const targetIndex = ((index - 1) % 5) + 1;
      return {
        [name]: fixtureId(target.name, targetIndex),
        [refLabelName(name)]:
          depth > 0 ? recordLabel(target, fixtureRecord(target, targetIndex, depth - 1)) : '',
      };
    }
    case 'refs': {
      const target = field.ref && hasEntity(field.ref) ? entityByName(field.ref) : null;
      if (!target) return { [name]: [] };
      const indexes = [((index - 1) % 5) + 1, (index % 5) + 1];
      return {
        [name]: indexes.map((i) => fixtureId(target.name, i)),
        [refLabelName(name).replace(/Label$/, 'Labels')]:
          depth > 0 ? indexes.map((i) => recordLabel(target, fixtureRecord(target, i, depth - 1))) : [],
      };
    }
    case 'file':
    case 'image':
      return { [name]: null };
    case 'attachments':
      // Every other record has two files, so lists and details show both states.
      return { [name]: index % 2 ? fixtureFileIds(index) : [] };
    case 'weekdays':
      return { [name]: index % 2 ? [0, 6] : [1, 3, 5] };
    case 'roles':
      return {
        [name]: rolePickerGroups.slice(1, 1 + (index % 3) + 1).map((group) => group.roles[1]?.role ?? ''),
      };
    default:
      return unknownFieldType(field.type);
  }
}

/** The record number `index` (from 1) of the entity. */
export function fixtureRecord(entity: EntityDef, index: number, depth = 2): FixtureRecord {
  const record: FixtureRecord = { id: fixtureId(entity.name, index), version: 1 };
  for (const field of entity.fields) Object.assign(record, fieldValue(entity, field, index, depth));
  if (entity.branchOwned) {
    record.branchId = FIXTURE_BRANCH_ID;
    record.branchLabel = recordLabel(entityByName('branch'), fixtureRecord(entityByName('branch'), 1, 0));
  }
  for (const child of entity.children ?? []) {
    const childEntity: EntityDef = {
      ...entity,
      fields: child.fields,
      children: undefined,
      branchOwned: false,
    };
    record[child.name] = [1, 2].map((row) => {
      const { id: _id, version: _version, ...values } = fixtureRecord(childEntity, index + row, depth);
      return { ...values, id: fixtureId(child.name, index * 10 + row) };
    });
  }
  return record;
}

/** `count` records of the entity. */
export function fixturesFor(entity: EntityDef, count = 12): FixtureRecord[] {
  return Array.from({ length: count }, (_, i) => fixtureRecord(entity, i + 1));
}
