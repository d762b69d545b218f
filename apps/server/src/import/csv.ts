import { CellText, type LongCell, type RowBounds } from './bounds.ts';

/**
 * RFC 4180 CSV: commas, `"` quoting with `""` inside, line breaks inside quotes, CRLF or LF.
 * (The seed's reader is one line per record; a cell with a line break is common in addresses.)
 * Read within `bounds` as it goes: a field keeps at most its cap (a longer one only its length and
 * start), a line at most 16,384 fields, and every line read counts against the row cap.
 */
export function* csvRows(text: string, bounds: RowBounds): Generator<(string | LongCell)[]> {
  let row: (string | LongCell)[] = [];
  const cell = new CellText();
  let cap = bounds.cap(0);
  let quoted = false;
  const endCell = () => {
    if (cap > 0) row[row.length] = cell.value();
    else row.length++;
    cap = bounds.cap(row.length);
    cell.start(cap);
  };
  const endRow = () => {
    endCell();
    bounds.row(row);
    const done = row;
    row = [];
    cap = bounds.cap(0);
    cell.start(cap);
    return done;
  };
  cell.start(cap);
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell.add('"');
        i++;
      } else if (char === '"') quoted = false;
      else cell.add(char);
    } else if (char === '"') quoted = true;
    else if (char === ',') endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      yield endRow();
    } else cell.add(char);
  }
  const last = cell.value();
  if (last !== '' || row.length) yield endRow();
}
