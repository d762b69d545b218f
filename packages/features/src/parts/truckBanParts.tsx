import { type BanDayPattern, bannedWeekdaysOf, truckBanConfig } from '@lms/domain';
import {
  CheckboxField,
  type FormPartProps,
  FormSection,
  ReadOnlyField,
  SelectField,
  toFieldOptions,
  weekdayLabels,
} from '@lms/entity-pages';
import { useField } from 'react-final-form';
import styled from 'styled-components';

/** Truck ban: the day pattern with a weekday picker that only matters for "choose days" (CUSTOM). */

const patternField = truckBanConfig.fields.find((field) => field.name === 'banDayPattern');

export function WeekdayPatternEditor({ mode }: FormPartProps) {
  const pattern = useField<string>('banDayPattern', {
    subscription: { value: true, error: true, touched: true, submitFailed: true },
  });
  const weekdays = useField<number[]>('bannedWeekdays', {
    subscription: { value: true, error: true, submitFailed: true },
  });
  const current = (pattern.input.value || null) as BanDayPattern | null;
  const days = current ? bannedWeekdaysOf(current, weekdays.input.value || []) : [];
  const isCustom = current === 'CUSTOM';
  if (mode === 'show')
    return (
      <FormSection>
        <legend>วันที่ห้ามวิ่ง</legend>
        <ReadOnlyField label="วันที่ห้ามวิ่ง" value={days.map((day) => weekdayLabels[day]).join(', ')} />
      </FormSection>
    );
  const toggle = (day: number, on: boolean) => {
    const next = new Set(weekdays.input.value || []);
    if (on) next.add(day);
    else next.delete(day);
    weekdays.input.onChange([...next].sort((a, b) => a - b));
  };
  const patternError =
    pattern.meta.error && (pattern.meta.touched || pattern.meta.submitFailed)
      ? String(pattern.meta.error)
      : undefined;
  return (
    <FormSection>
      <legend>วันที่ห้ามวิ่ง</legend>
      <SelectField
        label={patternField?.label ?? 'รูปแบบวันที่ห้าม'}
        isRequired
        value={current}
        onChange={(next: string | number | null) => pattern.input.onChange(next)}
        onBlur={() => pattern.input.onBlur()}
        error={patternError}
        options={toFieldOptions(patternField?.options ?? [])}
      />
      <Days role="group" aria-label="วันในสัปดาห์ที่ห้ามวิ่ง">
        {weekdayLabels.map((label, day) => (
          <CheckboxField
            key={label}
            label={label}
            name={`weekday-${day}`}
            value={days.includes(day)}
            isDisabled={!isCustom}
            onChange={(on: boolean) => toggle(day, on)}
          />
        ))}
      </Days>
      {!isCustom && current && <Hint>เลือกรูปแบบ "เลือกวันเอง" เพื่อกำหนดวันเอง</Hint>}
    </FormSection>
  );
}

const Days = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[3]};
`;

const Hint = styled.p`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;
