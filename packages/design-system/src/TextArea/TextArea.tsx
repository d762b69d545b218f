import { TextArea as AriaTextArea, TextField as AriaTextField } from 'react-aria-components';
import styled from 'styled-components';
import { FieldLayout, type FieldProps, visibleError } from '../Field/Field.tsx';
import { controlBox, fieldColumn } from '../Field/fieldStyles.ts';

export interface TextAreaProps extends FieldProps<string> {
  readonly placeholder?: string;
  /** Visible lines before it scrolls (default 3). */
  readonly rows?: number;
  readonly maxLength?: number;
}

export function TextArea({
  label,
  description,
  error,
  touched,
  value,
  placeholder,
  rows = 3,
  ...props
}: TextAreaProps) {
  const shownError = visibleError(error, touched);
  return (
    <StyledTextField
      {...props}
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
        <StyledTextArea placeholder={placeholder} rows={rows} />
      </FieldLayout>
    </StyledTextField>
  );
}

const StyledTextField = styled(AriaTextField)`
  ${fieldColumn}
`;

const StyledTextArea = styled(AriaTextArea)`
  ${controlBox}
  padding-block: ${({ theme }) => theme.space[2]};
  resize: vertical;
`;
