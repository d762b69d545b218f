import { type FreightStatementState, freightStateLabel } from '@lms/domain';
import styled from 'styled-components';

/** A statement's state as a badge: its Thai name in its colour (data-state), read as text. */
export function StateBadge({ state }: { readonly state: FreightStatementState }) {
  return <Badge data-state={state}>{freightStateLabel(state)}</Badge>;
}

const Badge = styled.span`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.space[2]};
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.size.sm};
  white-space: nowrap;
  color: ${({ theme }) => theme.color.textMuted};
  &[data-state='CHECKED'] { color: ${({ theme }) => theme.color.primary}; }
  &[data-state='APPROVED'] { color: ${({ theme }) => theme.color.success}; }
  &[data-state='EXPORTED'] { color: ${({ theme }) => theme.color.secondaryText}; }
`;
