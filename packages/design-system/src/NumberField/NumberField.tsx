import { NumberField as AriaNumberField, I18nProvider, Input } from 'react-aria-components';
import styled from 'styled-components';
import { FieldLayout, type FieldProps, type LabelVisibility, splitFieldProps } from '../Field/Field.tsx';
import { controlBox, fieldColumn } from '../Field/fieldStyles.ts';

export interface NumberFieldProps extends FieldProps<number | null>, LabelVisibility {
  /** Fixed decimals shown and kept (spec §9 default 2; 0 for counts). */
  readonly scale?: number;
  readonly minValue?: number;
  readonly maxValue?: number;
  readonly placeholder?: string;
}

/** Numbers are typed and shown in English locale (1,234.50) whatever the page language. */
export function NumberField({ value, onChange, scale = 2, placeholder, ...props }: NumberFieldProps) {
  const { layout, control } = splitFieldProps(props);
  return (
    <I18nProvider locale="en-US">
      <StyledNumberField
        {...control}
        value={value ?? Number.NaN}
        onChange={(next) => onChange(Number.isNaN(next) ? null : next)}
        formatOptions={{ minimumFractionDigits: scale, maximumFractionDigits: scale }}
        data-scale={scale}
      >
        <FieldLayout {...layout}>
          <StyledInput placeholder={placeholder} />
        </FieldLayout>
      </StyledNumberField>
    </I18nProvider>
  );
}

const StyledNumberField = styled(AriaNumberField)`
  ${fieldColumn}
`;

const StyledInput = styled(Input)`
  ${controlBox}
  text-align: right;
  font-variant-numeric: tabular-nums;
`;
