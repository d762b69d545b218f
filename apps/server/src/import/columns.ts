import { type EntityDef, type FieldDef, naturalKeyOf, phrase } from '@lms/domain';
import { exportedFields } from '../crud/export.ts';
import { HttpError } from '../http/errors.ts';
import { shortText } from './bounds.ts';
import type { ImportRecord, ImportSource } from './options.ts';
import type { Sheet } from './read.ts';

/** The columns an import reads: the export's, less those only the server sets. */
export const importColumns = (entity: EntityDef): FieldDef[] =>
  exportedFields(entity).filter((f) => !f.readOnly);

/** Unknown headers named back: the first few, each at most a short start (a header can be any cell). */
const NAMED_HEADERS = 20;
const named = (headers: readonly string[]) =>
  [
    ...headers.slice(0, NAMED_HEADERS).map(shortText),
    ...(headers.length > NAMED_HEADERS ? [`และอีก ${headers.length - NAMED_HEADERS} คอลัมน์`] : []),
  ].join(', ');

/**
 * Maps a sheet's Thai headers to fields, as the export wrote them, and its rows to records as they
 * are read. A header the export does not
 * write, one written twice, or a required column missing → 422 naming them; the export's
 * read-only columns (created at, branch…) are accepted and ignored.
 */
export function recordsFromSheet(entity: EntityDef, sheet: Sheet): ImportSource {
  const byLabel = new Map(exportedFields(entity).map((f) => [f.label, f]));
  const reads = new Set(importColumns(entity));
  const unknown = sheet.headers.filter((h) => h !== '' && !byLabel.has(h));
  const seen = new Set<string>();
  const twice = sheet.headers.filter((h) => h !== '' && (seen.has(h) || !seen.add(h)));
  const key = new Set(naturalKeyOf(entity));
  const missing = importColumns(entity).filter(
    (f) => (f.required || key.has(f.name)) && !sheet.headers.includes(f.label),
  );
  const problems = [
    unknown.length ? phrase('ไม่รู้จักคอลัมน์:', named(unknown)) : '',
    twice.length ? phrase('คอลัมน์ซ้ำ:', named([...new Set(twice)])) : '',
    missing.length ? phrase('ไม่พบคอลัมน์ที่ต้องมี:', missing.map((f) => f.label).join(', ')) : '',
  ].filter(Boolean);
  if (problems.length) {
    void sheet.close();
    throw new HttpError(422, problems);
  }
  const columns = sheet.headers
    .map((header, index) => ({ field: byLabel.get(header), index }))
    .filter((c): c is { field: FieldDef; index: number } => c.field !== undefined && reads.has(c.field));
  async function* chunks(): AsyncGenerator<ImportRecord[]> {
    for await (const rows of sheet.chunks)
      yield rows.map(({ row, cells }) => {
        const values: Record<string, unknown> = {};
        for (const { field, index } of columns) values[field.name] = cells[index] ?? null;
        return { row, values };
      });
  }
  return { chunks: chunks(), read: sheet.read };
}
