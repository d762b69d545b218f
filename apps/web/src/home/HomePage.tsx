import { HomeSections } from '@lms/features/home';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { branchLabel, useBranch } from '../branch/BranchProvider.tsx';
import { sharedBookingEvents } from '../events/bookingEvents.ts';
import { useAuth } from '../session/AuthProvider.tsx';
import { HOST_TEXT } from '../text.ts';

/**
 * Home (spec §2): a one-line Thai welcome with the acting branch, then the sections of the user's
 * roles (docs/web.md "Home"): what the user came for starts on the first screen, on a phone too.
 */
export function HomePage() {
  const { user } = useAuth();
  const { branch, branchId } = useBranch();
  const navigate = useNavigate();
  const userId = user?.userId;
  // The planner's numbers follow the branch's booking events, on the stream the calendars share.
  const openEvents = useMemo(
    () => (userId && branchId ? sharedBookingEvents(userId, branchId) : undefined),
    [userId, branchId],
  );
  return (
    <Column>
      <Welcome aria-labelledby="home-welcome">
        <h2 id="home-welcome">{HOST_TEXT.welcome(user?.fullName || user?.username || '')}</h2>
        <p>
          {HOST_TEXT.currentBranch}:{' '}
          <strong data-testid="current-branch">
            {branch ? branchLabel(branch) : HOST_TEXT.noBranchSelected}
          </strong>{' '}
          <Hint>{HOST_TEXT.branchHint}</Hint>
        </p>
      </Welcome>
      <HomeSections openEvents={openEvents} navigate={navigate} />
    </Column>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

const Welcome = styled.section`
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  & h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
  & p { margin: ${({ theme }) => theme.space[1]} 0 0; }
`;

const Hint = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
