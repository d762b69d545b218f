import { MESSAGES } from '@lms/domain';
import { useCallback } from 'react';
import { useSession } from '../session/SessionContext.tsx';
import { useApi } from './ApiContext.tsx';
import { ApiError } from './ApiError.ts';

/**
 * The API client, the acting branch, and `branch()`: the `branchId` query every branch-scoped
 * feature call sends, or the spec's "select a company" error when none is chosen yet.
 */
export function useBranchScope() {
  const api = useApi();
  const { branchId } = useSession();
  const branch = useCallback(() => {
    if (!branchId) throw new ApiError(400, [MESSAGES.selectCompany.text]);
    return { branchId };
  }, [branchId]);
  return { api, branchId, branch };
}
