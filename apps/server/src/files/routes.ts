import path from 'node:path';
import { filesApi } from '@lms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../auth/access.ts';
import { actingPrincipal } from '../auth/acting.ts';
import type { Rule } from '../auth/throttle.ts';
import { readConfig } from '../config.ts';
import { typed } from '../http/contract.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { registerMultipart } from '../http/multipart.ts';
import type { AuthContext } from '../routes/context.ts';
import { findReadableFile } from './access.ts';
import {
  FILE_SWEEP_EVERY_MS,
  fileMessages,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  STAGED_MAX_AGE_MS,
} from './limits.ts';
import { contentDisposition } from './names.ts';
import type { StoredFile } from './repository.ts';
import type { Accept } from './sniff.ts';
import { DiskFileStorage, type FileStorage } from './storage.ts';
import { keepUpload, sweepUnattachedFiles } from './sweep.ts';
import { parseThumbQuery, Thumbnails } from './thumbnails.ts';
import { receiveFiles } from './upload.ts';

export interface FileRoutesOptions {
  /** Files go to `<dataDir>/files`; defaults to the configured data directory (LMS_DATA_DIR). */
  readonly dataDir?: string;
  /** Replaces the disk store (an S3-compatible one, a test double). */
  readonly storage?: FileStorage;
  /** Thumbnail generations per user over time (default THUMB_RATE). */
  readonly thumbnailRate?: Rule;
}

// Spec §7 shows no role on the file calls: any signed-in user; which files they read, findReadableFile decides.
const signedIn = { access: { signedIn: true }, apiKey: 'closed' } as const;
const uploadAccepts = new Set<string>(['EXCEL', 'WORD', 'IMAGE', 'PDF', 'JSON']);
const imageAccepts = new Set<string>(['IMAGE', 'IMAGE_FIELD']);

const acceptParam = (value: unknown): string | null | undefined =>
  value === undefined ? null : typeof value === 'string' ? value.trim() || null : undefined;

/**
 * A file's bytes never change under its id (content-addressed, never updated), so the browser may
 * keep its image and thumbnails; `private` because they are fetched with the user's token.
 */
const IMMUTABLE_PRIVATE = 'private, max-age=86400, immutable';

/** The file calls of spec §7: upload, uploadImage, info, download, image and thumb. */
export function fileRoutes(ctx: AuthContext, options: FileRoutesOptions = {}) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const storage =
      options.storage ?? new DiskFileStorage(path.join(options.dataDir ?? readConfig().dataDir, 'files'));
    const thumbnails = new Thumbnails(ctx.db, storage, options.thumbnailRate);
    // Bytes staged by a call the process died in belong to no file: remove them at start.
    app.addHook('onReady', async () => {
      await storage.sweepStaged(STAGED_MAX_AGE_MS);
    });
    // Files no record keeps, now and then (sweep.ts); a round that fails is tried again next time.
    const sweep = setInterval(() => {
      sweepUnattachedFiles(ctx.db, storage).then(
        (removed) => removed && fastify.log.info({ removed }, 'unattached files removed'),
        (error: unknown) => fastify.log.error({ err: error }, 'file sweep failed'),
      );
    }, FILE_SWEEP_EVERY_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
    await registerMultipart(fastify, { files: MAX_FILES_PER_UPLOAD, fileSize: MAX_UPLOAD_BYTES });

    const load = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<StoredFile> => {
      // Ids are UUIDs: anything else is simply not found, and never reaches the storage.
      const { id } = request.params;
      const file = isUuid(id) ? await findReadableFile(ctx.db, id, actingPrincipal(request)) : undefined;
      if (!file) throw notFound(fileMessages.notFound);
      return file;
    };
    const sendStored = async (reply: FastifyReply, key: string, contentType: string, size?: number) => {
      const stream = await storage.get(key);
      if (!stream) throw notFound(fileMessages.notFound);
      reply.type(contentType);
      if (size !== undefined) reply.header('content-length', size);
      return reply.send(stream);
    };
    const upload = async (
      request: Parameters<typeof receiveFiles>[0],
      accept: Accept | null,
    ): Promise<{ files: { id: string }[] }> => {
      const received = await receiveFiles(request, storage, accept);
      const ids = await keepUpload(ctx.db, received, actingPrincipal(request).userId);
      return { files: ids.map((id) => ({ id })) };
    };

    app.route({
      ...filesApi.upload,
      config: signedIn,
      handler: async (request) => {
        const accept = acceptParam(request.query.acceptType);
        if (accept === undefined || (accept !== null && !uploadAccepts.has(accept)))
          throw badRequest(fileMessages.badAcceptType);
        return upload(request, accept as Accept | null);
      },
    });

    // Images only: JPEG, PNG, GIF, BMP; `acceptType=IMAGE_FIELD` narrows to the image field's JPEG and PNG.
    app.route({
      ...filesApi.uploadImage,
      config: signedIn,
      handler: async (request) => {
        const accept = acceptParam(request.query.acceptType) ?? 'IMAGE';
        if (accept === undefined || !imageAccepts.has(accept)) throw badRequest(fileMessages.badAcceptType);
        return upload(request, accept as Accept);
      },
    });

    app.route({
      ...filesApi.info,
      config: signedIn,
      handler: async (request) => {
        const file = await load(request);
        return { id: file.id, origName: file.origName };
      },
    });

    app.route({
      ...filesApi.download,
      config: signedIn,
      handler: async (request, reply) => {
        const file = await load(request);
        reply.header('content-disposition', contentDisposition('attachment', file.origName));
        return sendStored(reply, file.sha256, file.contentType, file.size);
      },
    });

    // Only bytes that decoded as an image at upload; anything else (SVG, HTML …) is never served inline.
    app.route({
      ...filesApi.image,
      config: signedIn,
      handler: async (request, reply) => {
        const file = await load(request);
        if (file.kind !== 'image') throw notFound(fileMessages.notImage);
        reply.header('content-disposition', contentDisposition('inline', file.origName));
        reply.header('cache-control', IMMUTABLE_PRIVATE);
        return sendStored(reply, file.sha256, file.contentType, file.size);
      },
    });

    app.route({
      ...filesApi.thumb,
      config: signedIn,
      handler: async (request, reply) => {
        const size = parseThumbQuery(request.query);
        if (size === 'badSize') throw badRequest(fileMessages.badThumbSize);
        if (size === 'badFit') throw badRequest(fileMessages.badFit);
        const file = await load(request);
        if (file.kind !== 'image') throw notFound(fileMessages.notImage);
        const { key, cached } = await thumbnails.get(file, size, actingPrincipal(request).userId);
        reply.header('x-thumbnail-cache', cached ? 'hit' : 'miss');
        reply.header('cache-control', IMMUTABLE_PRIVATE);
        return sendStored(reply, key, 'image/webp');
      },
    });
  };
}
