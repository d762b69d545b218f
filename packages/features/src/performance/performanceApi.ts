import {
  type BranchesAnswer,
  type CompanyRecords,
  performanceApi as contract,
  monthPeriod,
  type PerformanceAnswer,
} from '@lms/domain';
import { type ApiError, call, callForBytes, useBranchScope } from '@lms/entity-pages';
import { useMemo } from 'react';
import useSWR from 'swr';

/** A records list's query (its page aside): the branches, the period and the figure's narrowing. */
function recordsQuery(
  period: { from: string; to: string },
  branchIds: readonly string[] | undefined,
  records: CompanyRecords,
) {
  return {
    ...period,
    ...(branchIds ? { branchIds } : {}),
    ...(records.kind === 'bookings' && records.callStatus ? { callStatus: records.callStatus } : {}),
    ...(records.kind === 'trips' && records.vehicleTypeId ? { vehicleTypeId: records.vehicleTypeId } : {}),
    ...(records.kind === 'stops' && records.statuses ? { statuses: records.statuses } : {}),
    ...(records.kind === 'stops' && records.reason ? { reason: records.reason } : {}),
  };
}

/** The performance calls with the acting branch filled in (docs/performance-figures.md). */
export function usePerformanceApi() {
  const { api, branchId, branch } = useBranchScope();
  return useMemo(
    () => ({
      branchId,
      figures: (period: { from: string; to: string }) =>
        call(api, contract.branch, { query: { ...period, ...branch() } }),
      excel: (period: { from: string; to: string }) =>
        callForBytes(api, contract.excel, { query: { ...period, ...branch() } }),
      /** Several branches (none named: every branch the user may see); no acting branch is sent. */
      branches: (period: { from: string; to: string }, branchIds: readonly string[] | undefined) =>
        call(api, contract.branches, { query: { ...period, ...(branchIds ? { branchIds } : {}) } }),
      /** The records behind a company figure (stops, trips or bookings), a page at a time. */
      branchesRecords: (
        period: { from: string; to: string },
        branchIds: readonly string[] | undefined,
        records: CompanyRecords,
        page: number,
        /** The `next` of the page before, when known: the page is read from where that one ended. */
        after?: string,
      ) => {
        const query = { ...recordsQuery(period, branchIds, records), page, ...(after ? { after } : {}) };
        if (records.kind === 'trips') return call(api, contract.branchesTrips, { query });
        if (records.kind === 'bookings') return call(api, contract.branchesBookings, { query });
        return call(api, contract.branchesStops, { query });
      },
      /** The same records, the whole list, as a workbook. */
      branchesRecordsExcel: (
        period: { from: string; to: string },
        branchIds: readonly string[] | undefined,
        records: CompanyRecords,
      ) => {
        const query = recordsQuery(period, branchIds, records);
        if (records.kind === 'trips') return callForBytes(api, contract.branchesTripsExcel, { query });
        if (records.kind === 'bookings') return callForBytes(api, contract.branchesBookingsExcel, { query });
        return callForBytes(api, contract.branchesStopsExcel, { query });
      },
      branchesExcel: (period: { from: string; to: string }, branchIds: readonly string[] | undefined) =>
        callForBytes(api, contract.branchesExcel, {
          query: { ...period, ...(branchIds ? { branchIds } : {}) },
        }),
    }),
    [api, branchId, branch],
  );
}

/** The acting branch's month; not fetched while `wanted` is false (the screen shows several branches). */
export function usePerformance(month: string, wanted = true) {
  const performance = usePerformanceApi();
  const period = monthPeriod(month);
  return useSWR<PerformanceAnswer, ApiError>(
    wanted ? ['performance', performance.branchId, period.from, period.to] : null,
    () => performance.figures(period),
  );
}

/** Several branches' month (`branchIds` undefined: every branch the user may see). */
export function useBranchesPerformance(month: string, branchIds: readonly string[] | undefined) {
  const performance = usePerformanceApi();
  const period = monthPeriod(month);
  return useSWR<BranchesAnswer, ApiError>(
    ['performance-branches', branchIds?.join(',') ?? 'all', period.from, period.to],
    () => performance.branches(period, branchIds),
  );
}
