import { setTimeout as sleep } from 'node:timers/promises';
import {
  type EntityDef,
  IMPORT_REPORT_PAGE,
  type ImportJob,
  type ImportPhase,
  type ImportProgress,
  type ImportReport,
  type ImportRowsPage,
  type ImportRowsQuery,
} from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { columns } from '../db/fields.ts';
import { HttpError, isDatabaseUnavailable, notFound } from '../http/errors.ts';
import { recordsFromSheet } from './columns.ts';
import { importRecords } from './importRecords.ts';
import type { ImportOptions } from './options.ts';
import { readSheet } from './read.ts';
import { pageOf, type ReportRows } from './report.ts';

export const jobMessages = {
  notFound: 'ไม่พบงานนำเข้านี้',
  failed: 'นำเข้าไม่สำเร็จ กรุณาลองใหม่',
  /** A running job nobody has heard from: its server stopped, and its transaction with it. */
  stopped: 'การนำเข้าหยุดกลางคันเพราะเซิร์ฟเวอร์หยุดทำงาน ไม่มีข้อมูลใดถูกบันทึก กรุณานำเข้าอีกครั้ง',
  /** The database went away under the job: its transaction was rolled back. */
  databaseLost: 'การนำเข้าหยุดกลางคันเพราะฐานข้อมูลไม่พร้อมใช้งานชั่วคราว ไม่มีข้อมูลใดถูกบันทึก กรุณานำเข้าอีกครั้ง',
} as const;

/** A running job writes its progress at most this often (and at each new phase). */
const SAVE_MS = 500;
/** A running job silent this long died with its server (progress comes every second at worst). */
const STALLED_MS = 2 * 60_000;

interface JobRow {
  id: string;
  fileName: string;
  dryRun: boolean;
  phase: ImportJob['phase'];
  done: number;
  total: number;
  report: ImportReport | null;
  messages: string[] | null;
  createdAt: Date;
  updatedAt: Date;
}

// The report column also keeps every row (`failedRows`, `rest`: report.ts), read only page by page.
const jobColumns = sql`${columns('import_job', ['id', 'fileName', 'dryRun', 'phase', 'done', 'total', 'messages', 'createdAt', 'updatedAt'])},
  report - 'failedRows' - 'rest' as report`;

