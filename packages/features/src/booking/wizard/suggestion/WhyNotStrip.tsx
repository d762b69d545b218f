import { addDays } from '@lms/domain';
import { memo } from 'react';
import styled from 'styled-components';
import { shortDay } from '../../shared/format.ts';
import { swatchOf } from '../../shared/StatusBadge.tsx';
import type { SearchedSuggestion } from '../../shared/types.ts';

export type DayFit = 'fits' | 'open' | 'no' | 'beforeSla';

export interface DayVerdict {
  readonly date: string;
  readonly fit: DayFit;
  readonly label: string;
  readonly reasons: readonly string[];
}

const fitLabels: Record<DayFit, { label: string; colour: string }> = {
  fits: { label: 'มีตัวเลือก', colour: 'green' },
  open: { label: 'มีช่วงรถว่าง', colour: 'blue' },
  no: { label: 'จองไม่ได้', colour: 'red' },
  // Ship Cond's SLA: the first day it may be booked ("SLA (วันที่เริ่มจองได้)"), in words.
  beforeSla: { label: 'ยังไม่ถึงวันที่จองได้', colour: 'grey' },
};

export const fitColour = (fit: DayFit) => fitLabels[fit].colour;

/**
 * Per day of the horizon: an option uses it, or something can be booked on it (the engine's day
 * status: any feasible allocation, not only the top five), or nothing can — with the day's rule
 * first, then what ruled out each vehicle type.
 */
export function dayVerdicts(suggestion: SearchedSuggestion): DayVerdict[] {
  const optionDays = new Set(suggestion.options.flatMap((option) => option.allocations.map((a) => a.date)));
  const status = new Map(suggestion.days.map((day) => [day.date, day]));
  const reasonsByDay = new Map<string, string[]>();
  for (const day of suggestion.days) {
    if (!day.bookable && day.ruleLabel)
      reasonsByDay.set(day.date, [`${day.ruleLabel}: ${day.message ?? ''}`]);
  }
  for (const why of suggestion.whyNot) {
    // The day's own rule already says it for every vehicle type it stopped.
    if (why.rule === status.get(why.date)?.rule) continue;
    const reasons = reasonsByDay.get(why.date) ?? [];
    const text = `${why.ruleLabel}: ${why.message}`;
    if (!reasons.includes(text)) reasons.push(text);
    reasonsByDay.set(why.date, reasons);
  }
  const days: DayVerdict[] = [];
  for (let day = suggestion.from; day <= suggestion.to && days.length < 62; day = addDays(day, 1)) {
    const reasons = reasonsByDay.get(day) ?? [];
    const fit: DayFit =
      day < suggestion.earliestDate
        ? 'beforeSla'
        : optionDays.has(day)
          ? 'fits'
          : status.get(day)?.bookable === false
            ? 'no'
            : 'open';
    days.push({ date: day, fit, label: fitLabels[fit].label, reasons });
  }
  return days;
}

/** The horizon as a strip of days, each with its verdict and the reasons under it (memoized: the answer's own). */
export const WhyNotStrip = memo(function WhyNotStrip({
  suggestion,
}: {
  readonly suggestion: SearchedSuggestion;
}) {
  const days = dayVerdicts(suggestion).filter((day) => day.fit !== 'beforeSla');
  return (
    <Strip aria-label="เหตุผลรายวัน">
      {days.map((day) => {
        const { weekday, day: dayText } = shortDay(day.date);
        const swatch = swatchOf(fitColour(day.fit));
        return (
          <DayCard key={day.date} style={{ borderTopColor: swatch.text }}>
            <strong>
              {weekday} {dayText}
            </strong>
            <Verdict style={{ background: swatch.background, color: swatch.text }}>{day.label}</Verdict>
            {day.reasons.length > 0 && (
              <ul>
                {day.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            )}
          </DayCard>
        );
      })}
    </Strip>
  );
});

const Strip = styled.ol.attrs({ tabIndex: 0 })`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0 0 ${({ theme }) => theme.space[2]};
  list-style: none;
  overflow-x: auto;
`;

const DayCard = styled.li`
  flex: 0 0 168px;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-top-width: 4px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  font-size: ${({ theme }) => theme.font.size.sm};
  & ul { margin: 0; padding-left: 16px; }
`;

const Verdict = styled.span`
  align-self: flex-start;
  padding: 0 ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
