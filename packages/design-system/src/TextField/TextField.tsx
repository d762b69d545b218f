import { TextField as AriaTextField, Input } from 'react-aria-components';
import styled from 'styled-components';
import { FieldLayout, type FieldProps, splitFieldProps } from '../Field/Field.tsx';
import { controlBox, fieldColumn } from '../Field/fieldStyles.ts';

export interface TextFieldProps extends FieldProps<string> {
  readonly type?: 'text' | 'email' | 'password' | 'tel' | 'url';
  readonly placeholder?: string;
  readonly autoComplete?: string;
  readonly maxLength?: number;
  readonly autoFocus?: boolean;
}

export function TextField({ value, placeholder, ...props }: TextFieldProps) {
  const { layout, control } = splitFieldProps(props);
  return (
    <StyledTextField {...control} value={value ?? ''}>
      <FieldLayout {...layout}>
        <StyledInput placeholder={placeholder} />
      </FieldLayout>
    </StyledTextField>
  );
}

const StyledTextField = styled(AriaTextField)`
  ${fieldColumn}
`;

const StyledInput = styled(Input)`
  ${controlBox}
`;
