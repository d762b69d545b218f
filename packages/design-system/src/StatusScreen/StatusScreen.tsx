import { type ReactNode, useId } from 'react';
import styled from 'styled-components';
import { Icon } from '../Icon/Icon.tsx';
import type { IconName } from '../Icon/paths.ts';
import { messages } from '../messages.ts';

export type StatusScreenKind = 'not-allowed' | 'invalid-url' | 'no-branch';

const screens: Record<StatusScreenKind, { icon: IconName; title: string; message: string }> = {
  'not-allowed': { icon: 'lock', title: messages.notAllowedTitle, message: messages.notAllowedMessage },
  'invalid-url': { icon: 'warning', title: messages.invalidUrlTitle, message: messages.invalidUrlMessage },
  'no-branch': { icon: 'building', title: messages.noBranchTitle, message: messages.noBranchMessage },
};

export interface StatusScreenProps {
  readonly kind: StatusScreenKind;
  /** Replaces the standard Thai heading of the kind. */
  readonly title?: string;
  /** Replaces the standard Thai message of the kind. */
  readonly message?: string;
  /** E.g. a button back home or to log out; the screen knows no routes. */
  readonly action?: ReactNode;
}

/** A whole-page explanation of why the page cannot be shown (spec §2). */
export function StatusScreen({ kind, title, message, action }: StatusScreenProps) {
  const screen = screens[kind];
  const headingId = useId();
  return (
    <Section aria-labelledby={headingId} data-kind={kind}>
      <IconCircle>
        <Icon name={screen.icon} size={40} />
      </IconCircle>
      <Title id={headingId}>{title ?? screen.title}</Title>
      <Message>{message ?? screen.message}</Message>
      {action && <Actions>{action}</Actions>}
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 560px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[4]}`};
  text-align: center;
`;

const IconCircle = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 80px;
  height: 80px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.secondary};
  color: ${({ theme }) => theme.color.secondaryText};

  [data-kind='not-allowed'] > & { color: ${({ theme }) => theme.color.danger}; }
  [data-kind='invalid-url'] > & { color: ${({ theme }) => theme.color.warning}; }
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[2]};
`;
