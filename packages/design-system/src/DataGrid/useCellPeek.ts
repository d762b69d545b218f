import { type CSSProperties, useEffect, useRef, useState } from 'react';

interface ShownPeek {
  readonly cell: HTMLElement;
  readonly text: string;
  readonly style: CSSProperties;
  readonly by: 'focus' | 'pointer';
}

/**
 * The whole value of a cut cell (one line with an ellipsis), shown under the cell while the
 * pointer rests on it or the cell has the focus. It is drawn in the viewport's coordinates, so it
 * neither widens the grid nor is clipped by it; screen readers read the cell's own whole text.
 */
export function useCellPeek() {
  const [shown, setShown] = useState<ShownPeek | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const hide = (by?: ShownPeek['by']) => {
    clearTimeout(timer.current);
    setShown((current) => (by && current?.by !== by ? current : null));
  };
  const show = (target: EventTarget, by: ShownPeek['by']) => {
    clearTimeout(timer.current);
    const cell = target instanceof Element ? target.closest<HTMLElement>('[role="gridcell"]') : null;
    const text = cell?.querySelector<HTMLElement>('[data-cell-text]');
    if (!cell || !text || text.scrollWidth <= text.clientWidth) {
      if (by === 'focus' || shown?.by === 'pointer') setShown(null);
      return;
    }
    const place = () => setShown({ cell, text: text.textContent ?? '', style: peekPlace(cell), by });
    // The pointer passing over a row should not flash every cut value it crosses.
    if (by === 'pointer') timer.current = setTimeout(place, peekHoverDelayMs);
    else place();
  };
  /** The grid scrolled (a keyboard move scrolls the focused cell into view): the peek stays with its cell. */
  const follow = () =>
    setShown((current) =>
      current?.cell.isConnected ? { ...current, style: peekPlace(current.cell) } : null,
    );
  return { shown, show, hide, follow };
}

const peekHoverDelayMs = 300;

/** Under the cell, or above it when the cell is low in the viewport; kept inside the viewport sideways. */
function peekPlace(cell: HTMLElement): CSSProperties {
  const rect = cell.getBoundingClientRect();
  const below = window.innerHeight - rect.bottom >= rect.top;
  const left = Math.max(8, Math.min(rect.left, window.innerWidth - 8 - Math.max(rect.width, 240)));
  return {
    left,
    minWidth: Math.min(rect.width, window.innerWidth - 16),
    ...(below ? { top: rect.bottom + 2 } : { bottom: window.innerHeight - rect.top + 2 }),
  };
}
