import { type Body, shipmentPlanningApi as contract, tripsOf } from '@lms/domain';
import { call, useBranchScope } from '@lms/entity-pages';
import { useMemo } from 'react';

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
      shifts: () => call(api, contract.shifts, { query: branch() }),
      slot: (date: string, shiftOfDayId: string) =>
        call(api, contract.slot, { query: { date, shiftOfDayId, ...branch() } }),
      plan: (date: string, shiftOfDayId: string) =>
        call(api, contract.plan, { body: { date, shiftOfDayId }, query: branch() }),
      evaluate: (date: string, shiftOfDayId: string, trips: TripsInput) =>
        call(api, contract.evaluate, { body: { date, shiftOfDayId, trips }, query: branch() }),
      confirm: (date: string, shiftOfDayId: string, version: number, trips: TripsInput) =>
        call(api, contract.confirm, { body: { date, shiftOfDayId, version, trips }, query: branch() }),
      /** `at`: the moment chosen (an ISO instant); none: now. */
      replan: (date: string, shiftOfDayId: string, at?: string) =>
        call(api, contract.replan, { body: { date, shiftOfDayId, ...(at ? { at } : {}) }, query: branch() }),
      replanConfirm: (date: string, shiftOfDayId: string, version: number, trips: TripsInput, at?: string) =>
        call(api, contract.replanConfirm, {
          body: { date, shiftOfDayId, version, trips, ...(at ? { at } : {}) },
          query: branch(),
        }),
    };
  }, [api, branchId, branch]);
}
