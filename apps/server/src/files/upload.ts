import { acceptsFileName } from '@lms/domain';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { verifyImage } from './images.ts';
import { type FileKind, fileMessages, MAX_BYTES, MAX_UPLOAD_BYTES } from './limits.ts';
import { cleanFileName } from './names.ts';
import type { NewFile } from './repository.ts';
import { type Accept, acceptedExtensions, acceptedFormats, detectFormat, formatInfo } from './sniff.ts';
import type { FileStorage } from './storage.ts';

const tooLarge = (message: string) => new HttpError(413, [message]);
const unsupported = (message: string) => new HttpError(415, [message]);

/**
 * Reads the `files` parts one at a time (one file in memory at a time), checks each against
 * the accept type by its bytes, and stores the accepted bytes. Any refusal refuses the call.
 */
export async function receiveFiles(
  request: FastifyRequest,
  storage: FileStorage,
  accept: Accept | null,
): Promise<NewFile[]> {
  if (!request.isMultipart()) throw unsupported(fileMessages.notMultipart);
  const imagesOnly = accept === 'IMAGE' || accept === 'IMAGE_FIELD';
  // Busboy stops reading past the largest size this call could accept.
  const sizeLimit = imagesOnly ? MAX_BYTES.image : MAX_UPLOAD_BYTES;
  const files: NewFile[] = [];
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
      files.push(await checkAndStore(bytes, name, accept, storage));
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooLarge(fileMessages.tooManyFiles);
    throw error;
  }
  if (!files.length) throw new HttpError(400, [fileMessages.noFiles]);
  return files;
}

async function checkAndStore(
  bytes: Buffer,
  name: string,
  accept: Accept | null,
  storage: FileStorage,
): Promise<NewFile> {
  const format = detectFormat(bytes);
  if (accept && !(acceptedFormats[accept].includes(format) && acceptsFileName(accept, name))) {
    throw unsupported(fileMessages.wrongType(name, acceptedExtensions(accept).join(', ')));
  }
  let { contentType, kind }: { contentType: string; kind: FileKind } = formatInfo[format];
  if (bytes.length > MAX_BYTES[kind]) throw tooLarge(fileMessages.tooLarge(name, kind));
  if (kind === 'image') {
    const verdict = await verifyImage(bytes, format);
    if (verdict === 'tooManyPixels') throw tooLarge(fileMessages.tooManyPixels(name));
    if (verdict === 'broken') {
      if (accept) throw unsupported(fileMessages.brokenImage(name));
      // Any-file upload: kept, but only ever as an opaque download, never as an image.
      ({ contentType, kind } = formatInfo.unknown);
    }
  }
  const sha256 = await storage.put(bytes);
  return { origName: name, contentType, size: bytes.length, sha256, kind };
}

const errorCode = (error: unknown) =>
  typeof error === 'object' && error && 'code' in error ? String(error.code) : undefined;
