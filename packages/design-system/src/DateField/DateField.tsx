import { type DateValue, GregorianCalendar, toCalendar } from '@internationalized/date';
import type { FieldProps } from '../Field/Field.tsx';
import { ReadOnlyField } from '../ReadOnlyField/ReadOnlyField.tsx';
import { useBuddhistEra, useTypedDate } from './buddhistEra.tsx';
import { formatDay, toCalendarDate } from './dateValues.ts';
import { type CalendarOptions, PickerField } from './PickerField.tsx';

export type DateFieldProps = FieldProps<string | null> & CalendarOptions;

/** A calendar day, value `yyyy-MM-dd` or null: typed as dd/MM/yyyy or picked from the calendar. */
export function DateField({ value, onChange, placeholderValue, ...props }: DateFieldProps) {
  const date = toCalendarDate(value);
  const buddhistEra = useBuddhistEra(props.buddhistEra);
  const typed = useTypedDate(date, onChange, toIsoDate, toCalendarDate);
  if (props.isReadOnly) {
    const shown = date && formatDay(date, buddhistEra);
    return <ReadOnlyField label={props.label} value={shown} className={props.className} />;
  }
  return (
    <PickerField
      {...props}
      buddhistEra={buddhistEra}
      value={typed.value}
      onChange={typed.onChange}
      placeholderValue={toCalendarDate(placeholderValue)}
    />
  );
}

/** Whatever calendar the locale shows (Buddhist for th-TH), the value is a Gregorian ISO day. */
export function toIsoDate(value: DateValue | null): string | null {
  return value ? toCalendar(value, new GregorianCalendar()).toString().slice(0, 10) : null;
}
