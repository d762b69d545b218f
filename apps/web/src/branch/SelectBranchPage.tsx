import { BranchPicker } from '@lms/design-system';
import { useMemo } from 'react';
import styled from 'styled-components';
import { HostStatusScreen } from '../pages/HostStatusScreen.tsx';
import { branchLabel, useBranch } from './BranchProvider.tsx';

/**
 * The branch selection screen (spec §2): the design system's BranchPicker (search + list) over
 * the user's branches; choosing another one switches (blocking). Without any branch: the no-branch screen.
 */
export function SelectBranchPage() {
  const { branches, branchId, selectBranch } = useBranch();
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
        onSelect={(id) => void selectBranch(String(id))}
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
