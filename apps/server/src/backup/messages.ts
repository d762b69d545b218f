/**
 * What `npm run backup` / `npm run restore` say: an operator's tool, so each message is in Thai
 * and then in English (the operator may not read Thai; the admin usually does).
 */
const both = (th: string, en: string) => `${th}\n${en}`;
const count = (n: number) => n.toLocaleString('en-US');

export const backupMessages = {
  written: (dir: string, tables: number, rows: number, files: number) =>
    both(
      `สำรองข้อมูลเสร็จแล้ว: ${dir} (ฐานข้อมูล ${tables} ตาราง ${count(rows)} แถว, ไฟล์ ${count(files)} ไฟล์)`,
      `Backup written: ${dir} (${tables} tables, ${count(rows)} rows, ${count(files)} files)`,
    ),
  restored: (dir: string, tables: number, rows: number, files: number) =>
    both(
      `กู้คืนข้อมูลเสร็จแล้วจาก ${dir} (ฐานข้อมูล ${tables} ตาราง ${count(rows)} แถว, ไฟล์ ${count(files)} ไฟล์)`,
      `Restored from ${dir} (${tables} tables, ${count(rows)} rows, ${count(files)} files)`,
    ),
  notEmpty: (database: string, tables: number, rows: number) =>
    both(
      `ฐานข้อมูล "${database}" มีข้อมูลอยู่แล้ว (${tables} ตาราง ${count(rows)} แถว) การกู้คืนจะลบข้อมูลเดิมทั้งหมด ถ้าต้องการเขียนทับจริง ให้สั่งใหม่พร้อม --force`,
      `The database "${database}" already holds data (${tables} tables, ${count(rows)} rows); restoring would erase all of it. To overwrite it, run again with --force.`,
    ),
  notAnArchive: (dir: string) =>
    both(`ไม่พบข้อมูลสำรองที่ ${dir} (ไม่มี manifest.json ที่ถูกต้อง)`, `No backup at ${dir} (no valid manifest.json).`),
  newerMigration: (migration: string) =>
    both(
      `ข้อมูลสำรองนี้มาจาก LMS รุ่นที่ใหม่กว่า (migration ${migration}) กรุณาอัปเดตโปรแกรมก่อนกู้คืน`,
      `This backup comes from a newer LMS (migration ${migration}); update the program before restoring it.`,
    ),
  damaged: (what: string) =>
    both(`ข้อมูลสำรองเสียหาย: ${what} ไม่ได้กู้คืนอะไรเลย`, `The backup is damaged: ${what}. Nothing was restored.`),
  serverRunning: (pid: number) =>
    both(
      `เซิร์ฟเวอร์ LMS ยังทำงานอยู่ (PostgreSQL pid ${pid}) กรุณาหยุดเซิร์ฟเวอร์ก่อนกู้คืนข้อมูล`,
      `The LMS server is running (PostgreSQL pid ${pid}); stop it before restoring.`,
    ),
  noDatabase: (dir: string) =>
    both(`ยังไม่มีฐานข้อมูลใน ${dir} จึงไม่มีอะไรให้สำรอง`, `There is no database in ${dir} to back up.`),
  /** The server keeps its files in an S3 bucket (LMS_FILE_STORE=s3): this tool copies none of them. */
  s3NotIncluded: (bucket: string, restoring: boolean) =>
    restoring
      ? both(
          `คำเตือน: ไฟล์ที่อัปโหลดเก็บอยู่ใน S3 (bucket "${bucket}") การกู้คืนนี้ไม่ได้นำไฟล์ใดกลับเข้า bucket — กู้คืนไฟล์ใน bucket ด้วยวิธีของที่เก็บเอง (versioning, replication)`,
          `WARNING: uploaded files live in S3 (bucket "${bucket}"); this restore put NO files back into the bucket. Restore the bucket by its own means (versioning, replication).`,
        )
      : both(
          `คำเตือน: ไฟล์ที่อัปโหลดเก็บอยู่ใน S3 (bucket "${bucket}") และไม่ได้รวมอยู่ในข้อมูลสำรองนี้ — สำรองไฟล์ใน bucket ด้วยวิธีของที่เก็บเอง (versioning, replication)`,
          `WARNING: uploaded files live in S3 (bucket "${bucket}") and are NOT included in this backup. Back the bucket up by its own means (versioning, replication).`,
        ),
  usage: both(
    'วิธีใช้: npm run backup [-- --out <โฟลเดอร์>]  หรือ  npm run restore -- <โฟลเดอร์ข้อมูลสำรอง> [--force]',
    'Usage: npm run backup [-- --out <dir>]  or  npm run restore -- <backup dir> [--force]',
  ),
} as const;

/** A refusal or a damaged backup: printed as it is, exit status 1, never a stack trace. */
export class BackupError extends Error {}
