import { acceptsFileName } from '@lms/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { receiveParts } from '../http/multipart.ts';
import { verifyImage } from './images.ts';
import { type FileKind, fileMessages, MAX_BYTES, MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from './limits.ts';
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
  const imagesOnly = accept === 'IMAGE' || accept === 'IMAGE_FIELD';
  const files: NewFile[] = [];
  const staged: StagedFile[] = [];
  try {
    for await (const part of receiveParts(request, {
      field: 'files',
      files: MAX_FILES_PER_UPLOAD,
      // Busboy stops reading past the largest size this call could accept.
      fileSize: imagesOnly ? MAX_BYTES.image : MAX_UPLOAD_BYTES,
      tooLarge: (filename) =>
        tooLarge(fileMessages.tooLarge(cleanFileName(filename), imagesOnly ? 'image' : 'document')),
    })) {
      const { file, bytesStaged } = await checkAndStage(
        part.bytes,
        cleanFileName(part.filename),
        accept,
        storage,
      );
      staged.push(...bytesStaged);
      files.push(file);
    }
    if (!files.length) throw new HttpError(400, [fileMessages.noFiles]);
  } catch (error) {
    await Promise.all(staged.map((s) => s.discard()));
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
