import { TimeField as AriaTimeField, I18nProvider } from 'react-aria-components';
import styled from 'styled-components';
import { Segment, SegmentedBox } from '../DateField/CalendarPopover.tsx';
import { thaiLocale, timeString, toTime } from '../DateField/dateValues.ts';
import { FieldLayout, type FieldProps, splitFieldProps } from '../Field/Field.tsx';
import { fieldColumn } from '../Field/fieldStyles.ts';
import { ReadOnlyField } from '../ReadOnlyField/ReadOnlyField.tsx';

export type TimeFieldProps = FieldProps<string | null>;

/** A time of day, value `HH:mm` (24-hour) or null, typed as two segments. */
export function TimeField({ value, onChange, ...props }: TimeFieldProps) {
  const time = toTime(value);
  if (props.isReadOnly) {
    return <ReadOnlyField label={props.label} value={time && timeString(time)} className={props.className} />;
  }
  const { layout, control } = splitFieldProps(props);
  return (
    <I18nProvider locale={thaiLocale(false)}>
      <StyledTimeField
        {...control}
        value={time}
        onChange={(next) => onChange(next ? timeString(next) : null)}
        hourCycle={24}
        granularity="minute"
        shouldForceLeadingZeros
      >
        <FieldLayout {...layout}>
          <SegmentedBox>{(segment) => <Segment segment={segment} />}</SegmentedBox>
        </FieldLayout>
      </StyledTimeField>
    </I18nProvider>
  );
}

const StyledTimeField = styled(AriaTimeField)`
  ${fieldColumn}
`;
