import { controlBox, fieldColumn, PlainFieldLabel } from '@lms/design-system';
import { useId } from 'react';
import styled from 'styled-components';

export interface SignInFieldProps {
  readonly name: 'username' | 'password';
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Thai text, shown (and `aria-invalid` set) once the form was submitted. */
  readonly error: string | undefined;
  readonly autoFocus?: boolean;
}

/**
 * A sign-in field as plain elements, with the design system's TextField's look and what a screen
 * reader hears of it (the label with its required mark, `aria-required`, `aria-invalid`, the error
 * as its description): react-aria's text field brought ≈ 6 kB gzip of form validation and
 * autocomplete code into the shell, which a signed-in user never uses (issue 41).
 */
export function SignInField({ name, label, value, onChange, error, autoFocus }: SignInFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Column>
      <PlainFieldLabel htmlFor={id} isRequired>
        {label}
      </PlainFieldLabel>
      <Input
        id={id}
        name={name}
        type={name === 'password' ? 'password' : 'text'}
        autoComplete={name === 'password' ? 'current-password' : 'username'}
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-invalid={error ? true : undefined}
      />
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </Column>
  );
}

const Column = styled.div`
  ${fieldColumn}
`;

const Input = styled.input`
  ${controlBox}
  &:focus { border-color: ${({ theme }) => theme.color.focus}; box-shadow: 0 0 0 1px ${({ theme }) => theme.color.focus}; }
  &[data-invalid]:focus { box-shadow: 0 0 0 1px ${({ theme }) => theme.color.danger}; }
`;

const ErrorText = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.danger};
`;
