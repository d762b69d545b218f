import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CDPSession } from 'playwright-core';

/**
 * `BENCH_WEB_PROFILE=1`: the page's main thread while `work` runs (a navigation), from the
 * renderer's CPU profile at the slowed CPU: its busy time summed by the file it falls in and by
 * function, and where each 250 ms of it went — what runs before a screen shows.
 */
interface Node {
  id: number;
  parent?: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

export async function profiledPage<T>(cdp: CDPSession, origin: string, work: () => Promise<T>): Promise<T> {
  if (!process.env.BENCH_WEB_PROFILE) return work();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };
    };
    // BENCH_WEB_PROFILE_DIR: each profile also as a file DevTools opens (Performance → load profile).
    const dir = process.env.BENCH_WEB_PROFILE_DIR;
    if (dir) {
      const name = path.join(dir, `web-${Date.now()}.cpuprofile`);
      await writeFile(name, JSON.stringify(profile));
      console.log(`    (profile: ${name})`);
    }
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    for (const n of profile.nodes) for (const child of n.children ?? []) byId.get(child)!.parent = n.id;
    // A browser call (a layout read, a DOM insertion, a style rule) has no file: named with the
    // script's function that made it, which is what a change would move.
    const caller = (n: Node): string => {
      let up = n.parent === undefined ? undefined : byId.get(n.parent);
      while (up && !up.callFrame.url) up = up.parent === undefined ? undefined : byId.get(up.parent);
      return up
        ? ` ← ${up.callFrame.functionName || '(anonymous)'} ${file(up)}:${up.callFrame.lineNumber}:${up.callFrame.columnNumber}`
        : '';
    };
    const file = (n: Node) =>
      n.callFrame.url.replace(origin, '').replace(/^\/assets\//, '') || n.callFrame.functionName;
    const byFile = new Map<string, number>();
    const byFunction = new Map<string, number>();
    const buckets = new Map<number, Map<string, number>>();
    let at = 0;
    for (const [i, id] of profile.samples.entries()) {
      const dt = (profile.timeDeltas[i] ?? 0) / 1000;
      at += dt;
      const node = byId.get(id)!;
      if (node.callFrame.functionName === '(idle)') continue;
      const where = file(node);
      byFile.set(where, (byFile.get(where) ?? 0) + dt);
      // Line and column: a minified file holds many functions on one line.
      const fn = node.callFrame.url
        ? `${node.callFrame.functionName || '(anonymous)'} ${where}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`
        : `${where}${caller(node)}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
      const bucket = Math.floor(at / 250);
      const inBucket = buckets.get(bucket) ?? new Map<string, number>();
      inBucket.set(where, (inBucket.get(where) ?? 0) + dt);
      buckets.set(bucket, inBucket);
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `${v.toFixed(0)} ms ${k}`);
    const busy = [...byFile.values()].reduce((a, b) => a + b, 0);
    console.log(`    main thread busy ${busy.toFixed(0)} ms of ${at.toFixed(0)}; by file:`);
    for (const line of top(byFile, 12)) console.log(`      ${line}`);
    console.log('    by function:');
    for (const line of top(byFunction, 25)) console.log(`      ${line}`);
    console.log('    each 250 ms: busy, and the file most of it went to');
    for (const [bucket, m] of [...buckets].sort((a, b) => a[0] - b[0])) {
      const total = [...m.values()].reduce((a, b) => a + b, 0);
      console.log(
        `      ${String(bucket * 250).padStart(6)} ms  ${total.toFixed(0).padStart(4)} ms  ${top(m, 2).join(', ')}`,
      );
    }
  }
}
