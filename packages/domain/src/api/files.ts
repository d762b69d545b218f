import Type, { type Static } from 'typebox';
import { Bytes, List, operation } from './common.ts';

/** The file calls of spec §7 (docs/api.md Files). */

export const UploadAnswer = Type.Object({ files: List(Type.Object({ id: Type.String() })) });
export type UploadAnswer = Static<typeof UploadAnswer>;

export const FileInfo = Type.Object({ id: Type.String(), origName: Type.String() });
export type FileInfo = Static<typeof FileInfo>;

/** Checked by the handler (spec §5's accept types, with Thai answers), not by the schema. */
const UploadQuery = Type.Object({ acceptType: Type.Optional(Type.String({ maxLength: 40 })) });
/** A file's id: the handler answers 404 for anything that is not a known UUID, as for an unknown one. */
const FileParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const ThumbQuery = Type.Object({
  w: Type.Optional(Type.String({ maxLength: 20 })),
  h: Type.Optional(Type.String({ maxLength: 20 })),
  fit: Type.Optional(Type.String({ maxLength: 20 })),
});

export const filesApi = {
  upload: operation({
    method: 'POST',
    url: '/file/upload',
    schema: { querystring: UploadQuery, response: { 200: UploadAnswer } },
  }),
  uploadImage: operation({
    method: 'POST',
    url: '/file/uploadImage',
    schema: { querystring: UploadQuery, response: { 200: UploadAnswer } },
  }),
  info: operation({
    method: 'GET',
    url: '/file/info/:id',
    schema: { params: FileParams, response: { 200: FileInfo } },
  }),
  download: operation({
    method: 'GET',
    url: '/file/:id',
    schema: { params: FileParams, response: { 200: Bytes }, produces: ['application/octet-stream'] },
  }),
  image: operation({
    method: 'GET',
    url: '/file/image/:id',
    schema: {
      params: FileParams,
      response: { 200: Bytes },
      produces: ['image/png', 'image/jpeg', 'image/gif', 'image/bmp'],
    },
  }),
  thumb: operation({
    method: 'GET',
    url: '/file/thumb/:id',
    schema: {
      params: FileParams,
      querystring: ThumbQuery,
      response: { 200: Bytes },
      produces: ['image/webp'],
    },
  }),
};
