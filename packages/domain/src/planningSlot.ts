import { featurePages } from './pages.ts';

/**
 * The planning screen opened on one slot: its day and shift live in the address, which the host's
 * screen reads (`planningSlotParams`) and the home's dispatcher section links to.
 * A module of its own: the planning screen's chunk reads it without the home's schemas.
 */
export const planningSlotParams = { date: 'date', shift: 'shift' } as const;
export const planningSlotPath = (date: string, shiftOfDayId: string): string =>
  `${featurePages.shipmentPlanning.path}?${new URLSearchParams({
    [planningSlotParams.date]: date,
    [planningSlotParams.shift]: shiftOfDayId,
  })}`;
