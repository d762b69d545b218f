import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { HttpError } from '../http/httpError.ts';
import { CellText, type LongCell, type RowBounds, readMessages } from './bounds.ts';

/** Bytes handed to the parser at a time: the event loop turns between pieces (a CSV is read on it). */
const PIECE_BYTES = 16 * 1024;

/** The text's UTF-8 bytes a piece at a time, letting the event loop turn after each. */
async function* pieces(text: string) {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
    yield bytes.subarray(at, at + PIECE_BYTES);
    await new Promise(setImmediate);
  }
}

/**
 * RFC 4180 CSV read by csv-parse as a stream: commas, `"` quoting with `""` inside, line breaks
 * inside quotes, CRLF, LF or CR between records. Each record goes through `bounds` as it comes: a
 * field keeps at most its cap (a longer one only its length and start), a line at most 16,384
 * fields, and every line read counts against the row cap, which stops the read there.
 */
export async function* csvRows(text: string, bounds: RowBounds): AsyncGenerator<(string | LongCell)[]> {
  const cell = new CellText();
  const source = Readable.from(pieces(text), { objectMode: false });
  const parser = source.pipe(
    parse({
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      // A `"` inside an unquoted field is a character, as Excel reads it.
      relax_quotes: true,
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const row: (string | LongCell)[] = [];
      for (let column = 0; column < record.length; column++) {
        const cap = bounds.cap(column);
        // A column no header names is left a hole, as the sheet reader leaves it.
        if (cap === 0) {
          row.length++;
          continue;
        }
        cell.start(cap);
        cell.add(record[column]!);
        row[column] = cell.value();
      }
      bounds.row(row);
      yield row;
    }
  } catch (error) {
    // What even a relaxed reading refuses: a quote left open, text right after a closing quote.
    if (error instanceof CsvError)
      throw new HttpError(422, [readMessages.csvMalformed(Number(error.lines) || 0)]);
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
