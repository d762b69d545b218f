import { type ComponentType, type ReactNode, useId } from 'react';
import styled, { css } from 'styled-components';
import { Description, FieldLabel, type FieldProps, visibleError } from './Field.tsx';
import { fieldColumn } from './fieldStyles.ts';

/** How a toggle tells it is required and invalid; react-aria's Checkbox and Switch differ here. */
interface Validity {
  readonly isRequired?: boolean | undefined;
  readonly isInvalid?: boolean;
  readonly validationBehavior?: 'aria';
  readonly 'data-invalid'?: true | undefined;
}

/** What ToggleField hands its react-aria control (Checkbox or Switch). */
interface ToggleControlProps
  extends Validity,
    Omit<FieldProps<boolean>, 'label' | 'value' | 'description' | 'error' | 'touched' | 'isRequired'> {
  readonly isSelected: boolean;
  readonly 'aria-describedby'?: string | undefined;
  readonly children: ReactNode;
}

export interface ToggleFieldProps extends FieldProps<boolean> {
  /** The react-aria control, styled with `toggleRow`. */
  readonly control: ComponentType<ToggleControlProps>;
  /** What is drawn before the label: a box with a tick, a track with a thumb. */
  readonly indicator: ReactNode;
  /** The props by which the control tells the field's required and invalid state. */
  readonly validity: (state: { isRequired: boolean | undefined; isInvalid: boolean }) => Validity;
}

/**
 * A boolean field (checkbox, switch). The label sits inside the control, so react-aria's field
 * slots do not apply: description and error are laid out under it and their ids handed to it.
 */
export function ToggleField({
  control: Control,
  indicator,
  validity,
  label,
  description,
  error,
  touched,
  value,
  isRequired,
  ...props
}: ToggleFieldProps) {
  const descriptionId = useId();
  const errorId = useId();
  const shownError = visibleError(error, touched);
  const describedBy =
    [description && descriptionId, shownError && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Column>
      <Control
        {...props}
        {...validity({ isRequired, isInvalid: shownError !== undefined })}
        isSelected={value}
        aria-describedby={describedBy}
      >
        {indicator}
        <FieldLabel elementType="span" isRequired={isRequired} isReadOnly={props.isReadOnly}>
          {label}
        </FieldLabel>
      </Control>
      {description && <Description id={descriptionId}>{description}</Description>}
      {shownError && <ToggleError id={errorId}>{shownError}</ToggleError>}
    </Column>
  );
}

/** A toggle is one row, indicator then label, and the whole row is the click target. */
export const toggleRow = css`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ theme }) => theme.size.inputHeight};
  cursor: pointer;

  &[data-disabled] { cursor: not-allowed; color: ${({ theme }) => theme.color.disabledText}; }
`;

const Column = styled.div`
  ${fieldColumn}
`;

const ToggleError = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.danger};
`;
