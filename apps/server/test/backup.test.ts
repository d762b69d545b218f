import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBackup, type Manifest, restoreBackup } from '../src/backup/archive.ts';
import { BackupError } from '../src/backup/messages.ts';
import { createDatabase, databaseUrl, dropDatabase } from '../src/db/admin.ts';
import { connect, type Database, migrationLevel } from '../src/db/database.ts';
import { ensurePartitions, listPartitions } from '../src/db/partitions.ts';
import { insertFiles } from '../src/files/repository.ts';
import { DiskFileStorage } from '../src/files/storage.ts';
import { createDemoDatabase } from './harness.ts';

/**
 * A round trip on the real PostgreSQL: the demo company and a stored file are backed up, restored
 * into another (empty) database and store, and compared table by table, row for row, byte for byte.
 */
const adminUrl = inject('pgAdminUrl');
const suffix = randomBytes(5).toString('hex');
const sourceName = `lms_backup_src_${suffix}`;
const targetName = `lms_backup_dst_${suffix}`;
const work = mkdtempSync(path.join(tmpdir(), 'lms-backup-'));
const sourceFiles = path.join(work, 'source-files');
const targetFiles = path.join(work, 'target-files');
const THAI = /[\u0E00-\u0E7F]/;
let source: Database;
let target: Database;
const fileBytes = Buffer.concat([Buffer.from('ใบส่งของ '), randomBytes(50_000)]);
let fileKey = '';
/** "Today" for the months made ahead, the same for the source and the restore whenever the test runs. */
const TODAY = new Date('2026-11-23T05:00:00Z');

beforeAll(async () => {
  // The demo company as of 2026-11-23, copied from its template.
  await createDemoDatabase(sourceName, '2026-11-23');
  await createDatabase(adminUrl, targetName);
  source = connect(databaseUrl(adminUrl, sourceName), 2);
  target = connect(databaseUrl(adminUrl, targetName), 2);
  fileKey = await new DiskFileStorage(sourceFiles).put(fileBytes);
  const { rows } = await sql<{ id: string }>`select id from app_user limit 1`.execute(source);
  await insertFiles(
    source,
    [
      {
        origName: 'ใบส่งของ.bin',
        contentType: 'application/octet-stream',
        size: fileBytes.length,
        sha256: fileKey,
        kind: 'other',
        normalizedSha256: null,
      },
    ],
    rows[0]!.id,
  );
  // A change of a month the schema's partitions do not cover: the restore must make its month again.
  await sql`insert into history (entity, record_id, action, changes, at)
    values ('appUser', ${rows[0]!.id}, 'update', '{"n": 1}', '2025-03-10T04:00:00Z')`.execute(source);
  await ensurePartitions(source, TODAY);
  // An empty month outside every "months ahead": only the backup's list of months brings it back.
  await sql`select ensure_month_partition('delivery_position', 'at', '2031-07-01')`.execute(source);
}, 180_000);

afterAll(async () => {
  await source?.destroy();
  await target?.destroy();
  await dropDatabase(adminUrl, sourceName);
  await dropDatabase(adminUrl, targetName);
  rmSync(work, { recursive: true, force: true });
});

/** Per table (a table split by month is one): its row count and a digest of all its rows (in a fixed order). */
async function fingerprint(db: Database): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`
    select relname as name from pg_class where relnamespace = 'public'::regnamespace
       and relkind in ('r', 'p') and not relispartition order by 1`.execute(db);
  // The migrator's bookkeeping has the restore's own times; its level is compared on its own.
  const result: Record<string, string> = { migration: await migrationLevel(db) };
  for (const { name } of tables.filter((t) => t.name !== 'kysely_migration')) {
    const { rows } = await sql<{ n: number; digest: string | null }>`
      select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest
      from ${sql.id(name)} t`.execute(db);
    result[name] = `${rows[0]!.n} ${rows[0]!.digest}`;
  }
  return result;
}

/** The backup in `dir` restored into the target database and store, on the test's "today". */
const restoreInto = (dir: string, options: { force: boolean }) =>
  restoreBackup({
    dir,
    databaseUrl: databaseUrl(adminUrl, targetName),
    filesDir: targetFiles,
    force: options.force,
    now: TODAY,
  });

const sequences = async (db: Database) =>
  (
    await sql<{ name: string; value: string | null }>`
      select sequencename as name, last_value::text as value from pg_sequences
      where schemaname = 'public' order by 1`.execute(db)
  ).rows;

