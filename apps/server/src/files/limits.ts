/** The documented limits of the file calls (docs/api.md, "Files"). */

const MB = 1024 * 1024;

export type FileKind = 'image' | 'document' | 'other';

/** Largest file per kind: images 10 MB; documents (PDF, Office, JSON) and other files 20 MB. */
export const MAX_BYTES: Readonly<Record<FileKind, number>> = {
  image: 10 * MB,
  document: 20 * MB,
  other: 20 * MB,
};
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(MAX_BYTES));
/** Files in one upload call. */
export const MAX_FILES_PER_UPLOAD = 10;
/** Decoded size of an image: refuses decompression bombs before they take the memory. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Staged bytes older than this are a crash's leftovers, swept at start (no live call takes an hour). */
export const STAGED_MAX_AGE_MS = 60 * 60 * 1000;
/**
 * An upload no record links is kept this long (a form being filled in, a draft left for the
 * night) before the sweep removes it; files a deleted record had are removed the same way.
 */
export const UNATTACHED_GRACE_HOURS = 24;
/** How often each API instance sweeps unattached files (they wait a day anyway). */
export const FILE_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Longest original file name kept (characters). */
export const MAX_NAME_LENGTH = 255;

export const THUMB_DEFAULT = 48;
export const THUMB_MIN = 16;
export const THUMB_MAX = 1024;
/**
 * The sides a thumbnail is made at: a requested side goes up to the next one, so one image has at
 * most 13 × 13 × 2 thumbnails however many sizes clients ask for (each one a decode).
 */
export const THUMB_SIDES = [16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024] as const;
/** Thumbnail generations at once, per user and over all users; the rest wait in turn or get 429. */
export const THUMB_QUEUE = { concurrency: 2, perKey: 8, capacity: 128 } as const;
/**
 * Thumbnail generations per user over time, counted across instances (auth/throttle.ts): the
 * queue bounds what runs at once, this what one user may make an instance decode in a stretch.
 * A page of 50 new images at three sizes is 150; a script walking sizes and files is held back.
 */
export const THUMB_RATE = {
  scope: 'username',
  counts: 'attempts',
  limit: 600,
  windowMs: 10 * 60_000,
  blockMs: 60_000,
} as const;
export const thumbFits = ['COVER', 'CONTAIN'] as const;
export type ThumbFit = (typeof thumbFits)[number];

const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** Every Thai message the file calls answer with. */
export const fileMessages = {
  noFiles: 'กรุณาเลือกไฟล์ที่จะอัปโหลด',
  empty: (name: string) => `ไฟล์ "${name}" ว่างเปล่า (0 ไบต์)`,
  tooLarge: (name: string, kind: FileKind) =>
    `ไฟล์ "${name}" มีขนาดใหญ่เกินกำหนด (${kind === 'image' ? 'รูปภาพ' : 'ไฟล์'}ไม่เกิน ${megabytes(MAX_BYTES[kind])})`,
  tooManyPixels: (name: string) =>
    `รูปภาพ "${name}" มีขนาดเกินกำหนด (ไม่เกิน ${MAX_IMAGE_PIXELS / 1_000_000} ล้านพิกเซล)`,
  wrongType: (name: string, allowed: string) => `ไฟล์ "${name}" ไม่ใช่ชนิดที่รองรับ (รองรับเฉพาะ ${allowed})`,
  brokenImage: (name: string) => `ไฟล์ "${name}" ไม่ใช่รูปภาพที่เปิดได้`,
  badAcceptType: 'ชนิดไฟล์ที่กำหนด (acceptType) ไม่ถูกต้อง',
  badThumbSize: 'ขนาดภาพย่อ (w, h) ต้องเป็นตัวเลข',
  badFit: 'รูปแบบภาพย่อ (fit) ต้องเป็น COVER หรือ CONTAIN',
  notFound: 'ไม่พบไฟล์ที่ต้องการ',
  notImage: 'ไฟล์นี้ไม่ใช่รูปภาพ',
  thumbnailsBusy: 'กำลังสร้างภาพย่อจำนวนมาก กรุณาลองใหม่ในอีกสักครู่',
  thumbnailsTooOften: (minutes: number) => `ขอภาพย่อขนาดใหม่บ่อยเกินไป กรุณารอ ${minutes} นาทีแล้วลองใหม่`,
} as const;
