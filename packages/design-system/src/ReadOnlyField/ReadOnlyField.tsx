import { type ReactNode, useId } from 'react';
import styled from 'styled-components';
import { FieldColumn } from '../Field/fieldStyles.ts';
import { messages } from '../messages.ts';

export interface ReadOnlyFieldProps {
  readonly label: string;
  /** Text or formatted content; null, undefined and '' show '-'. */
  readonly value: ReactNode;
  readonly className?: string;
}

/** A value shown, not edited (detail pages, show dialogs): no box, no required mark. */
export function ReadOnlyField({ label, value, className }: ReadOnlyFieldProps) {
  const labelId = useId();
  const isEmpty = value === null || value === undefined || value === '';
  return (
    <FieldColumn role="group" aria-labelledby={labelId} className={className}>
      <Label id={labelId}>{label}</Label>
      <Value data-empty={isEmpty || undefined}>{isEmpty ? messages.emptyValue : value}</Value>
    </FieldColumn>
  );
}

const Label = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Value = styled.div`
  min-height: 24px;
  white-space: pre-line;
  overflow-wrap: anywhere;
  &[data-empty] { color: ${({ theme }) => theme.color.textMuted}; }
`;
