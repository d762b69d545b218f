import { type RefObject, useCallback, useLayoutEffect, useState } from 'react';

export interface VirtualRange {
  /** First rendered row index (inclusive). */
  readonly start: number;
  /** Last rendered row index (exclusive). */
  readonly end: number;
  readonly onScroll: () => void;
  /** Scrolls so that `row` is fully visible below the sticky header. */
  readonly scrollToRow: (row: number) => void;
}

/** Fixed-height row windowing: only the rows in (and just around) the viewport are rendered. */
export function useVirtualRange(
  scrollerRef: RefObject<HTMLElement | null>,
  {
    count,
    rowHeight,
    headerHeight,
    enabled,
    overscan = 6,
  }: {
    count: number;
    rowHeight: number;
    headerHeight: number;
    enabled: boolean;
    overscan?: number;
  },
): VirtualRange {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!enabled || !scroller) return;
    const measure = () => setViewport(scroller.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scrollerRef, enabled]);

  const onScroll = useCallback(() => {
    if (enabled && scrollerRef.current) setScrollTop(scrollerRef.current.scrollTop);
  }, [scrollerRef, enabled]);

  const scrollToRow = useCallback(
    (row: number) => {
      const scroller = scrollerRef.current;
      if (!enabled || !scroller || row < 0) return;
      const top = row * rowHeight;
      const visible = scroller.clientHeight - headerHeight;
      let next = scroller.scrollTop;
      if (top < next) next = top;
      else if (top + rowHeight > next + visible) next = top + rowHeight - visible;
      if (next !== scroller.scrollTop) {
        scroller.scrollTop = next;
        setScrollTop(scroller.scrollTop);
      }
    },
    [scrollerRef, enabled, rowHeight, headerHeight],
  );

  if (!enabled) return { start: 0, end: count, onScroll, scrollToRow };
  const start = Math.max(0, Math.floor((scrollTop - headerHeight) / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return { start, end, onScroll, scrollToRow };
}
