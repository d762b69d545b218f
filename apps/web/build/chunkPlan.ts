import type { Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/**
 * Fewer, larger chunks for the staff app's first screens (issue 41: the DO list over HTTP/1.1).
 *
 * Rolldown's automatic splitting makes one chunk per set of pages and screens that load a module:
 * the shell came in 23 files and the DO list's screen in 41 more, most under 2 kB. A browser on
 * HTTP/1.1 fetches six at a time, a round trip each (562.5 ms on Fast 3G), so the first screen
 * waited on the files' count, not their bytes (docs/performance.md). This plan reads those chunks
 * from a first build (`vite.config.ts`: the module graph itself is read before tree-shaking, and
 * through the packages' index modules the shell seemed to import most of the app) and merges
 * chunks that are loaded together:
 *
 * - `shell-and-driver`, `shell`: the staff shell's chunks, split by whether the driver's app loads
 *   them (at its start, or later: a few hundred bytes it now loads at its start);
 * - `first-page-and-driver`, `first-page`: what the list's first page's request needs beyond the
 *   shell (`pages/firstListPage.ts`, asked before the list's screen), split as the shell's;
 * - `list-and-driver`: what the DO list's screen loads beyond the shell that the driver's app also
 *   loads at its start (react-aria's text field, the delivery rules);
 * - `list-driver-later`: what it loads beyond the shell that the driver's app loads later (its
 *   stop screen's dialogs);
 * - `screens-core`: the rest of what the list's screen loads beyond the shell that at least half of
 *   the staff app's lazy chunks load too (the design system's base, react-aria's overlays);
 * - `list`: the rest of what the list's screen loads beyond the shell (its grid, menus, selects).
 *
 * The list loads the same bytes in a few files; another screen that uses a part of a merged chunk
 * loads all of it. The screens' own chunks are never merged, and chunks of the customer's
 * appointment page and the early script are kept as they are.
 */

export type ChunkPlan = ReadonlyMap<string, string>;

export interface PlanEntries {
  /** Module ids (absolute paths) of the pages' entries and of the list's screen. */
  readonly staff: string;
  readonly driver: string;
  readonly others: readonly string[];
  readonly list: string;
  /** The list's first page's own chunk (`pages/firstListPage.ts`), asked before the list's. */
  readonly firstPage: string;
}

/** Share of the staff app's lazy chunks that must load a chunk for it to join `screens-core`. */
const CORE_SHARE = 0.5;

export function planChunks(chunks: readonly OutputChunk[], entries: PlanEntries): ChunkPlan {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // An HTML page's chunk is named by its page; its script module is in it.
  const byFacade = (id: string) => {
    const chunk =
      chunks.find((c) => c.facadeModuleId === id) ??
      chunks.find((c) => (c.isEntry || c.isDynamicEntry) && c.moduleIds.includes(id));
    if (!chunk) throw new Error(`chunk plan: no chunk for ${id}`);
    return chunk.fileName;
  };
  const closure = (from: readonly string[], lazyToo: boolean) => {
    const seen = new Set<string>();
    const stack = [...from];
    while (stack.length > 0) {
      const file = stack.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const chunk = byFile.get(file);
      if (!chunk) continue;
      stack.push(...chunk.imports);
      if (lazyToo) stack.push(...chunk.dynamicImports);
    }
    return seen;
  };
  const staffFile = byFacade(entries.staff);
  const shell = closure([staffFile], false);
  const staffAll = closure([staffFile], true);
  const driverStart = closure([byFacade(entries.driver)], false);
  const driverAll = closure([byFacade(entries.driver)], true);
  const elsewhere = closure(entries.others.map(byFacade), true);
  const listFile = byFacade(entries.list);
  const firstPageFile = byFacade(entries.firstPage);
  const list = closure([listFile], false);
  const firstPage = closure([firstPageFile], false);
  const screens = [...staffAll].filter((file) => byFile.get(file)?.isDynamicEntry);
  const users = new Map<string, number>();
  for (const screen of screens)
    for (const file of closure([screen], false)) users.set(file, (users.get(file) ?? 0) + 1);

  const plan = new Map<string, string>();
  for (const chunk of chunks) {
    const file = chunk.fileName;
    // The staff entry's chunk also holds what the shell shares with its lazy chunks: it joins the
    // shell's group (its entry module stays the entry).
    const own = file === staffFile;
    // A lazily imported chunk the shell or the list loads at its start anyway (a dialog, a button)
    // merges like any other; the list's and its first page's own chunks stay theirs.
    const loadedAtStart = (shell.has(file) || list.has(file)) && file !== listFile && file !== firstPageFile;
    if (
      !own &&
      (chunk.isEntry ||
        (chunk.isDynamicEntry && !loadedAtStart) ||
        elsewhere.has(file) ||
        !staffAll.has(file))
    )
      continue;
    let group: string | undefined;
    // What the driver's app loads later of the shell is a few hundred bytes: it loads it at its start.
    if (shell.has(file)) group = driverAll.has(file) ? 'shell-and-driver' : 'shell';
    else if (firstPage.has(file) && driverStart.has(file)) group = 'first-page-and-driver';
    else if (firstPage.has(file)) group = driverAll.has(file) ? undefined : 'first-page';
    else if (list.has(file) && !driverAll.has(file))
      group = (users.get(file) ?? 0) >= screens.length * CORE_SHARE ? 'screens-core' : 'list';
    else if (list.has(file)) group = driverStart.has(file) ? 'list-and-driver' : 'list-driver-later';
    if (!group) continue;
    // Rolldown's runtime stays where it puts it; Vite's preload helper (also a `\0` module) merges.
    for (const id of chunk.moduleIds)
      if ((!id.startsWith('\0') || id.includes('preload-helper')) && id !== entries.staff)
        plan.set(id, group);
  }
  return plan;
}

/**
 * Rolldown's groups for a plan, below `priority` (the vendor groups stay above them). Each module
 * is in one group, so their order among themselves does not matter; they do not pull their
 * modules' dependencies in (Rolldown's default): the plan places every module of a merged chunk
 * itself, and pulling them moved the early script's entry into the shell's group.
 */
export function planGroups(plan: ChunkPlan, priority: number) {
  return [...new Set(plan.values())].map((name, i) => ({
    name,
    test: (id: string) => plan.get(id) === name,
    includeDependenciesRecursively: false,
    priority: priority - 1 - i,
  }));
}
