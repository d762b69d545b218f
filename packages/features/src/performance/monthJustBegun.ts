import type { DeliveryFigures } from '@lms/domain';

/**
 * A month in its first days: no stop of it counted yet, while the month before has some. The
 * manager's home then leads with the month before, and the performance screen offers it.
 */
export const monthJustBegun = (current: DeliveryFigures, previous: DeliveryFigures): boolean =>
  current.stops.otif.of === 0 && previous.stops.otif.of > 0;
