import type { BoardStop } from '../api/delivery.ts';

/**
 * A stop not to drive to: its booking was cancelled after the plan and the truck has not reached
 * it (once reached, what happened there is recorded as at any stop). The phone and the board alike
 * (docs/delivery.md, the driver's app).
 */
export const canceledAhead = (stop: Pick<BoardStop, 'canceled' | 'arrivedAt'>): boolean =>
  !!stop.canceled && !stop.arrivedAt;

/** The stops a truck serves: all but those `canceledAhead` (what "ส่งแล้ว x/y จุด" and the late counts count). */
export const servedStops = <S extends Pick<BoardStop, 'canceled' | 'arrivedAt'>>(stops: readonly S[]): S[] =>
  stops.filter((stop) => !canceledAhead(stop));