function toJob(row: JobRow, now = Date.now()): ImportJob {
  const running = row.phase !== 'done' && row.phase !== 'failed';
  const stalled = running && now - row.updatedAt.getTime() > STALLED_MS;
  return {
    id: row.id,
    fileName: row.fileName,
    dryRun: row.dryRun,
    phase: stalled ? 'failed' : row.phase,
    done: row.done,
    total: row.total,
    ...(row.report ? { report: row.report } : {}),
    ...(stalled ? { messages: [jobMessages.stopped] } : row.messages ? { messages: row.messages } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Starts an import of a received file as a job (docs/import.md "Progress"): answers the job at
 * once, then reads, checks and writes in the background, keeping its phase and rows done in
 * `import_job` (0020) and, at the end, the report or the Thai messages of a refused file.
 */
export async function startImportJob(
  db: Database,
  entity: EntityDef,
  file: { name: string; bytes: Buffer },
  options: Omit<ImportOptions, 'onProgress' | 'source'>,
  /** `free`: the job's import slot (slots.ts), given back when the job ends. */
  { logError, free }: { logError: (error: unknown) => void; free: () => void },
): Promise<ImportJob> {
  let job: JobRow;
  try {
    const { rows } = await sql<JobRow>`
      insert into import_job (entity, branch_id, user_id, file_name, dry_run, phase)
      values (${entity.name}, ${(entity.branchOwned && options.branchId) || null}, ${options.principal.userId}, ${file.name}, ${options.dryRun}, 'reading')
      returning ${jobColumns}`.execute(db);
    job = rows[0]!;
  } catch (error) {
    free();
    throw error;
  }
  void runJob(db, entity, job.id, file, options).catch(logError).finally(free);
  return toJob(job);
}

async function runJob(
  db: Database,
  entity: EntityDef,
  id: string,
  file: { name: string; bytes: Buffer },
  options: Omit<ImportOptions, 'onProgress' | 'source'>,
): Promise<void> {
  let savedAt = 0;
  let phase: ImportPhase = 'reading';
  const save = async (progress: ImportProgress) => {
    if (progress.phase === phase && Date.now() - savedAt < SAVE_MS) return;
    phase = progress.phase;
    savedAt = Date.now();
    await sql`update import_job set phase = ${progress.phase}, done = ${progress.done}, total = ${progress.total},
      updated_at = now() where id = ${id}`.execute(db);
  };
  // How the job ends, written once whatever happened, even if the database was away meanwhile.
  let end: RawBuilder<unknown>;
  let unexpected: unknown;
  try {
    const records = recordsFromSheet(entity, await readSheet(file.bytes, file.name));
    const { pages, ...report } = await importRecords(db, entity, records, {
      ...options,
      source: `import: ${file.name}`,
      onProgress: save,
    });
    const kept = { ...report, failedRows: pages.failedRows, rest: pages.rest };
    end = sql`update import_job set phase = 'done', done = ${report.total}, total = ${report.total},
      report = ${JSON.stringify(kept)}::jsonb, updated_at = now() where id = ${id}`;
  } catch (error) {
    const refused = error instanceof HttpError;
    const lost = !refused && isDatabaseUnavailable(error);
    if (!refused && !lost) unexpected = error;
    const messages = refused ? error.messages : [lost ? jobMessages.databaseLost : jobMessages.failed];
    end = sql`update import_job set phase = 'failed', updated_at = now(),
      messages = ${JSON.stringify(messages)}::jsonb where id = ${id}`;
  }
  await onceReachable(() => end.execute(db));
  if (unexpected) throw unexpected;
}

/**
 * Runs `write`, trying again with back-off while the database cannot be reached (a restart takes
 * seconds); past STALLED_MS the reader calls the job stopped anyway, so it gives up.
 */
async function onceReachable(write: () => Promise<unknown>): Promise<void> {
  const since = Date.now();
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      await write();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() - since > STALLED_MS) throw error;
      await sleep(wait);
    }
  }
}

/** Who reads a job: only its user, of this entity, in the acting branch. */
interface Reader {
  readonly userId: string;
  readonly branchId: string | undefined;
}

const readable = (entity: EntityDef, id: string, reader: Reader) => sql`id = ${id} and entity = ${entity.name}
  and user_id = ${reader.userId} and branch_id is not distinct from ${(entity.branchOwned && reader.branchId) || null}::uuid`;

/** The job as its user sees it (its report with the first page of rows). */
export async function readImportJob(
  db: Database,
  entity: EntityDef,
  id: string,
  reader: Reader,
): Promise<ImportJob> {
  const { rows } =
    await sql<JobRow>`select ${jobColumns} from import_job where ${readable(entity, id, reader)}`.execute(db);
  if (!rows[0]) throw notFound(jobMessages.notFound);
  return toJob(rows[0]);
}

/** A page of a finished job's report rows: one status or all (failed first), as the screen pages them. */
export async function readImportJobRows(
  db: Database,
  entity: EntityDef,
  id: string,
  reader: Reader,
  query: ImportRowsQuery,
): Promise<ImportRowsPage> {
  const status = query.status ?? 'all';
  const { rows } = await sql<Partial<ReportRows> & { found: true }>`
    select true as found, report->'failedRows' as "failedRows",
           ${status === 'failed' ? sql`null` : sql`report->'rest'`} as rest
      from import_job where ${readable(entity, id, reader)}`.execute(db);
  if (!rows[0]) throw notFound(jobMessages.notFound);
  const kept: ReportRows = { failedRows: rows[0].failedRows ?? [], rest: rows[0].rest ?? [] };
  return pageOf(kept, status, query.offset ?? 0, query.limit ?? IMPORT_REPORT_PAGE);
}
