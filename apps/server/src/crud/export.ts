import { PassThrough } from 'node:stream';
import { type EntityDef, type FieldDef, labelKey, optionLabel, unknownFieldType } from '@lms/domain';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { sheetName } from './sheetName.ts';
import { spreadsheetValue } from './spreadsheetText.ts';

type Row = Record<string, unknown>;

/** A cell as the list shows it: references by label, flags and options in Thai. */
function cellValue(field: FieldDef, row: Row): unknown {
  const value = row[field.name];
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'ref':
    case 'refs': {
      // A record with no label yet (a booking before its number) is written by id, so that an
      // exported file imports back to the same references.
      const label = row[labelKey(field)];
      if (Array.isArray(label) && Array.isArray(value)) {
        return value.map((id, i) => (label[i] ? label[i] : id)).join(', ');
      }
      return label || value;
    }
    case 'boolean':
      return value ? 'ใช่' : 'ไม่ใช่';
    case 'enum':
      return optionLabel(field.options, value) ?? value;
    case 'datetime':
      return value instanceof Date ? value : new Date(String(value));
    case 'weekdays':
    case 'roles':
      return (value as unknown[]).join(', ');
    case 'string':
    case 'text':
    case 'integer':
    case 'decimal':
    case 'date':
    case 'time':
      return value;
    case 'file':
    case 'image':
    case 'attachments':
      throw new Error(`${field.name}: files are not exported`);
    default:
      return unknownFieldType(field.type);
  }
}

/**
 * The columns of the export (and so of an import): every field but files, images and
 * attachments — a spreadsheet cell cannot carry a file; they travel through the file calls.
 */
export const exportedFields = (entity: EntityDef): FieldDef[] =>
  entity.fields.filter((f) => f.type !== 'file' && f.type !== 'image' && f.type !== 'attachments');

const fileName = (entity: EntityDef) => `${entity.name}-${new Date().toISOString().slice(0, 10)}.xlsx`;

/**
 * Streams the rows as an .xlsx: rows are committed to the zip as they come, so 100,000 rows
 * never sit in memory at once. The first batch is read before the answer starts, so a query
 * the database refuses still answers an error in the api.md shape, not a cut connection.
 */
export async function sendExcel(reply: FastifyReply, entity: EntityDef, batches: AsyncIterable<Row[]>) {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(sheetName(entity.title));
  const fields = exportedFields(entity);
  sheet.columns = fields.map((f) => ({
    header: f.label,
    key: f.name,
    width: Math.max(12, f.label.length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'Content-Disposition',
      `attachment; filename="${fileName(entity)}"; filename*=UTF-8''${encodeURIComponent(`${entity.title}.xlsx`)}`,
    );
  const addRows = (rows: Row[]) => {
    for (const row of rows)
      sheet
        .addRow(Object.fromEntries(fields.map((f) => [f.name, spreadsheetValue(cellValue(f, row))])))
        .commit();
  };
  (async () => {
    if (!first.done) addRows(first.value);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) addRows(next.value);
    sheet.commit();
    await workbook.commit();
  })().catch((error) => stream.destroy(error));
  return reply.send(stream);
}
