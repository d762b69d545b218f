/**
 * Which components drew between two moments of a story (issue 41: a story that counts drawings
 * keeps a fix of interaction to next paint from silently coming back). Read from React's fiber
 * tree under the story's root: a component drew when the element it returns is a new one, that
 * is when its first child's props are no longer the object they were (a component that did not
 * draw, memoized or under one that did not, leaves its children's props as they were). Counts
 * instances: a component drawn twice counts once. bench/web/renderCount.ts counts in the built app.
 */
interface Fiber {
  tag: number;
  type: { displayName?: string; name?: string; render?: Fiber['type']; type?: Fiber['type'] } | null;
  child: Fiber | null;
  sibling: Fiber | null;
  memoizedProps: unknown;
}

// React's fiber tags of named components (function, class, forwardRef, memo, simple memo).
const NAMED = new Set([0, 1, 11, 14, 15]);

const nameOf = (type: Fiber['type']): string =>
  !type
    ? '?'
    : type.displayName ||
      type.name ||
      (type.render && nameOf(type.render)) ||
      (type.type && nameOf(type.type)) ||
      '?';

/** Each named component's instances, in tree order, by the props of what it returned. */
function returned(): Map<string, unknown[]> {
  const found = new Map<string, unknown[]>();
  const visit = (fiber: Fiber) => {
    for (let at: Fiber | null = fiber; at; at = at.sibling) {
      if (NAMED.has(at.tag)) {
        const name = nameOf(at.type);
        found.set(name, [...(found.get(name) ?? []), at.child?.memoizedProps]);
      }
      if (at.child) visit(at.child);
    }
  };
  for (const element of document.querySelectorAll('*')) {
    const key = Object.keys(element).find((k) => k.startsWith('__reactContainer$'));
    const root = key && (element as unknown as Record<string, { stateNode: { current: Fiber } }>)[key];
    if (root) visit(root.stateNode.current);
  }
  return found;
}

let before = new Map<string, unknown[]>();

/** From now: the moment `drawsOf` compares with. */
export function resetDraws() {
  before = returned();
}

/** How many instances of a component by this name (its function's or displayName) drew since `resetDraws`. */
export function drawsOf(name: string): number {
  const then = before.get(name) ?? [];
  const now = returned().get(name) ?? [];
  return now.filter((props, i) => i >= then.length || props !== then[i]).length;
}
