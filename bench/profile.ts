/**
 * `BENCH_PROFILE=<dir>`: a CPU profile of this process while `work` runs (the server under load,
 * nothing of the bench's setup), written as `<dir>/<name>.cpuprofile` for Chrome DevTools, and its
 * busy time summed by where it falls (a package of node_modules, a file of the project, node's
 * internals), printed: what a bench's figures are spent on.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${name}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    printPlaces(file, profile as Profile);
  }
}

/** Where a frame's code lives: `pg`, `kysely`, `apps/server/src/booking/confirm.ts`, `(node) internal`. */
function placeOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (functionName.startsWith('(')) return functionName;
  if (!url) return `(native) ${functionName}`;
  const pkg = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `(node) ${url.slice(5).split('/')[0]}`;
  return /\/((?:apps|packages|bench)\/.*)$/.exec(url)?.[1] ?? url;
}

function printPlaces(file: string, profile: Profile, top = 18): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let busy = 0;
  for (const [i, id] of profile.samples.entries()) {
    const place = placeOf(byId.get(id)!);
    // Waiting (idle) and the inspector's own work (starting and stopping this profile) are not the bench's.
    if (place === '(idle)' || place === '(native) dispatch') continue;
    const dt = profile.timeDeltas[i] ?? 0;
    busy += dt;
    self.set(place, (self.get(place) ?? 0) + dt);
  }
  console.log(`\nprofile ${file}: busy ${(busy / 1000).toFixed(0)} ms; self time by place, % of busy`);
  for (const [place, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * us) / busy).toFixed(1).padStart(6)} %  ${place}`);
}
