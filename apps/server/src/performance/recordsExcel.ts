import { PassThrough } from 'node:stream';
import {
  branchColumn,
  branchRecordsSheet,
  type CompanyRecords,
  type Period,
  periodWords,
  type RecordCell,
  type RecordColumn,
  recordsWorkbookTooLong,
} from '@lms/domain';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { sheetName } from '../crud/sheetName.ts';
import { spreadsheetValue } from '../crud/spreadsheetText.ts';
import { unprocessable } from '../http/errors.ts';

type Page<T> = {
  readonly total: number;
  readonly pageSize: number;
  readonly rows: readonly T[];
  /** Where this page ended: the next one is read `after` it (records.ts's keyset pages). */
  readonly next?: string | undefined;
};

/** A day as a spreadsheet date (UTC midnight: Excel dates have no time zone), as the freight workbook writes one. */
const dayCell = (day: string) => new Date(`${day}T00:00:00Z`);

function cellValue(cell: RecordCell): unknown {
  if ('text' in cell) return spreadsheetValue(cell.text);
  if ('number' in cell) return cell.number;
  return cell.days.length === 1 ? dayCell(cell.days[0]!) : cell.days.join(', ');
}

/**
 * The whole list of records behind a company figure as a workbook (docs/performance-figures.md
 * "ทุกสาขาที่ดูได้"), built on the list's own pages (records.ts: `branchesStops`, `…Trips`,
 * `…Bookings`, whose branch check and read rule the route has applied), each `after` the one
 * before: the first page is read and
 * its count held to `maxRows` before the answer starts (a Thai 422 over it), then the rows are
 * written and committed a page at a time into a streamed workbook, so memory holds one page.
 * Rows written while the export runs may move between pages (as a person paging the list sees).
 */
export async function sendRecordsWorkbook<T extends { readonly branchLabel: string }>(
  reply: FastifyReply,
  options: {
    readonly kind: CompanyRecords['kind'];
    readonly columns: readonly RecordColumn<T>[];
    readonly period: Period;
    /** The company's era of paper (settings/company.ts). */
    readonly buddhistEra: boolean;
    /** Whose records, in words ("รวม 2 สาขา"). */
    readonly whose: string;
    readonly maxRows: number;
    /** A page of the list: the first, or the one `after` where the one before ended. */
    readonly page: (after?: string) => Promise<Page<T>>;
  },
) {
  const first = await options.page();
  if (first.total > options.maxRows)
    throw unprocessable({ rows: recordsWorkbookTooLong(options.maxRows, first.total) });
  const sheet = branchRecordsSheet[options.kind];
  const columns = [branchColumn as RecordColumn<T>, ...options.columns];
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: true,
  });
  const out = workbook.addWorksheet(sheetName(sheet.title));
  out.columns = columns.map((c) => ({ key: c.key, width: Math.max(12, Math.round(c.width / 8)) }));
  const bold = (row: ExcelJS.Row) => {
    row.font = { bold: true };
    row.commit();
  };
  bold(out.addRow([spreadsheetValue(`${sheet.title} ${options.whose}`)]));
  out
    .addRow([
      'ช่วง',
      options.period.from,
      options.period.to,
      periodWords(options.period, { buddhistEra: options.buddhistEra }),
    ])
    .commit();
  out.addRow(['จำนวน', first.total]).commit();
  bold(out.addRow(columns.map((c) => c.header)));
  const write = (rows: readonly T[]) => {
    for (const row of rows) {
      const added = out.addRow(columns.map((c) => cellValue(c.cell(row))));
      columns.forEach((c, i) => {
        const cell = c.cell(row);
        if ('days' in cell && cell.days.length === 1) added.getCell(i + 1).numFmt = 'dd/mm/yyyy';
      });
      added.commit();
    }
  };
  const name = `performance-${sheet.file}-${options.period.from}-${options.period.to}.xlsx`;
  reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'Content-Disposition',
      `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  (async () => {
    write(first.rows);
    // At most the pages the count allows (and one more for rows written meanwhile): a loop that always ends.
    const pages = Math.ceil(first.total / first.pageSize) + 1;
    let next = first.next;
    for (let page = 2; next && page <= pages; page += 1) {
      const found = await options.page(next);
      write(found.rows);
      next = found.next;
    }
    out.commit();
    await workbook.commit();
  })().catch((error) => stream.destroy(error));
  return reply.send(stream);
}
