import { Button, useBuddhistEra } from '@lms/design-system';
import { type DeliveryFigures, formatMonth, monthPeriod, previousPeriod } from '@lms/domain';
import styled from 'styled-components';
import { performanceText as text } from './performanceText.ts';

/**
 * A month with no stop counted yet (its first days) whose month before has some: says so and
 * offers the month before, which is what its user most likely came for. Nothing otherwise.
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
  const era = { buddhistEra: useBuddhistEra(undefined) };
  if (current.stops.otif.of > 0 || previous.stops.otif.of === 0) return null;
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
