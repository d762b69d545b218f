import type { DateValue } from '@internationalized/date';
import { DatePicker, type DatePickerProps, I18nProvider } from 'react-aria-components';
import styled from 'styled-components';
import { FieldLayout, type FieldShellProps, splitFieldProps } from '../Field/Field.tsx';
import { fieldColumn } from '../Field/fieldStyles.ts';
import { messages } from '../messages.ts';
import { CalendarPopover, PickerInput } from './CalendarPopover.tsx';
import {
  FIRST_DAY_OF_WEEK,
  isWithinLimits,
  maxDate,
  minDate,
  outOfRangeMessage,
  thaiLocale,
} from './dateValues.ts';

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
}

type PickerFieldProps = FieldShellProps & PickerOptions & Pick<CalendarOptions, 'buddhistEra'>;

/**
 * The editable DatePicker that DateField (a day) and DateTimeField (a moment in Bangkok) both
 * are: typed segments and a calendar in Thai, within spec §9's years, with a Thai error when a
 * typed day falls outside them.
 */
export function PickerField({ buddhistEra, ...props }: PickerFieldProps) {
  const rangeError =
    props.value && !isWithinLimits(props.value)
      ? outOfRangeMessage(messages.dateOutOfRange, buddhistEra)
      : undefined;
  const { layout, control } = splitFieldProps(props, rangeError);
  return (
    <I18nProvider locale={thaiLocale(buddhistEra)}>
      <StyledDatePicker
        {...control}
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

const StyledDatePicker = styled(DatePicker)`
  ${fieldColumn}
`;
