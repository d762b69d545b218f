import { TimeField as AriaTimeField, I18nProvider } from 'react-aria-components';
import styled from 'styled-components';
import { Segment, SegmentedBox } from '../DateField/CalendarPopover.tsx';
import { thaiLocale, timeString, toTime } from '../DateField/dateValues.ts';
import { FieldLayout, type FieldProps, visibleError } from '../Field/Field.tsx';
import { fieldColumn } from '../Field/fieldStyles.ts';
import { ReadOnlyField } from '../ReadOnlyField/ReadOnlyField.tsx';

export type TimeFieldProps = FieldProps<string | null>;

/** A time of day, value `HH:mm` (24-hour) or null, typed as two segments. */
export function TimeField({
  label,
  description,
  error,
  touched,
  value,
  onChange,
  isReadOnly,
  className,
  ...props
}: TimeFieldProps) {
  const time = toTime(value);
  if (isReadOnly) {
    return <ReadOnlyField label={label} value={time && timeString(time)} className={className} />;
  }
  const shownError = visibleError(error, touched);
  return (
    <I18nProvider locale={thaiLocale(false)}>
      <StyledTimeField
        {...props}
        className={className}
        value={time}
        onChange={(next) => onChange(next ? timeString(next) : null)}
        hourCycle={24}
        granularity="minute"
        shouldForceLeadingZeros
        isInvalid={shownError !== undefined}
        validationBehavior="aria"
      >
        <FieldLayout label={label} description={description} error={shownError} isRequired={props.isRequired}>
          <SegmentedBox>{(segment) => <Segment segment={segment} />}</SegmentedBox>
        </FieldLayout>
      </StyledTimeField>
    </I18nProvider>
  );
}

const StyledTimeField = styled(AriaTimeField)`
  ${fieldColumn}
`;
