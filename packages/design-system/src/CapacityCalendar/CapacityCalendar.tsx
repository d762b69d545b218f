import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, VisuallyHidden } from '../Button/Button.tsx';
import { useBuddhistEra } from '../DateField/buddhistEra.tsx';
import { Icon } from '../Icon/index.ts';
import { messages } from '../messages.ts';
import {
  addDays,
  addMonths,
  type CalendarView,
  dayOf,
  sameDay,
  thaiDate,
  thaiDays,
  thaiDaysShort,
  thaiMonths,
  thaiYear,
  visibleDays,
} from './calendarDates.ts';

/** The first and last day of the grid shown (the whole weeks of a month, or one week). */
export interface VisibleRange {
  readonly first: Date;
  readonly last: Date;
}

export interface CapacityCalendarProps {
  /** Today's date from the caller (no clock inside, so stories and tests are stable). */
  readonly today: Date;
  readonly view?: CalendarView;
  readonly selectedDate?: Date | null;
  /** The day focused at first, and so the month or week shown (e.g. from the URL); default the selected day, else today. */
  readonly defaultFocusedDate?: Date;
  /**
   * Called with the days shown, once after the first render and whenever the user moves to
   * another month or week: the caller fetches what `renderDay` needs for exactly these days.
   */
  readonly onVisibleRangeChange?: (range: VisibleRange) => void;
  /** The caller is fetching the days shown: the header says so and the grid is busy; days keep their content. */
  readonly isLoading?: boolean;
  readonly onSelectDay?: (date: Date) => void;
  /** Content of a day cell, e.g. remaining capacity. */
  readonly renderDay?: (date: Date) => ReactNode;
  /** Years in the Buddhist era (Gregorian + 543); unset, the user's setting (`BuddhistEraProvider`). */
  readonly buddhistEra?: boolean;
}

const keySteps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** A month or week grid, Sunday first; arrows move between days, Enter or Space selects. */
export function CapacityCalendar({
  today,
  view = 'month',
  selectedDate,
  defaultFocusedDate,
  onVisibleRangeChange,
  isLoading = false,
  onSelectDay,
  renderDay,
  buddhistEra: own,
}: CapacityCalendarProps) {
  const buddhistEra = useBuddhistEra(own);
  const [focused, setFocused] = useState(() => dayOf(defaultFocusedDate ?? selectedDate ?? today));
  const gridRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const days = visibleDays(focused, view);
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  const title =
    view === 'month'
      ? `${thaiMonths[focused.getMonth()]} ${thaiYear(focused, buddhistEra)}`
      : `${thaiDate(days[0] ?? focused, buddhistEra)} – ${thaiDate(days[6] ?? focused, buddhistEra)}`;

  // Reported by value: moving the focus within the days shown, or a new callback, is no change.
  const firstShown = (days[0] ?? focused).getTime();
  const lastShown = (days.at(-1) ?? focused).getTime();
  const reportRange = useRef(onVisibleRangeChange);
  reportRange.current = onVisibleRangeChange;
  useEffect(() => {
    reportRange.current?.({ first: new Date(firstShown), last: new Date(lastShown) });
  }, [firstShown, lastShown]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    gridRef.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  });

  const moveTo = (date: Date) => {
    moved.current = true;
    setFocused(date);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Keys on what a day holds (a button, a drag handle) are theirs, not the grid's.
    if ((event.target as HTMLElement).getAttribute('role') !== 'gridcell') return;
    const step = keySteps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      moveTo(addDays(focused, step));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelectDay?.(focused);
    }
  };
  const page = (direction: 1 | -1) =>
    setFocused(view === 'month' ? addMonths(focused, direction) : addDays(focused, 7 * direction));

  return (
    <Root>
      <Header>
        <Title aria-live="polite">{title}</Title>
        <Loading role="status">{isLoading ? messages.loading : ''}</Loading>
        <Button variant="secondary" size="sm" onPress={() => setFocused(dayOf(today))}>
          {messages.today}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={view === 'month' ? messages.previousMonth : messages.previousWeek}
          onPress={() => page(-1)}
        >
          <Icon name="chevron-left" size={20} />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={view === 'month' ? messages.nextMonth : messages.nextWeek}
          onPress={() => page(1)}
        >
          <Icon name="chevron-right" size={20} />
        </Button>
      </Header>
      <Grid
        ref={gridRef}
        role="grid"
        aria-label={title}
        aria-busy={isLoading || undefined}
        onKeyDown={onKeyDown}
        data-view={view}
      >
        <WeekRow role="row">
          {thaiDays.map((day, i) => (
            <DayName role="columnheader" key={day} aria-label={day}>
              {thaiDaysShort[i]}
            </DayName>
          ))}
        </WeekRow>
        {weeks.map((week) => (
          <WeekRow role="row" key={week[0]?.toISOString()}>
            {week.map((date) => {
              const isFocused = sameDay(date, focused);
              return (
                <Day
                  role="gridcell"
                  key={date.toISOString()}
                  tabIndex={isFocused ? 0 : -1}
                  aria-selected={sameDay(date, selectedDate)}
                  aria-current={sameDay(date, today) ? 'date' : undefined}
                  data-outside={view === 'month' && date.getMonth() !== focused.getMonth() ? '' : undefined}
                  onClick={() => {
                    setFocused(date);
                    onSelectDay?.(date);
                  }}
                >
                  <DayNumber aria-hidden="true">{date.getDate()}</DayNumber>
                  <VisuallyHidden>{thaiDate(date, buddhistEra)}</VisuallyHidden>
                  {renderDay?.(date)}
                </Day>
              );
            })}
          </WeekRow>
        ))}
      </Grid>
    </Root>
  );
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Title = styled.h2`
  flex: 1 1 auto;
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Loading = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(7, minmax(0, 1fr));
  border-top: 1px solid ${({ theme }) => theme.color.border};
  border-left: 1px solid ${({ theme }) => theme.color.border};
`;

// Rows only group cells for assistive technology; the 7-column grid lays out the cells.
const WeekRow = styled.div`
  display: contents;
`;

const DayName = styled.div`
  padding: ${({ theme }) => theme.space[1]};
  border-right: 1px solid ${({ theme }) => theme.color.border};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.background};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-align: center;
`;

const Day = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-height: 88px;
  min-width: 0;
  padding: ${({ theme }) => theme.space[1]};
  border-right: 1px solid ${({ theme }) => theme.color.border};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  overflow-wrap: anywhere;
  cursor: pointer;
  outline: none;
  [data-view='week'] > [role='row'] > & { min-height: 160px; }
  &[data-outside] { background: ${({ theme }) => theme.color.background}; color: ${({ theme }) => theme.color.textMuted}; }
  &[aria-selected='true'] { background: ${({ theme }) => theme.color.secondary}; box-shadow: inset 0 0 0 2px ${({ theme }) => theme.color.primary}; }
  &:focus-visible { box-shadow: inset 0 0 0 3px ${({ theme }) => theme.color.focus}; }
`;

const DayNumber = styled.span`
  align-self: flex-start;
  min-width: 24px;
  line-height: 24px;
  text-align: center;
  border-radius: ${({ theme }) => theme.radius.pill};
  [aria-current='date'] > & { background: ${({ theme }) => theme.color.primary}; color: ${({ theme }) => theme.color.primaryText}; }
`;
