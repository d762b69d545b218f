import { ROLE_ADMIN } from '@lms/domain';
import { SystemStatusPage } from '@lms/entity-pages';
import styled from 'styled-components';
import { branchLabel, useBranch } from '../branch/BranchProvider.tsx';
import { useAuth } from '../session/AuthProvider.tsx';
import { HOST_TEXT } from '../text.ts';

/** Home (spec §2): a short Thai welcome and the system status card. */
export function HomePage() {
  const { user } = useAuth();
  const { branch } = useBranch();
  return (
    <Column>
      <Welcome aria-labelledby="home-welcome">
        <h2 id="home-welcome">{HOST_TEXT.welcome(user?.fullName || user?.username || '')}</h2>
        <p>{HOST_TEXT.welcomeIntro}</p>
        <p>
          {HOST_TEXT.currentBranch}:{' '}
          <strong data-testid="current-branch">
            {branch ? branchLabel(branch) : HOST_TEXT.noBranchSelected}
          </strong>
        </p>
      </Welcome>
      <SystemStatusPage details={user?.roles.includes(ROLE_ADMIN) ?? false} />
    </Column>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const Welcome = styled.section`
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  & h2 { margin: 0 0 ${({ theme }) => theme.space[2]}; font-size: ${({ theme }) => theme.font.size.xl}; }
  & p { margin: ${({ theme }) => theme.space[1]} 0 0; }
`;
