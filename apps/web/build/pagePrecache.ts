import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ManifestEntry, ManifestTransform } from 'workbox-build';

interface ManifestChunk {
  readonly file: string;
  readonly css?: readonly string[];
  readonly assets?: readonly string[];
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

/**
 * The files one page needs (Vite's manifest: its entry and every chunk it imports, statically or
 * lazily, their styles and assets), and nothing of the other pages: each page's service worker
 * precaches only these, so a driver's phone downloads its own app (issue 41: usable in < 5 s, then
 * from the cache offline), not the back office's screens, and the staff's browser not the driver's.
 */
export function filesOfEntry(manifest: Readonly<Record<string, ManifestChunk>>, entry: string): Set<string> {
  const files = new Set<string>([entry]);
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) walk(next);
  };
  walk(entry);
  return files;
}

/**
 * Workbox's manifest transform: keeps the entry's files, the public files `keep` names (the web
 * manifest, icons) and the fonts `fonts` match (fonts are referenced from CSS, not listed as the
 * entry's assets).
 */
export function pagePrecache(
  outDir: string,
  entry: string,
  keep: readonly string[],
  fonts: readonly RegExp[],
): ManifestTransform {
  return async (entries: (ManifestEntry & { size: number })[]) => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
    const files = filesOfEntry(manifest, entry);
    const wanted = (url: string) =>
      files.has(url) || keep.includes(url) || fonts.some((font) => font.test(url));
    return { manifest: entries.filter((e) => wanted(e.url)), warnings: [] };
  };
}
