import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { VisuallyHidden, visuallyHidden } from '../Button/buttonLook.tsx';
import { messages } from '../messages.ts';

/** A field label's look, for react-aria's label (`FieldLabel`) and a plain one (`PlainFieldLabel`). */
export const labelLook = css`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.color.text};
  &[data-hidden] { ${visuallyHidden} }
`;

export interface LabelMarkProps {
  readonly children: ReactNode;
  readonly isRequired?: boolean | undefined;
  readonly isReadOnly?: boolean | undefined;
  readonly isHidden?: boolean | undefined;
}

/** The label's text with the required mark ('*' plus Thai text for screen readers), never on read-only fields. */
export function LabelText({ children, isRequired, isReadOnly }: LabelMarkProps) {
  return (
    <>
      {children}
      {isRequired && !isReadOnly && (
        <>
          <RequiredMark aria-hidden="true"> *</RequiredMark>
          <VisuallyHidden> ({messages.required})</VisuallyHidden>
        </>
      )}
    </>
  );
}

/**
 * `FieldLabel` as a plain `<label for>`, outside react-aria's fields: the sign-in's plain fields
 * (apps/web's `SignInField`), so the staff shell loads no react-aria (issue 41).
 */
export function PlainFieldLabel({
  htmlFor,
  isHidden,
  ...text
}: LabelMarkProps & { readonly htmlFor: string }) {
  return (
    <PlainLabel htmlFor={htmlFor} data-hidden={isHidden || undefined}>
      <LabelText {...text} />
    </PlainLabel>
  );
}

const PlainLabel = styled.label`
  ${labelLook}
`;

const RequiredMark = styled.span`
  color: ${({ theme }) => theme.color.danger};
`;
