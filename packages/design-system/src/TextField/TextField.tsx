import { TextField as AriaTextField, Input } from 'react-aria-components';
import styled from 'styled-components';
import { FieldLayout, type FieldProps, visibleError } from '../Field/Field.tsx';
import { controlBox, fieldColumn } from '../Field/fieldStyles.ts';

export interface TextFieldProps extends FieldProps<string> {
  readonly type?: 'text' | 'email' | 'password' | 'tel' | 'url';
  readonly placeholder?: string;
  readonly autoComplete?: string;
  readonly maxLength?: number;
  readonly autoFocus?: boolean;
}

export function TextField({
  label,
  description,
  error,
  touched,
  value,
  className,
  placeholder,
  ...props
}: TextFieldProps) {
  const shownError = visibleError(error, touched);
  return (
    <StyledTextField
      {...props}
      className={className}
      value={value ?? ''}
      isInvalid={shownError !== undefined}
      validationBehavior="aria"
    >
      <FieldLayout
        label={label}
        description={description}
        error={shownError}
        isRequired={props.isRequired}
        isReadOnly={props.isReadOnly}
      >
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