describe('backup and restore', () => {
  let archive: { dir: string; manifest: Manifest };

  it('writes a manifest with the migration, every table’s row count and the files', async () => {
    archive = await createBackup({
      databaseUrl: databaseUrl(adminUrl, sourceName),
      filesDir: sourceFiles,
      outDir: path.join(work, 'backups'),
    });
    const { manifest } = archive;
    expect(path.basename(archive.dir)).toMatch(/^lms-backup-\d{8}-\d{6}$/);
    const again = await createBackup({
      databaseUrl: databaseUrl(adminUrl, sourceName),
      filesDir: sourceFiles,
      outDir: path.join(work, 'backups'),
      now: new Date(manifest.createdAt),
    });
    expect(again.dir).toBe(`${archive.dir}-2`);
    expect(manifest.migration).toBe(await migrationLevel(source));
    expect(manifest.files).toEqual({ count: 1, bytes: fileBytes.length });
    const counts = Object.fromEntries(
      Object.entries(await fingerprint(source))
        .filter(([name]) => !name.startsWith('kysely_') && name !== 'migration')
        .map(([name, print]) => [name, Number(print.split(' ')[0])]),
    );
    expect(manifest.tables).toEqual(counts);
    expect(manifest.tables.branch).toBeGreaterThan(0);
    expect(manifest.tables.stored_file).toBe(1);
    expect(manifest.months?.delivery_position).toContain('2031-07-01');
    expect(manifest.months?.history).toContain('2025-03-01');
  });

  it('restores into an empty database and store: every table row for row, the file byte for byte', async () => {
    await restoreInto(archive.dir, { force: false });
    expect(await fingerprint(target)).toEqual(await fingerprint(source));
    expect(await sequences(target)).toEqual(await sequences(source));
    // Each row in its month's partition, as in the source (none left in a default partition).
    const layout = async (db: Database) => (await listPartitions(db)).map((p) => p.name);
    expect(await layout(target)).toContain('history_2025_03');
    expect(await layout(target)).toContain('delivery_position_2031_07');
    expect(await layout(target)).toEqual(await layout(source));
    const { rows: strays } = await sql`select from history_default`.execute(target);
    expect(strays).toHaveLength(0);
    const restored = readFileSync(path.join(targetFiles, fileKey.slice(0, 2), fileKey.slice(2, 4), fileKey));
    expect(restored.equals(fileBytes)).toBe(true);
  });

  it('refuses to overwrite a database that holds data unless forced (Thai, then English)', async () => {
    const before = await fingerprint(target);
    const refused = restoreInto(archive.dir, { force: false });
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    await expect(refused).rejects.toThrow(/มีข้อมูลอยู่แล้ว[\s\S]*--force[\s\S]*already holds data/);
    expect(await fingerprint(target)).toEqual(before);
    // Forced: a changed database goes back to the backup's rows.
    await sql`delete from stored_file`.execute(target);
    await restoreInto(archive.dir, { force: true });
    expect(await fingerprint(target)).toEqual(await fingerprint(source));
  });

  it('refuses a damaged backup before touching anything', async () => {
    const damaged = path.join(work, 'damaged');
    await cp(archive.dir, damaged, { recursive: true });
    const copy = path.join(damaged, 'files', fileKey.slice(0, 2), fileKey.slice(2, 4), fileKey);
    writeFileSync(copy, Buffer.concat([fileBytes, Buffer.from('x')]));
    await sql`delete from stored_file`.execute(target);
    const before = await fingerprint(target);
    const refused = restoreInto(damaged, { force: true });
    await expect(refused).rejects.toThrow(/ข้อมูลสำรองเสียหาย[\s\S]*damaged/);
    expect(await fingerprint(target)).toEqual(before);
  });

  it('refuses a manifest whose months are not months, or more than a century of them', async () => {
    const edited = path.join(work, 'bad-months');
    await cp(archive.dir, edited, { recursive: true });
    const file = path.join(edited, 'manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    const tooMany = Array.from({ length: 1201 }, (_, i) =>
      new Date(Date.UTC(1900, i, 1)).toISOString().slice(0, 10),
    );
    for (const history of [["2026-11-01'); drop table history; --"], tooMany]) {
      writeFileSync(file, JSON.stringify({ ...manifest, months: { history } }));
      const before = await fingerprint(target);
      const refused = restoreInto(edited, { force: true });
      await expect(refused).rejects.toBeInstanceOf(BackupError);
      expect(await fingerprint(target)).toEqual(before);
    }
  });

  it('npm run backup / restore: exit status and messages of the command line', async () => {
    const run = (args: string[], env: Record<string, string> = {}) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/backup/cli.ts', ...args], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl(adminUrl, targetName),
          LMS_DATA_DIR: path.join(work, 'cli-data'),
          ...env,
        },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const backup = await run(['backup', '--out', path.join(work, 'cli-backups')]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/สำรองข้อมูลเสร็จแล้ว[\s\S]*Backup written/);
    const refused = await run(['restore', archive.dir]);
    expect(refused.code, refused.stdout + refused.stderr).toBe(1);
    expect(refused.stderr).toMatch(THAI);
    expect(refused.stderr).toMatch(/--force/);
    expect(refused.stderr).not.toMatch(/\bat .*\.ts:\d+/); // a message, not a stack trace
    const usage = await run(['restore']);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/วิธีใช้/);
    // With the files in an S3 bucket the backup still runs, and says plainly they are not in it.
    const s3 = {
      LMS_FILE_STORE: 's3',
      LMS_S3_ENDPOINT: 'http://127.0.0.1:9',
      LMS_S3_BUCKET: 'lms-files',
      LMS_S3_ACCESS_KEY_ID: 'k',
      LMS_S3_SECRET_ACCESS_KEY: 's',
    };
    const withS3 = await run(['backup', '--out', path.join(work, 'cli-backups-s3')], s3);
    expect(withS3.code, withS3.stderr).toBe(0);
    expect(withS3.stdout).toMatch(/S3 \(bucket "lms-files"\)[\s\S]*NOT included in this backup/);
    expect(backup.stdout).not.toMatch(/S3/);
  });
});
