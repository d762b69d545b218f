import { type Answer, type Body, shipmentPlanningApi as contract, tripsOf } from '@lms/domain';
import { useMemo } from 'react';
import { useBranchScope } from '../api/branchScope.ts';

/** SWR keys of the planning screen; the branch is in every key. */
export const planningKeys = {
  shifts: (branchId: string | null) => ['shipmentPlanning', 'shifts', branchId] as const,
  slot: (branchId: string | null, date: string, shiftOfDayId: string) =>
    ['shipmentPlanning', 'slot', branchId, date, shiftOfDayId] as const,
};

export type TripsInput = Body<typeof contract.confirm>['trips'];
export { tripsOf };

/** The planning calls with the acting branch filled in (every one is branch-scoped). */
export function usePlanningApi() {
  const { api, branchId, branch } = useBranchScope();
  return useMemo(() => {
    return {
      branchId,
      shifts: () => api.get<Answer<typeof contract.shifts>>(contract.shifts.url, branch()),
      slot: (date: string, shiftOfDayId: string) =>
        api.get<Answer<typeof contract.slot>>(contract.slot.url, { date, shiftOfDayId, ...branch() }),
      plan: (date: string, shiftOfDayId: string) =>
        api.post<Answer<typeof contract.plan>>(
          contract.plan.url,
          { date, shiftOfDayId } satisfies Body<typeof contract.plan>,
          branch(),
        ),
      evaluate: (date: string, shiftOfDayId: string, trips: TripsInput) =>
        api.post<Answer<typeof contract.evaluate>>(
          contract.evaluate.url,
          { date, shiftOfDayId, trips } satisfies Body<typeof contract.evaluate>,
          branch(),
        ),
      confirm: (date: string, shiftOfDayId: string, version: number, trips: TripsInput) =>
        api.post<Answer<typeof contract.confirm>>(
          contract.confirm.url,
          { date, shiftOfDayId, version, trips } satisfies Body<typeof contract.confirm>,
          branch(),
        ),
    };
  }, [api, branchId, branch]);
}
