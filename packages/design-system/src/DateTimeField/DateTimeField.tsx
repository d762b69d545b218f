import { type DateValue, toZoned } from '@internationalized/date';
import { useBuddhistEra, useTypedDate } from '../DateField/buddhistEra.tsx';
import {
  formatDay,
  TIME_ZONE,
  timeString,
  toBangkokDateTime,
  toCalendarDate,
} from '../DateField/dateValues.ts';
import { type CalendarOptions, PickerField } from '../DateField/PickerField.tsx';
import type { FieldProps } from '../Field/Field.tsx';
import { ReadOnlyField } from '../ReadOnlyField/ReadOnlyField.tsx';

export type DateTimeFieldProps = FieldProps<string | null> & CalendarOptions;

/**
 * A moment, value an ISO timestamp (`2024-03-15T01:30:00.000Z`) or null: typed and shown as
 * dd/MM/yyyy HH:mm wall-clock time in Asia/Bangkok, whatever the browser's zone.
 */
export function DateTimeField({ value, onChange, placeholderValue, ...props }: DateTimeFieldProps) {
  const moment = toBangkokDateTime(value);
  const buddhistEra = useBuddhistEra(props.buddhistEra);
  const typed = useTypedDate(moment, onChange, toIsoTimestamp, toBangkokDateTime);
  if (props.isReadOnly) {
    const shown = moment && `${formatDay(moment, buddhistEra)} ${timeString(moment)}`;
    return <ReadOnlyField label={props.label} value={shown} className={props.className} />;
  }
  const placeholderDay = toCalendarDate(placeholderValue);
  return (
    <PickerField
      {...props}
      buddhistEra={buddhistEra}
      value={typed.value}
      onChange={typed.onChange}
      placeholderValue={placeholderDay && toZoned(placeholderDay, TIME_ZONE)}
      granularity="minute"
      hourCycle={24}
      hideTimeZone
    />
  );
}

/** The picked wall-clock time in Bangkok as an ISO instant (UTC). */
function toIsoTimestamp(value: DateValue | null): string | null {
  if (!value) return null;
  // A day picked before any time was typed counts from midnight in Bangkok.
  return toZoned(value, TIME_ZONE).toAbsoluteString();
}
