import { TextArea as AriaTextArea, TextField as AriaTextField } from 'react-aria-components';
import styled from 'styled-components';
import { FieldLayout, type FieldProps, splitFieldProps } from '../Field/Field.tsx';
import { controlBox, fieldColumn } from '../Field/fieldStyles.ts';

export interface TextAreaProps extends FieldProps<string> {
  readonly placeholder?: string;
  /** Visible lines before it scrolls (default 3). */
  readonly rows?: number;
  readonly maxLength?: number;
}

export function TextArea({ value, placeholder, rows = 3, ...props }: TextAreaProps) {
  const { layout, control } = splitFieldProps(props);
  return (
    <StyledTextField {...control} value={value ?? ''}>
      <FieldLayout {...layout}>
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
