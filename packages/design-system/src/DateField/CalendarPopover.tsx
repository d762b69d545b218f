import {
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  DateInput,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Popover,
  Button as RacButton,
} from 'react-aria-components';
import styled from 'styled-components';
import { controlBox } from '../Field/fieldStyles.ts';
import { Icon } from '../Icon/Icon.tsx';
import { messages } from '../messages.ts';
import { FIRST_DAY_OF_WEEK } from './dateValues.ts';

/**
 * The 44 px box of a DatePicker: typed segments plus the button that opens the calendar.
 * react-aria has no Thai strings, so the buttons get Thai labels here.
 */
export function PickerInput() {
  return (
    <InputGroup>
      <SegmentedInput>{(segment) => <Segment segment={segment} />}</SegmentedInput>
      <OpenButton aria-label={messages.openCalendar}>
        <Icon name="calendar" size={20} />
      </OpenButton>
    </InputGroup>
  );
}

/** The month calendar of a DatePicker: Thai month and weekday names, weeks start on Sunday. */
export function CalendarPopover() {
  return (
    <StyledPopover placement="bottom start">
      <Dialog aria-label={messages.calendar}>
        <Calendar firstDayOfWeek={FIRST_DAY_OF_WEEK}>
          <CalendarHeader>
            <NavButton slot="previous" aria-label={messages.previousMonth}>
              <Icon name="chevron-left" size={20} />
            </NavButton>
            <MonthHeading />
            <NavButton slot="next" aria-label={messages.nextMonth}>
              <Icon name="chevron-right" size={20} />
            </NavButton>
          </CalendarHeader>
          <Grid weekdayStyle="narrow">
            <CalendarGridHeader>{(day) => <WeekdayCell>{day}</WeekdayCell>}</CalendarGridHeader>
            <CalendarGridBody>{(date) => <DayCell date={date} />}</CalendarGridBody>
          </Grid>
        </Calendar>
      </Dialog>
    </StyledPopover>
  );
}

/** Segments of a DateField/TimeField input, in a 44 px box (spec §9). */
export const SegmentedInput = styled(DateInput)`
  display: flex;
  align-items: center;
  flex: 1;
  min-width: 0;
  overflow: hidden;
  font-variant-numeric: tabular-nums;
`;

/** A standalone segmented input (TimeField: no calendar button). */
export const SegmentedBox = styled(DateInput)`
  ${controlBox}
  display: flex;
  align-items: center;
  font-variant-numeric: tabular-nums;
`;

export const Segment = styled(DateSegment)`
  padding: 0 1px;
  border-radius: ${({ theme }) => theme.radius.sm};
  outline: none;
  /* Segments are flex items: keep the space between date and time. */
  white-space: pre;

  &[data-type='literal'] { padding: 0; }
  &[data-placeholder] { color: ${({ theme }) => theme.color.textMuted}; }
  &[data-focused] {
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primaryText};
  }
  [data-disabled] & { color: ${({ theme }) => theme.color.disabledText}; }
`;

const InputGroup = styled(Group)`
  ${controlBox}
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding-inline-end: ${({ theme }) => theme.space[1]};
`;

const OpenButton = styled(RacButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  flex-shrink: 0;
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  outline: none;

  &[data-hovered] { background: ${({ theme }) => theme.color.secondary}; }
  &[data-focus-visible] { box-shadow: 0 0 0 2px ${({ theme }) => theme.color.focus}; }
  &[data-disabled] { color: ${({ theme }) => theme.color.disabledText}; cursor: not-allowed; background: transparent; }
`;

const StyledPopover = styled(Popover)`
  padding: ${({ theme }) => theme.space[3]};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.md};
  outline: none;

  & [role='dialog'] { outline: none; }
`;

const CalendarHeader = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[2]};
`;

const MonthHeading = styled(Heading)`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const NavButton = styled(OpenButton)`
  color: ${({ theme }) => theme.color.text};
`;

const Grid = styled(CalendarGrid)`
  border-collapse: collapse;

  & td { padding: 1px; }
`;

const WeekdayCell = styled(CalendarHeaderCell)`
  width: 40px;
  height: 32px;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.regular};
  color: ${({ theme }) => theme.color.textMuted};
`;

const DayCell = styled(CalendarCell)`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: ${({ theme }) => theme.radius.pill};
  cursor: pointer;
  outline: none;
  font-variant-numeric: tabular-nums;

  &[data-outside-month] { display: none; }
  &[data-hovered] { background: ${({ theme }) => theme.color.secondary}; }
  &[data-focus-visible] { box-shadow: 0 0 0 2px ${({ theme }) => theme.color.focus}; }
  &[data-selected] {
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.primaryText};
  }
  &[data-disabled], &[data-unavailable] { color: ${({ theme }) => theme.color.disabledText}; cursor: not-allowed; }
`;
