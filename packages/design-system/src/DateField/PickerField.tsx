import type { DateValue } from '@internationalized/date';
import { useRef } from 'react';
import { DatePicker, type DatePickerProps, I18nProvider } from 'react-aria-components';
import styled from 'styled-components';
import { FieldLayout, type FieldShellProps, splitFieldProps } from '../Field/Field.tsx';
import { fieldColumn } from '../Field/fieldStyles.ts';
import { messages } from '../messages.ts';
import { WHOLE_YEAR } from './buddhistEra.tsx';
import { CalendarPopover, PickerInput } from './CalendarPopover.tsx';
import {
  FIRST_DAY_OF_WEEK,
  isWithinLimits,
  maxDate,
  minDate,
  outOfRangeMessage,
  thaiLocale,
} from './dateValues.ts';
import { useHeldWhileTyping } from './heldWhileTyping.ts';

/** What the day or the moment differ in: the picked value's type and how much of it is typed. */
type PickerOptions = Pick<
  DatePickerProps<DateValue>,
  'value' | 'onChange' | 'placeholderValue' | 'granularity' | 'hourCycle' | 'hideTimeZone'
>;

/** The options DateField and DateTimeField take beyond a field's. */
export interface CalendarOptions {
  /** Show and type years in the Buddhist era (พ.ศ. = ค.ศ. + 543); the value stays ISO. */
  readonly buddhistEra?: boolean;
  /** `yyyy-MM-dd` the calendar opens on while the field is empty (default: today). */
  readonly placeholderValue?: string;
  /**
   * Pass a typed date on once the typing is done (a pause, focus leaving, the last segment typed)
   * rather than at each segment: for a field whose value asks the server (a day's plan, a
   * suggestion), so that typing a day asks for it alone. A picked day is passed on at once.
   */
  readonly holdWhileTyping?: boolean;
}

type PickerFieldProps = FieldShellProps &
  PickerOptions &
  Pick<CalendarOptions, 'buddhistEra' | 'holdWhileTyping'>;

/**
 * The editable DatePicker that DateField (a day) and DateTimeField (a moment in Bangkok) both
 * are: typed segments and a calendar in Thai, within spec §9's years, with a Thai error when a
 * typed day falls outside them.
 */
export function PickerField({ buddhistEra, holdWhileTyping = false, ...props }: PickerFieldProps) {
  const field = useRef<HTMLDivElement>(null);
  const typing = useHeldWhileTyping(holdWhileTyping, props.value ?? null, props.onChange ?? ignore, field);
  const shown = typing.value;
  // A year of fewer than four digits is one still being typed (useTypedDate): no range error yet.
  const rangeError =
    shown && shown.year >= WHOLE_YEAR && !isWithinLimits(shown)
      ? outOfRangeMessage(messages.dateOutOfRange, buddhistEra)
      : undefined;
  const { layout, control } = splitFieldProps(
    { ...props, value: shown, onChange: typing.onChange },
    rangeError,
  );
  return (
    <I18nProvider locale={thaiLocale(buddhistEra)}>
      <StyledDatePicker
        {...control}
        ref={field}
        onBlur={typing.onBlur}
        minValue={minDate}
        maxValue={maxDate}
        firstDayOfWeek={FIRST_DAY_OF_WEEK}
        shouldForceLeadingZeros
        data-buddhist-era={buddhistEra || undefined}
      >
        <FieldLayout {...layout}>
          <PickerInput />
        </FieldLayout>
        <CalendarPopover />
      </StyledDatePicker>
    </I18nProvider>
  );
}

const ignore = () => {};

const StyledDatePicker = styled(DatePicker)`
  ${fieldColumn}
`;
