import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running a TypeScript module: the server runs under tsx (`node --import tsx`) and
 * the tests under Vitest, neither of which reaches a worker's loader, so the worker imports its
 * module through tsx's API itself.
 */
export function tsWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const bootstrap = `import(${JSON.stringify(pathToFileURL(tsxApi).href)})
    .then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}));`;
  return new Worker(bootstrap, { ...options, eval: true });
}
