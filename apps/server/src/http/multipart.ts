import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './httpError.ts';

/** What a multipart call may send besides its files (api.md): no call reads a field yet, so a few short ones. */
export const MULTIPART_LIMITS = { fields: 10, fieldSize: 1024, headerPairs: 20 } as const;

/** A route's own bounds: how many files one call takes, and the largest. */
export interface FileBounds {
  readonly files: number;
  readonly fileSize: number;
}

const number = (n: number) => n.toLocaleString('en-US');

export const multipartMessages = {
  notMultipart: (field: string) => `กรุณาส่งไฟล์แบบ multipart/form-data ในช่อง ${field}`,
  malformed: 'ข้อมูล multipart/form-data ไม่สมบูรณ์หรือมีรูปแบบไม่ถูกต้อง',
  noBoundary: 'Content-Type แบบ multipart/form-data ต้องระบุ boundary',
  unnamedPart: 'ข้อมูล multipart/form-data มีส่วนที่ไม่ได้ระบุชื่อช่อง (name)',
  tooManyFiles: (files: number) => `อัปโหลดได้ครั้งละไม่เกิน ${number(files)} ไฟล์`,
  tooManyFields: `ส่งช่องข้อมูลที่ไม่ใช่ไฟล์ได้ครั้งละไม่เกิน ${number(MULTIPART_LIMITS.fields)} ช่อง`,
  tooManyParts: (parts: number) => `ข้อมูล multipart/form-data มีได้ไม่เกิน ${number(parts)} ส่วน`,
  fieldTooLong: `ช่องข้อมูลที่ไม่ใช่ไฟล์ยาวได้ไม่เกิน ${number(MULTIPART_LIMITS.fieldSize)} ไบต์`,
} as const;

/** Parts busboy skips (no Content-Disposition) count too: the files and fields, no more. */
const partsOf = (bounds: FileBounds) => bounds.files + MULTIPART_LIMITS.fields;

/** Registers @fastify/multipart in this scope with every limit set explicitly. */
export async function registerMultipart(app: FastifyInstance, bounds: FileBounds): Promise<void> {
  await app.register(multipart, {
    limits: { ...MULTIPART_LIMITS, files: bounds.files, fileSize: bounds.fileSize, parts: partsOf(bounds) },
  });
}

export interface ReceivedPart {
  /** As the client sent it (callers clean it, files/names.ts). */
  readonly filename: string;
  readonly bytes: Buffer;
}

/**
 * The files sent in `field`, each read whole, one at a time. Every multipart route reads through
 * here, so whatever the parser refuses (a broken body, a limit) is a Thai 4xx, never a 500.
 */
export async function* receiveParts(
  request: FastifyRequest,
  options: FileBounds & {
    readonly field: string;
    /** The 413 for one file past `fileSize`. */
    readonly tooLarge: (filename: string) => HttpError;
  },
): AsyncGenerator<ReceivedPart> {
  if (!request.isMultipart()) throw new HttpError(415, [multipartMessages.notMultipart(options.field)]);
  const failed = (error: unknown, filename?: string): HttpError => {
    request.log.info({ err: error }, 'multipart body refused');
    return refusalOf(error, options, filename);
  };
  let parts: AsyncIterableIterator<Multipart>;
  try {
    parts = request.parts({ limits: { fileSize: options.fileSize, files: options.files } });
  } catch (error) {
    throw failed(error);
  }
  while (true) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw failed(error);
    }
    if (next.done) return;
    const part = next.value;
    // A Content-Disposition without `name`: busboy hands it over with no field name.
    if (typeof part.fieldname !== 'string') throw new HttpError(400, [multipartMessages.unnamedPart]);
    if (part.type === 'field') {
      if (part.valueTruncated) throw new HttpError(413, [multipartMessages.fieldTooLong]);
      continue;
    }
    if (part.fieldname !== options.field) {
      part.file.resume(); // not ours: drained so the next part arrives (a broken body fails the next one)
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      throw failed(error, part.filename);
    }
    yield { filename: part.filename, bytes };
  }
}

function refusalOf(error: unknown, bounds: Parameters<typeof receiveParts>[1], filename = ''): HttpError {
  const { code, message } = (typeof error === 'object' && error ? error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return bounds.tooLarge(filename);
    case 'FST_FILES_LIMIT':
      return new HttpError(413, [multipartMessages.tooManyFiles(bounds.files)]);
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, [multipartMessages.tooManyFields]);
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, [multipartMessages.tooManyParts(partsOf(bounds))]);
  }
  if (message === 'Multipart: Boundary not found') return new HttpError(400, [multipartMessages.noBoundary]);
  // The rest is the body's fault: cut short, malformed part headers, a JSON field that is not JSON.
  return new HttpError(400, [multipartMessages.malformed]);
}
