/** Which files an upload accepts (spec §5): by accept type, and the image field's own list. */

export const fileAcceptTypes = ['EXCEL', 'WORD', 'IMAGE', 'PDF', 'JSON'] as const;
export type FileAcceptType = (typeof fileAcceptTypes)[number];

export interface FileTypeRule {
  readonly extensions: readonly string[];
  readonly mimeTypes: readonly string[];
}

export const FILE_TYPE_RULES: Readonly<Record<FileAcceptType, FileTypeRule>> = {
  EXCEL: {
    extensions: ['.xls', '.xlsx'],
    mimeTypes: [
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
  },
  WORD: {
    extensions: ['.doc', '.docx'],
    mimeTypes: [
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  },
  IMAGE: {
    extensions: ['.jpg', '.jpeg', '.png', '.gif', '.bmp'],
    mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/bmp'],
  },
  PDF: { extensions: ['.pdf'], mimeTypes: ['application/pdf'] },
  JSON: { extensions: ['.json'], mimeTypes: ['application/json'] },
};

/** The image field takes only JPEG and PNG, whatever the upload accept type. */
export const IMAGE_FIELD_RULE: FileTypeRule = {
  extensions: ['.jpg', '.jpeg', '.png'],
  mimeTypes: ['image/jpeg', 'image/png'],
};

/** `'IMAGE_FIELD'` is the image field; no type means any file. */
export type FileAccept = FileAcceptType | 'IMAGE_FIELD' | null | undefined;

function ruleOf(accept: FileAccept): FileTypeRule | null {
  if (accept === null || accept === undefined) return null;
  return accept === 'IMAGE_FIELD' ? IMAGE_FIELD_RULE : FILE_TYPE_RULES[accept];
}

/** The lower-case extension with its dot (`.xlsx`), or '' when the name has none. */
export function fileExtension(fileName: string): string {
  const base = fileName.trim().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

export function acceptsFileName(accept: FileAccept, fileName: string): boolean {
  const rule = ruleOf(accept);
  if (!rule) return fileName.trim() !== '';
  return rule.extensions.includes(fileExtension(fileName));
}

export function acceptsMimeType(accept: FileAccept, mimeType: string): boolean {
  const rule = ruleOf(accept);
  if (!rule) return true;
  return rule.mimeTypes.includes(mimeType.trim().toLowerCase().split(';')[0] ?? '');
}

/** The `accept` attribute of a file input; undefined means any file. */
export function acceptAttribute(accept: FileAccept): string | undefined {
  const rule = ruleOf(accept);
  return rule ? [...rule.extensions, ...rule.mimeTypes].join(',') : undefined;
}

/** Only the first selected file is used (spec §5). */
export function firstFile<T>(files: ArrayLike<T> | null | undefined): T | null {
  return files && files.length > 0 ? (files[0] ?? null) : null;
}
