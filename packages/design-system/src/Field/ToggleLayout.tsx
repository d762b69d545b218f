import { type ReactNode, useId } from 'react';
import styled from 'styled-components';
import { Description } from './Field.tsx';
import { fieldColumn } from './fieldStyles.ts';

/**
 * Checkbox and switch carry their label inside the control, so react-aria's field slots do
 * not apply: this lays out description and error under it and hands their ids to the control.
 */
export function ToggleLayout({
  description,
  error,
  children,
}: {
  readonly description?: string | undefined;
  readonly error?: string | undefined;
  readonly children: (describedBy: string | undefined) => ReactNode;
}) {
  const descriptionId = useId();
  const errorId = useId();
  const describedBy = [description && descriptionId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Column>
      {children(describedBy)}
      {description && <Description id={descriptionId}>{description}</Description>}
      {error && <ToggleError id={errorId}>{error}</ToggleError>}
    </Column>
  );
}

const Column = styled.div`
  ${fieldColumn}
`;

const ToggleError = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.danger};
`;
