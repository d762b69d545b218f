import { type DateValue, toZoned } from '@internationalized/date';
import { DatePicker, I18nProvider } from 'react-aria-components';
import styled from 'styled-components';
import { CalendarPopover, PickerInput } from '../DateField/CalendarPopover.tsx';
import {
  FIRST_DAY_OF_WEEK,
  formatDay,
  isWithinLimits,
  maxDate,
  minDate,
  outOfRangeMessage,
  TIME_ZONE,
  thaiLocale,
  timeString,
  toBangkokDateTime,
  toCalendarDate,
} from '../DateField/dateValues.ts';
import { FieldLayout, type FieldProps, visibleError } from '../Field/Field.tsx';
import { fieldColumn } from '../Field/fieldStyles.ts';
import { messages } from '../messages.ts';
import { ReadOnlyField } from '../ReadOnlyField/ReadOnlyField.tsx';

export interface DateTimeFieldProps extends FieldProps<string | null> {
  /** Show and type years in the Buddhist era (พ.ศ. = ค.ศ. + 543); the value stays ISO. */
  readonly buddhistEra?: boolean;
  /** `yyyy-MM-dd` the calendar opens on while the field is empty (default: today). */
  readonly placeholderValue?: string;
}

/**
 * A moment, value an ISO timestamp (`2024-03-15T01:30:00.000Z`) or null: typed and shown as
 * dd/MM/yyyy HH:mm wall-clock time in Asia/Bangkok, whatever the browser's zone.
 */
export function DateTimeField({
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
}: DateTimeFieldProps) {
  const moment = toBangkokDateTime(value);
  if (isReadOnly) {
    const shown = moment && `${formatDay(moment, buddhistEra)} ${timeString(moment)}`;
    return <ReadOnlyField label={label} value={shown} className={className} />;
  }
  const rangeError =
    moment && !isWithinLimits(moment) ? outOfRangeMessage(messages.dateOutOfRange, buddhistEra) : undefined;
  const shownError = visibleError(error, touched) ?? rangeError;
  const placeholderDay = toCalendarDate(placeholderValue);
  return (
    <I18nProvider locale={thaiLocale(buddhistEra)}>
      <StyledDatePicker
        {...props}
        className={className}
        value={moment}
        onChange={(next) => onChange(toIsoTimestamp(next))}
        placeholderValue={placeholderDay && toZoned(placeholderDay, TIME_ZONE)}
        minValue={minDate}
        maxValue={maxDate}
        granularity="minute"
        hourCycle={24}
        hideTimeZone
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

/** The picked wall-clock time in Bangkok as an ISO instant (UTC). */
function toIsoTimestamp(value: DateValue | null): string | null {
  if (!value) return null;
  // A day picked before any time was typed counts from midnight in Bangkok.
  return toZoned(value, TIME_ZONE).toAbsoluteString();
}

const StyledDatePicker = styled(DatePicker)`
  ${fieldColumn}
`;
