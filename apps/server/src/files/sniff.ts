import { FILE_TYPE_RULES, type FileAcceptType, IMAGE_FIELD_RULE } from '@lms/domain';
import { compoundStreamNames, zipEntryNames } from './containers.ts';
import type { FileKind } from './limits.ts';

/** What the bytes are, whatever the name or the client's content type say. */
export type Format =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'bmp'
  | 'pdf'
  | 'xlsx'
  | 'docx'
  | 'xls'
  | 'doc'
  | 'json'
  | 'zip'
  | 'unknown';

export const formatInfo: Readonly<Record<Format, { contentType: string; kind: FileKind }>> = {
  png: { contentType: 'image/png', kind: 'image' },
  jpeg: { contentType: 'image/jpeg', kind: 'image' },
  gif: { contentType: 'image/gif', kind: 'image' },
  bmp: { contentType: 'image/bmp', kind: 'image' },
  pdf: { contentType: 'application/pdf', kind: 'document' },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    kind: 'document',
  },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kind: 'document',
  },
  xls: { contentType: 'application/vnd.ms-excel', kind: 'document' },
  doc: { contentType: 'application/msword', kind: 'document' },
  json: { contentType: 'application/json', kind: 'document' },
  zip: { contentType: 'application/zip', kind: 'other' },
  // Anything unrecognised (SVG, HTML, executables …) is served only as an opaque download.
  unknown: { contentType: 'application/octet-stream', kind: 'other' },
};

/** The image field's own rule (JPEG and PNG only) beside spec §5's accept types. */
export type Accept = FileAcceptType | 'IMAGE_FIELD';

export const acceptedFormats: Readonly<Record<Accept, readonly Format[]>> = {
  EXCEL: ['xlsx', 'xls'],
  WORD: ['docx', 'doc'],
  IMAGE: ['jpeg', 'png', 'gif', 'bmp'],
  IMAGE_FIELD: ['jpeg', 'png'],
  PDF: ['pdf'],
  JSON: ['json'],
};

/** The extensions an accept type allows, for messages. */
export const acceptedExtensions = (accept: Accept): readonly string[] =>
  (accept === 'IMAGE_FIELD' ? IMAGE_FIELD_RULE : FILE_TYPE_RULES[accept]).extensions;

const startsWith = (bytes: Buffer, signature: readonly number[] | string, offset = 0) => {
  const expected = typeof signature === 'string' ? Buffer.from(signature, 'latin1') : Buffer.from(signature);
  return (
    bytes.length >= offset + expected.length &&
    bytes.subarray(offset, offset + expected.length).equals(expected)
  );
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 108, 124]);

/** Detects the format by magic bytes and structure (Office containers, JSON that parses). */
export function detectFormat(bytes: Buffer): Format {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'gif';
  if (startsWith(bytes, 'BM') && bytes.length >= 26 && BMP_HEADER_SIZES.has(bytes.readUInt32LE(14)))
    return 'bmp';
  if (startsWith(bytes, '%PDF-')) return 'pdf';
  if (startsWith(bytes, ZIP)) return officeZip(bytes);
  if (startsWith(bytes, CFB)) return officeCompound(bytes);
  return isJson(bytes) ? 'json' : 'unknown';
}

function officeZip(bytes: Buffer): Format {
  const names = new Set(zipEntryNames(bytes));
  if (!names.has('[Content_Types].xml')) return 'zip';
  if (names.has('xl/workbook.xml')) return 'xlsx';
  if (names.has('word/document.xml')) return 'docx';
  return 'zip';
}

function officeCompound(bytes: Buffer): Format {
  const streams = compoundStreamNames(bytes);
  if (streams.has('WordDocument')) return 'doc';
  // Excel 97+ names its stream Workbook; Excel 5/95 used Book.
  if (streams.has('Workbook') || streams.has('Book')) return 'xls';
  return 'unknown';
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function isJson(bytes: Buffer): boolean {
  try {
    const text = utf8.decode(bytes);
    if (!text.trim()) return false;
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
