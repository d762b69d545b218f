import {
  type EntityDef,
  entityByName,
  type FieldDef,
  naturalKeyOf,
  phrase,
  roleCatalogue,
  unknownFieldType,
} from '@lms/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { labelSql } from '../crud/labels.ts';
import { sheetName } from '../crud/sheetName.ts';
import { spreadsheetRow, spreadsheetValue } from '../crud/spreadsheetText.ts';
import type { Database } from '../db/database.ts';
import { isLabelled, tableOf } from '../entities/naming.ts';
import { importColumns } from './columns.ts';

const TYPE_NAMES: Record<FieldDef['type'], string> = {
  string: 'ข้อความ',
  text: 'ข้อความยาว',
  integer: 'จำนวนเต็ม',
  decimal: 'ตัวเลข',
  boolean: 'ใช่/ไม่ใช่',
  date: 'วันที่',
  time: 'เวลา',
  datetime: 'วันเวลา',
  enum: 'ตัวเลือก',
  ref: 'อ้างอิง',
  refs: 'อ้างอิงหลายรายการ',
  file: 'ไฟล์',
  image: 'รูปภาพ',
  attachments: 'ไฟล์แนบ',
  weekdays: 'วันในสัปดาห์',
  roles: 'สิทธิ์',
};

/** How a cell of the field is written (the second sheet's "ค่าที่ใช้ได้"). */
function allowed(field: FieldDef): string {
  switch (field.type) {
    case 'boolean':
      return 'ใช่ หรือ ไม่ใช่ (true/false, 1/0 ก็ได้)';
    case 'date':
      return 'วว/ดด/ปปปป เป็น ค.ศ. หรือ พ.ศ. (15/03/2026, 15/03/2569) หรือ 2026-03-15';
    case 'time':
      return 'ชช:นน (08:30)';
    case 'integer':
    case 'decimal': {
      const range = [
        field.min !== undefined ? `ไม่น้อยกว่า ${field.min}` : '',
        field.max !== undefined ? `ไม่เกิน ${field.max}` : '',
      ];
      const scale = field.type === 'decimal' ? `ทศนิยมไม่เกิน ${field.scale ?? 2} ตำแหน่ง` : '';
      return ['ใส่ , คั่นหลักพันได้', scale, ...range].filter(Boolean).join(' ');
    }
    case 'enum':
      return (field.options ?? []).map((o) => o.label).join(', ');
    case 'ref':
      return phrase('รหัสของ', entityByName(field.ref!).title, ' หรือ "รหัส: ชื่อ" แบบที่ส่งออก');
    case 'refs':
      return phrase('รหัสของ', entityByName(field.ref!).title, ' หลายรายการ คั่นด้วย ,');
    case 'weekdays':
      return '0 (อาทิตย์) ถึง 6 (เสาร์) คั่นด้วย , เช่น 1, 3';
    case 'roles':
      return `ชื่อสิทธิ์คั่นด้วย , เช่น ${roleCatalogue[0]}`;
    case 'datetime':
      return 'วันเวลาแบบ ISO (2026-03-15T08:30:00+07:00) หรือวันเวลาของ Excel';
    case 'string':
    case 'text':
      return field.maxLength ? `ไม่เกิน ${field.maxLength} ตัวอักษร` : '';
    case 'file':
    case 'image':
    case 'attachments':
      // Not import columns (importColumns): a cell cannot carry a file.
      return '';
    default:
      return unknownFieldType(field.type);
  }
}

/** A plausible example value; references use a real record of the branch when there is one. */
function example(field: FieldDef, n: number, refLabels: Map<string, string>): unknown {
  switch (field.type) {
    case 'string':
      return field.name === 'code'
        ? `A${String(n).padStart(4, '0')}`
        : field.format === 'email'
          ? 'name@example.com'
          : phrase('ตัวอย่าง', field.label);
    case 'text':
      return phrase('ตัวอย่าง', field.label);
    case 'integer':
      return Math.max(field.min ?? 1, 1);
    case 'decimal':
      return Math.max(field.min ?? 0, field.name.startsWith('max') ? 100 : 10);
    case 'boolean':
      return 'ใช่';
    case 'date':
      return '15/03/2026';
    case 'time':
      return /end/i.test(field.name) ? '17:00' : '08:00';
    case 'enum':
      return field.options?.[0]?.label ?? '';
    case 'ref':
    case 'refs':
      return refLabels.get(field.ref!) ?? '';
    case 'weekdays':
      return '1, 3';
    case 'roles':
      return roleCatalogue[0];
    case 'datetime':
      return '2026-03-15T08:30:00+07:00';
    case 'file':
    case 'image':
    case 'attachments':
      return '';
    default:
      return unknownFieldType(field.type);
  }
}

