import { acceptsFileName } from '@lms/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { verifyImage } from './images.ts';
import { type FileKind, fileMessages, MAX_BYTES, MAX_UPLOAD_BYTES } from './limits.ts';
import { cleanFileName } from './names.ts';
import type { NewFile } from './repository.ts';
import { type Accept, acceptedExtensions, acceptedFormats, detectFormat, formatInfo } from './sniff.ts';
import type { FileStorage, StagedFile } from './storage.ts';

const tooLarge = (message: string) => new HttpError(413, [message]);
const unsupported = (message: string) => new HttpError(415, [message]);

/**
 * Reads the `files` parts one at a time (one file in memory at a time), checks each against
 * the accept type by its bytes, and stages the accepted bytes. Any refusal refuses the whole
 * call and discards what it staged; only a call accepted whole commits its files to the store,
 * with `commit` (the caller records the files in the same step, see `sweep.ts`).
 */
export async function receiveFiles(
  request: FastifyRequest,
  storage: FileStorage,
  accept: Accept | null,
): Promise<{ files: NewFile[]; commit: () => Promise<void> }> {
  if (!request.isMultipart()) throw unsupported(fileMessages.notMultipart);
  const imagesOnly = accept === 'IMAGE' || accept === 'IMAGE_FIELD';
  // Busboy stops reading past the largest size this call could accept.
  const sizeLimit = imagesOnly ? MAX_BYTES.image : MAX_UPLOAD_BYTES;
  const files: NewFile[] = [];
  const staged: StagedFile[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: sizeLimit } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'files') {
        part.file.resume(); // not ours: drain it so the next part arrives
        continue;
      }
      const name = cleanFileName(part.filename);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge(fileMessages.tooLarge(name, imagesOnly ? 'image' : 'document'));
        throw error;
      }
      const { file, bytesStaged } = await checkAndStage(bytes, name, accept, storage);
      staged.push(...bytesStaged);
      files.push(file);
    }
    if (!files.length) throw new HttpError(400, [fileMessages.noFiles]);
  } catch (error) {
    await Promise.all(staged.map((s) => s.discard()));
    const code = errorCode(error);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooLarge(fileMessages.tooManyFiles);
    throw error;
  }
  return {
    files,
    commit: async () => {
      for (const s of staged) await s.commit();
    },
  };
}

async function checkAndStage(
  bytes: Buffer,
  name: string,
  accept: Accept | null,
  storage: FileStorage,
): Promise<{ file: NewFile; bytesStaged: StagedFile[] }> {
  if (bytes.length === 0) throw new HttpError(400, [fileMessages.empty(name)]);
  const format = detectFormat(bytes);
  if (accept && !(acceptedFormats[accept].includes(format) && acceptsFileName(accept, name))) {
    throw unsupported(fileMessages.wrongType(name, acceptedExtensions(accept).join(', ')));
  }
  let { contentType, kind }: { contentType: string; kind: FileKind } = formatInfo[format];
  if (bytes.length > MAX_BYTES[kind]) throw tooLarge(fileMessages.tooLarge(name, kind));
  let normalized: Buffer | undefined;
  if (kind === 'image') {
    const check = await verifyImage(bytes, format);
    if (check.verdict === 'ok') normalized = check.normalized;
    else if (check.verdict === 'tooManyPixels') throw tooLarge(fileMessages.tooManyPixels(name));
    else if (accept) throw unsupported(fileMessages.brokenImage(name));
    // Any-file upload: kept, but only ever as an opaque download, never as an image.
    else ({ contentType, kind } = formatInfo.unknown);
  }
  const original = await storage.stage(bytes);
  // A BMP's PNG goes in with it, committed or discarded together with the call.
  const png = normalized && (await storage.stage(normalized));
  return {
    file: {
      origName: name,
      contentType,
      size: bytes.length,
      sha256: original.key,
      kind,
      normalizedSha256: png ? png.key : null,
    },
    bytesStaged: png ? [original, png] : [original],
  };
}

const errorCode = (error: unknown) =>
  typeof error === 'object' && error && 'code' in error ? String(error.code) : undefined;
