import { PlainButton } from '@lms/design-system';
import { MESSAGES } from '@lms/domain';
import { type ApiError, useSession } from '@lms/entity-pages';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Messages, Panel } from '../booking/shared/layout.tsx';
import { homeText } from './homeText.ts';

/** A section's frame: its heading, then loading, the error with a retry, or its content. */
export function Section<T>({
  id,
  title,
  state,
  children,
  needsBranch = false,
}: {
  readonly id: string;
  readonly title: string;
  readonly state: {
    readonly data?: T | undefined;
    readonly error?: ApiError | undefined;
    readonly isLoading: boolean;
    readonly mutate: () => unknown;
  };
  readonly children: (data: T) => ReactNode;
  /** A branch's numbers without an acting branch: the spec's "select a company". */
  readonly needsBranch?: boolean;
}) {
  const headingId = `home-${id}`;
  const { branchId } = useSession();
  return (
    <Panel aria-labelledby={headingId} aria-busy={state.isLoading} data-section={id}>
      <h2 id={headingId}>{title}</h2>
      {needsBranch && !branchId && <p>{MESSAGES.selectCompany.text}</p>}
      {state.isLoading && <p role="status">{homeText.loading}</p>}
      {state.error && !state.data && (
        <ErrorBox role="alert">
          <p>{homeText.failed}</p>
          <Messages messages={state.error.messages} />
          <PlainButton variant="secondary" onPress={() => state.mutate()}>
            {homeText.retry}
          </PlainButton>
        </ErrorBox>
      )}
      {state.data && children(state.data)}
    </Panel>
  );
}

const ErrorBox = styled.div`
  color: ${({ theme }) => theme.color.danger};
  & p { margin: 0 0 ${({ theme }) => theme.space[1]}; }
`;
