import { BranchPicker, useSnackbar } from '@lms/design-system';
import { afterSelectBranchPath, REDIRECT_PARAM } from '@lms/domain';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { HostStatusScreen } from '../pages/HostStatusScreen.tsx';
import { HOST_TEXT } from '../text.ts';
import { branchLabel, useBranch } from './BranchProvider.tsx';

/**
 * The branch selection screen (spec §2): the design system's BranchPicker (search + list) over
 * the user's branches; choosing another one switches (blocking), says so, and returns to the page
 * the user came from (`to`, issue 23). Without any branch: the no-branch screen.
 */
export function SelectBranchPage() {
  const { branches, branchId, selectBranch } = useBranch();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const choose = async (id: string) => {
    const chosen = branches.find((branch) => branch.id === id);
    // Choosing the current branch switches nothing (spec §4): no message, just back.
    if (id !== branchId) {
      await selectBranch(id);
      if (chosen) snackbar.success(HOST_TEXT.branchSwitched(branchLabel(chosen)));
    }
    navigate(afterSelectBranchPath(params.get(REDIRECT_PARAM)), { replace: true });
  };
  const options = useMemo(
    () => branches.map((branch) => ({ id: branch.id, label: branchLabel(branch) })),
    [branches],
  );
  if (branches.length === 0) return <HostStatusScreen kind="no-branch" />;
  return (
    <Panel>
      <BranchPicker
        branches={options}
        currentBranchId={branchId}
        onSelect={(id) => void choose(String(id))}
        autoFocus
      />
    </Panel>
  );
}

const Panel = styled.section`
  max-width: 480px;
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;
