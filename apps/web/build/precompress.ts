import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text-like files worth compressing; woff2, images and the like are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|woff)$/;
/** Below this, the compressed file and its header cost more than they save. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir`, at the highest
 * levels (done once per build, never per request); the server sends the one the browser accepts
 * (`@fastify/static`'s `preCompressed`). A variant that is not smaller is not written.
 */
export function precompressDir(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, entry);
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
  }
}

/** Vite plugin: precompress the build output once it is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lms-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
