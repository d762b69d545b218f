import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` items to draw: `first` with the drawing that asked for them, then `batch`
 * more in each transition after it, which React draws while the main thread is free and a key or
 * a click goes first (issue 41, interaction to next paint: the shipment's filter panel drew its
 * 36 groups, 76 controls, in the click that opened it, 3.5 s of main thread at 4× CPU). A new
 * `total` (every group asked for, or only those in use) starts again from `first`.
 */
export function useDrawnInBatches(total: number, first: number, batch: number): number {
  const [drawn, setDrawn] = useState(() => Math.min(total, first));
  const [drawnOf, setDrawnOf] = useState(total);
  if (drawnOf !== total) {
    // Adjusted while drawing (React's pattern for state that follows a prop): no frame of the old count.
    setDrawnOf(total);
    setDrawn(Math.min(total, first));
  }
  useEffect(() => {
    if (drawn < total) startTransition(() => setDrawn((now) => Math.min(total, now + batch)));
  }, [drawn, total, batch]);
  return Math.min(drawn, total);
}