/** One label per referenced entity, one query for all of them. */
async function sampleLabels(
  db: Database,
  fields: FieldDef[],
  branchId?: string,
): Promise<Map<string, string>> {
  const targets = [...new Set(fields.filter((f) => f.ref && isLabelled(f.ref)).map((f) => f.ref!))];
  if (!targets.length) return new Map();
  const parts = targets.map((name) => {
    const target = entityByName(name);
    const branch = target.branchOwned ? sql`where r.branch_id = ${branchId ?? null}` : sql``;
    return sql`(select ${name}::text as target, ${labelSql(target, 'r')} as label from ${sql.table(tableOf(target))} r ${branch} order by r.created_at limit 1)`;
  });
  const { rows } = await sql<{ target: string; label: string }>`${sql.join(parts, sql` union all `)}`.execute(
    db,
  );
  return new Map(rows.map((r) => [r.target, r.label]));
}

const columnLetter = (index: number): string =>
  index < 26
    ? String.fromCharCode(65 + index)
    : columnLetter(Math.floor(index / 26) - 1) + columnLetter(index % 26);

/** Rows the option lists cover in the first sheet. */
const VALIDATED_ROWS = 10_000;

/**
 * The import template: the columns an import reads (the export's headers, without the ones the
 * server sets), one example row, a sheet explaining each column, and pick lists for options.
 */
export async function importTemplate(db: Database, entity: EntityDef, branchId?: string): Promise<Buffer> {
  const columns = importColumns(entity);
  const key = new Set(naturalKeyOf(entity));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(entity.title));
  const help = workbook.addWorksheet('คำอธิบาย');
  const lists = workbook.addWorksheet('ตัวเลือก', { state: 'hidden' });
  sheet.columns = columns.map((f) => ({
    header: f.label,
    key: f.name,
    width: Math.max(14, f.label.length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const refLabels = await sampleLabels(db, columns, branchId);
  sheet.addRow(spreadsheetRow(Object.fromEntries(columns.map((f) => [f.name, example(f, 1, refLabels)]))));

  help.columns = [
    { header: 'คอลัมน์', key: 'label', width: 28 },
    { header: 'ชนิด', key: 'type', width: 18 },
    { header: 'ต้องกรอก', key: 'required', width: 10 },
    { header: 'ค่าที่ใช้ได้', key: 'allowed', width: 60 },
    { header: 'หมายเหตุ', key: 'note', width: 50 },
  ];
  help.getRow(1).font = { bold: true };
  for (const field of columns)
    help.addRow(
      spreadsheetRow({
        label: field.label,
        type: TYPE_NAMES[field.type],
        required: field.required ? 'ใช่' : '',
        allowed: allowed(field),
        note: key.has(field.name) ? 'ใช้จับคู่กับข้อมูลที่มีอยู่: ค่าเดิมจะถูกแก้ไข ค่าใหม่จะถูกเพิ่ม' : '',
      }),
    );

  // Pick lists live on a hidden sheet: a list written inline is limited to 255 characters.
  let listColumn = 0;
  for (const [index, field] of columns.entries()) {
    const options =
      field.type === 'enum'
        ? (field.options ?? []).map((o) => o.label)
        : field.type === 'boolean'
          ? ['ใช่', 'ไม่ใช่']
          : [];
    if (!options.length) continue;
    const letter = columnLetter(listColumn++);
    options.forEach((option, i) => {
      lists.getCell(`${letter}${i + 1}`).value = spreadsheetValue(option) as string;
    });
    // exceljs 4 has ranges of validations at run time but not in its types.
    (
      sheet as unknown as { dataValidations: { add(range: string, rule: unknown): void } }
    ).dataValidations.add(`${columnLetter(index)}2:${columnLetter(index)}${VALIDATED_ROWS + 1}`, {
      type: 'list',
      allowBlank: !field.required,
      formulae: [`'ตัวเลือก'!$${letter}$1:$${letter}$${options.length}`],
      showErrorMessage: true,
      errorTitle: field.label,
      error: `เลือกจากรายการ: ${options.join(', ')}`,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
