import { Button, useEra } from '@lms/design-system';
import { type DeliveryFigures, formatMonth, monthPeriod, previousPeriod } from '@lms/domain';
import styled from 'styled-components';
import { monthJustBegun } from './monthJustBegun.ts';
import { performanceText as text } from './performanceText.ts';

/**
 * A month just begun (`monthJustBegun`): says so and offers the month before, which is what its
 * user most likely came for. Nothing otherwise.
 */
export function MonthBegun({
  month,
  current,
  previous,
  onMonthChange,
}: {
  readonly month: string;
  readonly current: DeliveryFigures;
  readonly previous: DeliveryFigures;
  readonly onMonthChange: (month: string) => void;
}) {
  const era = useEra();
  if (!monthJustBegun(current, previous)) return null;
  const before = previousPeriod(monthPeriod(month)).from.slice(0, 7);
  return (
    <Notice>
      {text.nothingCountedYet(formatMonth(month, era))}{' '}
      <Button size="sm" variant="secondary" onPress={() => onMonthChange(before)}>
        {text.showMonth(formatMonth(before, era))}
      </Button>
    </Notice>
  );
}

const Notice = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  /* An offer on screen; the printout is of the month asked. */
  @media print {
    display: none;
  }
`;
