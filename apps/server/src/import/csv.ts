/**
 * RFC 4180 CSV: commas, `"` quoting with `""` inside, line breaks inside quotes, CRLF or LF.
 * (The seed's reader is one line per record; a cell with a line break is common in addresses.)
 */
export function* csvRows(text: string): Generator<string[]> {
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      yield row;
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    yield row;
  }
}
