import { Icon, PlainButton } from '@lms/design-system';
import { pageTitle } from '@lms/domain';
import { type ReactNode, useEffect } from 'react';
import styled from 'styled-components';
import type { Loaded } from './DriverProvider.tsx';
import { driverText } from './text.ts';

/**
 * The driver's screens' frame, phone first (issue 39: 390 px, one hand): a short top bar with the
 * way back and the title, the sending state under it, the content in one column, the main action
 * at the bottom where the thumb is.
 */
export function DriverFrame({
  title,
  onBack,
  backLabel = driverText.back,
  status,
  children,
  footer,
}: {
  readonly title: string;
  readonly onBack?: (() => void) | undefined;
  readonly backLabel?: string;
  readonly status?: ReactNode;
  readonly children: ReactNode;
  readonly footer?: ReactNode;
}) {
  // The browser's title names the screen (WCAG 2.4.2), as the staff app's does.
  useEffect(() => {
    document.title = pageTitle(title, driverText.appName);
  }, [title]);
  return (
    <Frame>
      <Bar>
        {onBack && (
          <BackButton type="button" onClick={onBack} aria-label={backLabel}>
            <Icon name="chevron-left" size={28} />
          </BackButton>
        )}
        <Title>{title}</Title>
      </Bar>
      {status}
      <Main>{children}</Main>
      {footer && <Footer>{footer}</Footer>}
    </Frame>
  );
}

const Frame = styled.div`
  box-sizing: border-box;
  min-height: 100dvh;
  max-width: 560px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.color.background};
  font-size: ${({ theme }) => theme.font.size.lg};
`;
const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 2;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 56px;
  padding: 0 ${({ theme }) => theme.space[3]};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.primaryText};
`;
const BackButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 48px;
  min-height: 48px;
  margin-left: -${({ theme }) => theme.space[2]};
  border: 0;
  background: transparent;
  color: inherit;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radius.md};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.primaryText};
  }
`;
const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xl};
  line-height: 1.3;
  overflow-wrap: anywhere;
`;
const Main = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]};
`;
const Footer = styled.footer`
  position: sticky;
  bottom: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
  background: ${({ theme }) => theme.color.surface};
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

export const Card = styled.section`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space[4]};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  overflow-wrap: anywhere;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.xl};
  }
  p {
    margin: 0;
  }
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    min-width: 0;
  }
`;

export const Notice = styled.p<{ $tone?: 'danger' | 'warning' | 'success' | 'muted' }>`
  margin: 0;
  color: ${({ theme, $tone = 'muted' }) => ($tone === 'muted' ? theme.color.textMuted : theme.color[$tone])};
  font-weight: ${({ theme, $tone }) => ($tone && $tone !== 'muted' ? theme.font.weight.bold : 'inherit')};
`;

/** A link styled as a big button (tap to call, open navigation): a real `<a>`, the phone opens it. */
export const LinkButton = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 52px;
  padding: 0 ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.primary};
  background: ${({ theme }) => theme.color.surface};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-decoration: none;
  white-space: nowrap;
  text-align: center;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  flex-wrap: wrap;
  > * {
    flex: 1 1 40%;
  }
`;

/** A screen's load while it has nothing to show: the spinner's words, or the error with a retry. */
export function LoadingOrError({
  state,
  onRetry,
}: {
  readonly state: Loaded<unknown>;
  readonly onRetry: () => void;
}) {
  if (state.kind === 'loading') return <Notice role="status">{driverText.loading}</Notice>;
  if (state.kind === 'ready') return null;
  return (
    <>
      <Notice role="alert" $tone="danger">
        {state.message}
      </Notice>
      <PlainButton size="lg" onPress={onRetry}>
        {driverText.retry}
      </PlainButton>
    </>
  );
}
