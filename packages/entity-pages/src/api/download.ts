import { LIMITS } from '@lms/domain';

/**
 * The file name of a Content-Disposition header: RFC 5987's `filename*=UTF-8''…` first (Thai
 * names survive), else the plain `filename="…"`; `undefined` when the header names none.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return undefined;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '').trim();
  return name === '' ? undefined : name;
}

/** What saving needs from the browser; tests pass their own. */
export interface SaveEnvironment {
  readonly document: Pick<Document, 'createElement' | 'body'>;
  readonly url: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
}

const browserEnvironment = (): SaveEnvironment => ({
  document,
  url: URL,
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
});

/** Saves a blob as a download; the temporary URL is revoked after 40 s (spec §9). */
export function saveBlob(blob: Blob, fileName: string, env: SaveEnvironment = browserEnvironment()): void {
  const href = env.url.createObjectURL(blob);
  const link = env.document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  env.document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    env.setTimeout(() => env.url.revokeObjectURL(href), LIMITS.downloadUrlRevokeMs);
  }
}
