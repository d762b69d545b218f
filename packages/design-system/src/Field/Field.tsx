import type { ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';
import styled from 'styled-components';
import { LabelText, labelLook } from './labelLook.tsx';

/** Props every form field takes: a plain controlled component (react-final-form adapts it). */
export interface FieldProps<T> {
  readonly label: string;
  readonly value: T;
  readonly onChange: (value: T) => void;
  readonly onBlur?: () => void;
  readonly onFocus?: () => void;
  /** Thai error text; shown (and aria-invalid set) once `touched` is not false. */
  readonly error?: string;
  readonly touched?: boolean;
  readonly description?: string;
  readonly isRequired?: boolean;
  readonly isDisabled?: boolean;
  readonly isReadOnly?: boolean;
  readonly name?: string;
  readonly className?: string;
}

/** An error is shown once the field was touched (or when the caller does not track touching). */
export function visibleError(error: string | undefined, touched: boolean | undefined): string | undefined {
  return error && touched !== false ? error : undefined;
}

/**
 * For a field whose row or column already names it on screen (a quantity in a table row): the
 * label is still its accessible name, only not drawn.
 */
export interface LabelVisibility {
  readonly isLabelHidden?: boolean | undefined;
}

/** What FieldLayout shows: the label with its required mark, the description, the error. */
export interface FieldLayoutProps extends LabelVisibility {
  readonly label: string;
  readonly description?: string | undefined;
  readonly error?: string | undefined;
  readonly isRequired?: boolean | undefined;
  readonly isReadOnly?: boolean | undefined;
}

/** A field's props but its value: what every field takes, whatever it holds. */
export type FieldShellProps = Omit<FieldProps<unknown>, 'value' | 'onChange'>;

/**
 * Splits a field's props into what FieldLayout shows and what the react-aria field takes. One
 * error decides both, so the text under the field and aria-invalid never disagree; `ownError` is
 * the field's own finding (a day out of range), shown when the form has none.
 */
export function splitFieldProps<P extends FieldShellProps & LabelVisibility>(
  { label, description, error, touched, isLabelHidden, ...control }: P,
  ownError?: string,
) {
  const shownError = visibleError(error, touched) ?? ownError;
  const layout: FieldLayoutProps = {
    label,
    isLabelHidden,
    description,
    error: shownError,
    isRequired: control.isRequired,
    isReadOnly: control.isReadOnly,
  };
  return {
    layout,
    control: { ...control, isInvalid: shownError !== undefined, validationBehavior: 'aria' as const },
  };
}

/** Label with the required mark ('*' plus Thai text for screen readers), never on read-only fields. */
export function FieldLabel({
  children,
  isRequired,
  isReadOnly,
  isHidden,
  ...props
}: {
  readonly children: ReactNode;
  readonly isRequired?: boolean | undefined;
  readonly isReadOnly?: boolean | undefined;
  readonly isHidden?: boolean | undefined;
  readonly id?: string;
  readonly htmlFor?: string;
  readonly elementType?: string;
}) {
  return (
    <StyledLabel {...props} data-hidden={isHidden || undefined}>
      <LabelText isRequired={isRequired} isReadOnly={isReadOnly}>
        {children}
      </LabelText>
    </StyledLabel>
  );
}

/**
 * Label, control, description and error of a react-aria field, once for every field:
 * react-aria links them (aria-describedby, aria-invalid) through the slots used here.
 */
export function FieldLayout({
  label,
  description,
  error,
  isRequired,
  isReadOnly,
  isLabelHidden,
  children,
}: FieldLayoutProps & { readonly children: ReactNode }) {
  return (
    <>
      <FieldLabel isRequired={isRequired} isReadOnly={isReadOnly} isHidden={isLabelHidden}>
        {label}
      </FieldLabel>
      {children}
      {description && <Description slot="description">{description}</Description>}
      <ErrorText>{error}</ErrorText>
    </>
  );
}

const StyledLabel = styled(Label)`
  ${labelLook}
`;

export const Description = styled(Text)`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const ErrorText = styled(FieldError)`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.danger};
`;

/** An option of a select-like field; `label` is what the user reads (e.g. 'CM01: เชียงใหม่'). */
export interface FieldOption {
  readonly id: string | number;
  readonly label: string;
  /** The heading it is listed under (a day, say): a section's options stand together, sections in the order they first appear. */
  readonly section?: string;
}
