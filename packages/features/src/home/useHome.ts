import { type AdminHome, homeApi, type MasterDataHome, type PlannerHome } from '@lms/domain';
import { type ApiError, call, operationPath, useBranchScope } from '@lms/entity-pages';
import useSWR from 'swr';

/** SWR keys of the home's sections: per branch, so a branch switch shows that branch's numbers. */
export const homeKeys = {
  planner: (branchId: string | null) => (branchId ? [operationPath(homeApi.planner), branchId] : null),
  masterData: (branchId: string | null) => (branchId ? [operationPath(homeApi.masterData), branchId] : null),
  admin: () => [operationPath(homeApi.admin)],
};

/** The planner's section of the acting branch (no branch: nothing asked). */
export function usePlannerHome() {
  const { api, branchId, branch } = useBranchScope();
  return useSWR<PlannerHome, ApiError>(homeKeys.planner(branchId), () =>
    call(api, homeApi.planner, { query: branch() }),
  );
}

export function useMasterDataHome() {
  const { api, branchId, branch } = useBranchScope();
  return useSWR<MasterDataHome, ApiError>(homeKeys.masterData(branchId), () =>
    call(api, homeApi.masterData, { query: branch() }),
  );
}

export function useAdminHome() {
  const { api } = useBranchScope();
  return useSWR<AdminHome, ApiError>(homeKeys.admin(), () => call(api, homeApi.admin));
}
