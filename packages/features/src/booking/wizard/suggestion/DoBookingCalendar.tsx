import { CapacityCalendar } from '@lms/design-system';
import { memo } from 'react';
import styled from 'styled-components';
import { dateOf, isoOf } from '../../shared/format.ts';
import { swatchOf } from '../../shared/StatusBadge.tsx';
import type { SearchedSuggestion } from '../../shared/types.ts';
import { dayVerdicts, fitColour } from './WhyNotStrip.tsx';

export interface DoBookingCalendarProps {
  readonly suggestion: SearchedSuggestion;
  readonly today: Date;
  readonly wantedDate: string | null;
  /** A day on or after the earliest date: re-ask the suggestion with it as `wantedDate`. */
  readonly onPickDay: (isoDay: string) => void;
}

/**
 * The DO Booking Calendar: each day of the horizon coloured (and labelled) by whether these DOs
 * fit. Memoized (issue 41): choosing an option leaves the calendar.
 */
export const DoBookingCalendar = memo(function DoBookingCalendar({
  suggestion,
  today,
  wantedDate,
  onPickDay,
}: DoBookingCalendarProps) {
  const verdicts = new Map(dayVerdicts(suggestion).map((day) => [day.date, day]));
  return (
    <div>
      <CapacityCalendar
        today={today}
        selectedDate={wantedDate ? dateOf(wantedDate) : dateOf(suggestion.earliestDate)}
        onSelectDay={(date) => {
          const day = isoOf(date);
          if (day >= suggestion.earliestDate) onPickDay(day);
        }}
        renderDay={(date) => {
          const verdict = verdicts.get(isoOf(date));
          if (!verdict) return null;
          const swatch = swatchOf(fitColour(verdict.fit));
          return (
            <Verdict
              style={{ background: swatch.background, color: swatch.text }}
              title={verdict.reasons.join('\n')}
            >
              {verdict.label}
            </Verdict>
          );
        }}
      />
      <Hint>เลือกวันเพื่อขอคำแนะนำใหม่โดยเริ่มจากวันนั้น</Hint>
    </div>
  );
});

const Verdict = styled.span`
  padding: 0 ${({ theme }) => theme.space[1]};
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Hint = styled.p`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
