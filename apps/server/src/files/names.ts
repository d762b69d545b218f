import { MAX_NAME_LENGTH } from './limits.ts';

/**
 * The name as the user gave it, made safe to store and show: no folders, no control
 * characters, NFC, at most 255 characters. It is metadata only; storage never uses it.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const isControl = (c: string) => c < ' ' || c === '\u007f';
  const cleaned = [...base.normalize('NFC')]
    .filter((c) => !isControl(c))
    .join('')
    .trim();
  const chars = [...cleaned];
  if (chars.length > MAX_NAME_LENGTH) {
    const dot = cleaned.lastIndexOf('.');
    const extension = dot > 0 && cleaned.length - dot <= 10 ? [...cleaned.slice(dot)] : [];
    return [...chars.slice(0, MAX_NAME_LENGTH - extension.length), ...extension].join('');
  }
  return cleaned || 'file';
}

/** RFC 5987 attr-char: encodeURIComponent leaves ' ( ) * which are not allowed. */
const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A plain-ASCII stand-in for old clients: runs of anything else become one '_'. */
function asciiFallback(name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  const safe = (s: string) => s.replace(/[^\x20-\x7e]+|["\\%;]/g, '_');
  const safeStem = /[A-Za-z0-9]/.test(safe(stem)) ? safe(stem) : 'file';
  return `${safeStem}${safe(extension)}`;
}

/** RFC 6266: `attachment; filename="ascii"; filename*=UTF-8''percent-encoded`. */
export function contentDisposition(type: 'attachment' | 'inline', name: string): string {
  return `${type}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
