/** What one scroll through the grid gave: rAF intervals per step and the DOM's row count. */
export interface ScrollResult {
  readonly frames: number[];
  readonly totalMs: number;
  readonly maxRowsInDom: number;
  readonly lastRowIndex: string | null;
}

/**
 * Runs in the page: scrolls the grid one step per animation frame and times each frame. With
 * `stepPx` 0 the steps reach the bottom (500 rows a step: every frame shows new rows, the
 * worst case); otherwise each step scrolls that far (a wheel or a fling: most rows stay).
 * Every step is marked (`performance.mark('step')`) so a trace can tell the steps apart.
 */
export async function scrollThrough({
  steps,
  stepPx,
}: {
  steps: number;
  stepPx: number;
}): Promise<ScrollResult> {
  const grid = document.querySelector('[role="grid"]') as HTMLElement;
  const scroller = grid.parentElement as HTMLElement;
  const frames: number[] = [];
  let maxRowsInDom = 0;
  const start = performance.now();
  let last = start;
  for (let step = 1; step <= steps; step++) {
    performance.mark('step');
    scroller.scrollTop = stepPx > 0 ? stepPx * step : (scroller.scrollHeight * step) / steps;
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const now = performance.now();
    frames.push(now - last);
    last = now;
    maxRowsInDom = Math.max(maxRowsInDom, grid.querySelectorAll('[role="row"]').length);
  }
  performance.mark('step');
  const lastRowIndex =
    [...grid.querySelectorAll('[role="row"]')].at(-1)?.getAttribute('aria-rowindex') ?? null;
  return { frames, totalMs: performance.now() - start, maxRowsInDom, lastRowIndex };
}
