/**
 * `BENCH_WEB_RENDERS=1`: which components each interaction draws again, counted in the page by a
 * stand-in for React DevTools' global hook (React calls its `onCommitFiberRoot` after every commit,
 * in production builds too). A component counts when its fiber performed work in that commit,
 * walked the way DevTools walks it: a subtree whose children are the previous commit's was not
 * entered, so it is not counted. Names need a build that keeps them (`BENCH_WEB_DIST` pointing at
 * `vite build --minify false`); a minified build prints short names.
 */

/** The page's script (its source: tsx's name helper stays out of the page). */
export const renderCounterScript = () => `const __name = (f) => f; (${installRenderCounter.toString()})();`;

/** The bench's read of the counts since its last read, most drawn first; resets them. */
export const takeRenders = 'window.__takeRenders?.() ?? ""';

/** Runs in the page before React: installs the hook and `window.__takeRenders`. */
function installRenderCounter() {
  // React's fiber tags of the components worth naming (function, class, forwardRef, simple memo).
  // Not 14, a memo with its own comparison: its function is a fiber of its own under it, counted
  // there (counting both drew each such component twice, e.g. the select's OptionItem).
  const NAMED = new Set([0, 1, 11, 15]);
  const PERFORMED_WORK = 1;
  interface Fiber {
    tag: number;
    type: { displayName?: string; name?: string; render?: { name?: string }; type?: Fiber['type'] } | null;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
  }
  const counts: Record<string, number> = {};
  const nameOf = (type: Fiber['type']): string =>
    !type
      ? '?'
      : type.displayName ||
        type.name ||
        (type.render && nameOf(type.render)) ||
        (type.type && nameOf(type.type)) ||
        '?';
  const visit = (next: Fiber, prev: Fiber | null) => {
    if (NAMED.has(next.tag) && (prev === null || next.flags & PERFORMED_WORK)) {
      const name = nameOf(next.type);
      counts[name] = (counts[name] ?? 0) + 1;
    }
    if (prev !== null && next.child === prev.child) return;
    for (let child = next.child; child; child = child.sibling) visit(child, child.alternate);
  };
  // The counts since the last call, most drawn first, as one line; resets them.
  (window as unknown as { __takeRenders: () => string }).__takeRenders = () => {
    const line = Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([name, n]) => `${name}×${n}`)
      .join(' ');
    for (const key of Object.keys(counts)) delete counts[key];
    return line;
  };
  let ids = 0;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => ++ids,
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    setStrictMode() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      const current = root.current;
      visit(current, current.alternate);
    },
  };
}
