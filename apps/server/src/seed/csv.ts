import { parse } from 'csv-parse/sync';

/**
 * Parses the geodata CSV files (csv-parse, the import's parser too): a header row, then one
 * record per row; a quoted field may hold commas, `""` and line breaks; empty lines are skipped.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const [names = [], ...rows]: string[][] = parse(text, {
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    skip_empty_lines: true,
  });
  return rows.map((cells) => Object.fromEntries(names.map((name, i) => [name, cells[i] ?? ''])));
}
