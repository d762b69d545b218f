import { type AdminHome, homeApi, type MasterDataHome, type PlannerHome } from '@lms/domain';
import useSWR from 'swr';
import type { ApiError } from '../api/ApiError.ts';
import { useBranchScope } from '../api/branchScope.ts';

/** SWR keys of the home's sections: per branch, so a branch switch shows that branch's numbers. */
export const homeKeys = {
  planner: (branchId: string | null) => (branchId ? [homeApi.planner.url, branchId] : null),
  masterData: (branchId: string | null) => (branchId ? [homeApi.masterData.url, branchId] : null),
  admin: () => [homeApi.admin.url],
};

/** The planner's section of the acting branch (no branch: nothing asked). */
export function usePlannerHome() {
  const { api, branchId, branch } = useBranchScope();
  return useSWR<PlannerHome, ApiError>(homeKeys.planner(branchId), () =>
    api.get<PlannerHome>(homeApi.planner.url, branch()),
  );
}

export function useMasterDataHome() {
  const { api, branchId, branch } = useBranchScope();
  return useSWR<MasterDataHome, ApiError>(homeKeys.masterData(branchId), () =>
    api.get<MasterDataHome>(homeApi.masterData.url, branch()),
  );
}

export function useAdminHome() {
  const { api } = useBranchScope();
  return useSWR<AdminHome, ApiError>(homeKeys.admin(), () => api.get<AdminHome>(homeApi.admin.url));
}
