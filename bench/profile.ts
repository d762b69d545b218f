/**
 * A V8 CPU profile of this process over one phase of a bench (`BENCH_PROFILE=1`), summed by where
 * the time falls: a package of node_modules, a file of the project, node's own internals, or idle
 * (waiting: for PostgreSQL, for the network). The `.cpuprofile` is kept for DevTools.
 */

import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

export const profileWanted = !!process.env.BENCH_PROFILE;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: `pg`, `kysely`, `apps/server/src/booking/confirm.ts`, `(node)`, `(idle)`. */
function placeOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)')
    return functionName;
  if (!url) return `(native) ${functionName}`;
  const pkg = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `(node) ${url.slice(5).split('/')[0]}`;
  const own = /\/((?:apps|packages|bench)\/.*)$/.exec(url);
  return own ? own[1]! : url;
}

/** Profiles `work`, writes `<file>.cpuprofile` and prints the self time by place (top `top`). */
export async function profiled<T>(file: string, work: () => Promise<T>, top = 18): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const result = await work();
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
  session.disconnect();
  await writeFile(`${file}.cpuprofile`, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  for (const [i, id] of profile.samples.entries()) {
    const dt = profile.timeDeltas[i] ?? 0;
    const place = placeOf(byId.get(id)!);
    // The inspector's own work (starting and stopping this profile) is not the bench's.
    if (place === '(native) dispatch') continue;
    total += dt;
    self.set(place, (self.get(place) ?? 0) + dt);
  }
  const busy = total - (self.get('(idle)') ?? 0);
  console.log(
    `\nprofile (${file}.cpuprofile): ${(total / 1000).toFixed(0)} ms, busy ${(busy / 1000).toFixed(0)} ms; self time by place, % of busy`,
  );
  for (const [place, us] of [...self]
    .filter(([p]) => p !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`${((100 * us) / busy).toFixed(1).padStart(6)} %  ${place}`);
  return result;
}
