/**
 * The import bench's "read the sheet only" phase, in a process of its own (so its memory is the
 * reader's): `node --import tsx bench/import/readOnly.ts <file.xlsx>` reads the file as the import
 * does (streamed, rows handed over a thousand at a time) and prints its rows, CPU and peak RSS as JSON.
 */
import { readFileSync } from 'node:fs';
import { entityByName } from '@lms/domain';
import { recordsFromSheet } from '../../apps/server/src/import/columns.ts';
import type { ImportSource } from '../../apps/server/src/import/options.ts';
import { readSheet } from '../../apps/server/src/import/read.ts';

const file = process.argv[2]!;
const source = recordsFromSheet(entityByName('deliveryOrder'), await readSheet(readFileSync(file), file));
let rows = 0;
for await (const chunk of (source as Extract<ImportSource, { chunks: unknown }>).chunks) rows += chunk.length;
const usage = process.resourceUsage();
console.log(
  JSON.stringify({
    rows,
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
    peakMb: Math.round(usage.maxRSS / 1024),
  }),
);
