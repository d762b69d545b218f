import type { EntityDef } from '@lms/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../db/database.ts';
import { shortText } from './bounds.ts';
import { cellText } from './cells.ts';
import { Checker, type Pending } from './check.ts';
import { sheetInput } from './input.ts';
import type { ImportOptions, ImportRecord, ImportSource, InputKind } from './options.ts';
import { type ImportResult, ReportBuilder } from './report.ts';
import { type Written, writeChunk } from './write.ts';

/** Rows checked (and written) together: one reference lookup, one key lookup and a few writes each. */
export const CHUNK = 1000;

class Rollback extends Error {}

/** The report's view of a checked row: errors keyed as the input's reader expects. */
const outcomeOf = (entity: EntityDef, input: InputKind, entry: Pending) => ({
  row: entry.row,
  status: entry.status,
  key: entry.key,
  errors: Object.fromEntries(
    Object.entries(entry.errors).map(([name, m]) => [input.errorKey(entity, name), m]),
  ),
  values: input.echoValues
    ? () =>
        Object.fromEntries(
          entry.present.map((f) => [input.errorKey(entity, f.name), shortText(cellText(entry.raw[f.name]))]),
        )
    : undefined,
});

/** The source as chunks, and the rows it holds: exact for records at hand, estimated while streaming. */
function chunksOf(source: ImportSource): {
  chunks: AsyncIterable<readonly ImportRecord[]>;
  total: (done: number) => number;
} {
  if (!Array.isArray(source)) {
    const { chunks, read } = source as Exclude<ImportSource, readonly ImportRecord[]>;
    return { chunks, total: (done) => done && Math.max(done, Math.round(done / Math.max(read(), 1e-3))) };
  }
  const records = source as readonly ImportRecord[];
  return {
    chunks: (async function* () {
      for (let at = 0; at < records.length; at += CHUNK) yield records.slice(at, at + CHUNK);
    })(),
    total: () => records.length,
  };
}

/**
 * The import core, shared by the Excel import and the ERP's bulk API: records stream through
 * check → write a chunk at a time (check.ts, write.ts), so memory holds a chunk and the report,
 * never the input. Applying is one transaction (all rows or none, unless `validOnly`); after the
 * first failure of an all-or-nothing apply nothing more is written, the rest is only checked for
 * the report. A dry run writes nothing. `importInto` runs in the caller's transaction (the API's,
 * which also holds its idempotency record); `importRecords` opens its own.
 */
export async function importRecords(
  db: Database,
  entity: EntityDef,
  source: ImportSource,
  options: ImportOptions,
): Promise<ImportResult> {
  let result: ImportResult | undefined;
  let written: Written[] = [];
  await db
    .transaction()
    .execute(async (trx) => {
      ({ result, written } = await run(trx, entity, source, options));
      if (!result.applied) throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  if (result!.applied) for (const write of written) options.extension?.afterCommit?.(write, options.ctx!);
  return result!;
}

/** The same core in the caller's transaction: what it wrote is rolled back unless applied. */
export async function importInto(
  trx: Tx,
  entity: EntityDef,
  source: ImportSource,
  options: ImportOptions,
): Promise<ImportResult & { readonly conflict: boolean }> {
  await sql`savepoint import_all`.execute(trx);
  const { result, conflict } = await run(trx, entity, source, options);
  await sql`${sql.raw(result.applied ? 'release' : 'rollback to')} savepoint import_all`.execute(trx);
  return { ...result, conflict };
}

async function run(trx: Tx, entity: EntityDef, source: ImportSource, options: ImportOptions) {
  const input = options.input ?? sheetInput;
  const checker = new Checker(trx, entity, options, input);
  const report = new ReportBuilder();
  const { chunks, total } = chunksOf(source);
  const phase = options.dryRun ? 'checking' : 'writing';
  // Kept only for an extension's after-commit step (users); otherwise 100,000 of them would be live heap.
  const keep = options.extension?.afterCommit !== undefined;
  const written: Written[] = [];
  let writes = 0;
  let done = 0;
  let conflict = false;
  const progress = () => options.onProgress?.({ phase, done, total: total(done) });
  await progress();
  for await (const records of chunks) {
    const chunk = await checker.check(records);
    // An apply that can no longer succeed writes no more; its remaining rows are still checked.
    const write = !options.dryRun && (options.validOnly || (report.failed === 0 && !chunk.some(isFailed)));
    if (write) {
      const wrote = await writeChunk(trx, entity, chunk, options);
      writes += wrote.length;
      if (keep) written.push(...wrote);
    }
    for (const entry of chunk) {
      conflict ||= entry.status === 'failed' && entry.conflict === true;
      report.add(outcomeOf(entity, input, entry));
    }
    done += records.length;
    await progress();
    // A turn for the event loop: checking 100,000 rows is seconds of CPU other requests wait on.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const kept = done > report.failed;
  const applied =
    !options.dryRun &&
    (options.validOnly || report.failed === 0) &&
    (writes > 0 || (options.sync === true && kept));
  return { result: report.report(applied), written, conflict };
}

const isFailed = (entry: Pending) => entry.status === 'failed';
