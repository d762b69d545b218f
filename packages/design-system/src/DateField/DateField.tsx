import { type DateValue, GregorianCalendar, toCalendar } from '@internationalized/date';
import { DatePicker, I18nProvider } from 'react-aria-components';
import styled from 'styled-components';
import { FieldLayout, type FieldProps, visibleError } from '../Field/Field.tsx';
import { fieldColumn } from '../Field/fieldStyles.ts';
import { messages } from '../messages.ts';
import { ReadOnlyField } from '../ReadOnlyField/ReadOnlyField.tsx';
import { CalendarPopover, PickerInput } from './CalendarPopover.tsx';
import {
  FIRST_DAY_OF_WEEK,
  formatDay,
  isWithinLimits,
  maxDate,
  minDate,
  outOfRangeMessage,
  thaiLocale,
  toCalendarDate,
} from './dateValues.ts';

export interface DateFieldProps extends FieldProps<string | null> {
  /** Show and type years in the Buddhist era (พ.ศ. = ค.ศ. + 543); the value stays ISO. */
  readonly buddhistEra?: boolean;
  /** `yyyy-MM-dd` the calendar opens on while the field is empty (default: today). */
  readonly placeholderValue?: string;
}

/** A calendar day, value `yyyy-MM-dd` or null: typed as dd/MM/yyyy or picked from the calendar. */
export function DateField({
  label,
  description,
  error,
  touched,
  value,
  onChange,
  buddhistEra,
  placeholderValue,
  isReadOnly,
  className,
  ...props
}: DateFieldProps) {
  const date = toCalendarDate(value);
  if (isReadOnly) {
    return <ReadOnlyField label={label} value={date && formatDay(date, buddhistEra)} className={className} />;
  }
  const rangeError =
    date && !isWithinLimits(date) ? outOfRangeMessage(messages.dateOutOfRange, buddhistEra) : undefined;
  const shownError = visibleError(error, touched) ?? rangeError;
  return (
    <I18nProvider locale={thaiLocale(buddhistEra)}>
      <StyledDatePicker
        {...props}
        className={className}
        value={date}
        onChange={(next) => onChange(toIsoDate(next))}
        placeholderValue={toCalendarDate(placeholderValue)}
        minValue={minDate}
        maxValue={maxDate}
        firstDayOfWeek={FIRST_DAY_OF_WEEK}
        shouldForceLeadingZeros
        isInvalid={shownError !== undefined}
        validationBehavior="aria"
        data-buddhist-era={buddhistEra || undefined}
      >
        <FieldLayout label={label} description={description} error={shownError} isRequired={props.isRequired}>
          <PickerInput />
        </FieldLayout>
        <CalendarPopover />
      </StyledDatePicker>
    </I18nProvider>
  );
}

/** Whatever calendar the locale shows (Buddhist for th-TH), the value is a Gregorian ISO day. */
export function toIsoDate(value: DateValue | null): string | null {
  return value ? toCalendar(value, new GregorianCalendar()).toString().slice(0, 10) : null;
}

const StyledDatePicker = styled(DatePicker)`
  ${fieldColumn}
`;
