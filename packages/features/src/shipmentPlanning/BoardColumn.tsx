import { DropArea } from '@lms/design-system';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { STOP_TYPE } from './StopCard.tsx';

/** A column of the planning board (a truck's trip, or the stops on no truck) that takes dragged stops. */
export function BoardColumn({
  titleId,
  dropType = STOP_TYPE,
  dropLabel,
  disabled,
  onDrop,
  children,
}: {
  /** The id of the column's heading, which names it. */
  readonly titleId: string;
  /** The stops it takes (StopCard's drag types): any, or those of one vehicle type. */
  readonly dropType?: string;
  readonly dropLabel: string;
  readonly disabled: boolean;
  /** A stop dragged here, placed before `before` of the column's stops. */
  readonly onDrop: (data: string, before: number) => void;
  readonly children: ReactNode;
}) {
  return (
    <Column aria-labelledby={titleId}>
      <Zone type={dropType} label={dropLabel} isDisabled={disabled} onDrop={onDrop}>
        {children}
      </Zone>
    </Column>
  );
}

const Column = styled.section`
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  min-width: 0;
  & h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
  & small { color: ${({ theme }) => theme.color.textMuted}; font-weight: normal; }
`;

/** The whole column takes a dragged stop: where among the stops it lands is its place. */
const Zone = styled(DropArea)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  height: 100%;
`;
