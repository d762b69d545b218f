/**
 * The bench's DO workbook, written the way an ERP export would: the DO columns, references as codes
 * or as the export's `code: name` labels, dates as Excel dates and พ.ศ. text. `revision` changes
 * every weight (a second file of the same DOs updates them all). `sharedStrings` writes the text
 * through the shared-strings table (as Excel itself does) instead of inline.
 */
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { entityByName } from '@lms/domain';
import type ExcelJSModule from '../../apps/server/node_modules/exceljs';

// exceljs is the server's dependency (the writer of its exports), not the workspace root's.
const ExcelJS = createRequire(new URL('../../apps/server/package.json', import.meta.url))(
  'exceljs',
) as typeof ExcelJSModule;

export interface Candidate {
  readonly code: string;
  readonly name: string;
}
export interface Candidates {
  readonly customers: readonly Candidate[];
  readonly shipTos: readonly Candidate[];
  readonly articles: readonly Candidate[];
  readonly shipConds: readonly Candidate[];
}

const entity = entityByName('deliveryOrder');
const label = (name: string) => entity.fields.find((f) => f.name === name)!.label;
const COLUMNS = [
  'docNo',
  'pickAt',
  'planAt',
  'deliveryAt',
  'qty',
  'weight',
  'weightUnit',
  'volume',
  'volumeUnit',
];
const REFS = ['customerId', 'articleUomId', 'shipCondId', 'soShipToId'];

export async function doWorkbook(
  rows: number,
  refs: Candidates,
  options: { revision: number; sharedStrings: boolean },
): Promise<Buffer> {
  const stream = new PassThrough();
  const bytes = buffer(stream);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: options.sharedStrings,
  });
  const sheet = workbook.addWorksheet('DO');
  sheet.addRow([...COLUMNS, ...REFS].map(label)).commit();
  const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;
  for (let n = 1; n <= rows; n++) {
    const day = new Date(Date.UTC(2026, 0, 1 + (n % 300)));
    const customer = pick(refs.customers, n);
    sheet
      .addRow([
        `IM${String(n).padStart(8, '0')}`,
        day,
        day,
        `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear() + 543}`,
        1 + (n % 12),
        `${((1 + (n % 12)) * 125.5 + options.revision).toLocaleString('en-US')}`,
        'KG',
        (1 + (n % 12)) * 0.02,
        'M3',
        n % 2 ? customer.code : `${customer.code}: ${customer.name}`,
        pick(refs.articles, n).code,
        pick(refs.shipConds, n).code,
        pick(refs.shipTos, n).code,
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return bytes;
}
