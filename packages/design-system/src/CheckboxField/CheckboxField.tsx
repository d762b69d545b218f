import { Checkbox } from 'react-aria-components';
import styled from 'styled-components';
import { FieldLabel, type FieldProps, visibleError } from '../Field/Field.tsx';
import { ToggleLayout } from '../Field/ToggleLayout.tsx';
import { Icon } from '../Icon/Icon.tsx';

export type CheckboxFieldProps = FieldProps<boolean>;

export function CheckboxField({
  label,
  description,
  error,
  touched,
  value,
  onChange,
  isRequired,
  isReadOnly,
  className,
  ...props
}: CheckboxFieldProps) {
  const shownError = visibleError(error, touched);
  return (
    <ToggleLayout description={description} error={shownError}>
      {(describedBy) => (
        <StyledCheckbox
          {...props}
          className={className}
          isSelected={value}
          onChange={onChange}
          isRequired={isRequired}
          isReadOnly={isReadOnly}
          isInvalid={shownError !== undefined}
          validationBehavior="aria"
          aria-describedby={describedBy}
        >
          <Box aria-hidden="true">{value && <Icon name="check" size={16} />}</Box>
          <FieldLabel elementType="span" isRequired={isRequired} isReadOnly={isReadOnly}>
            {label}
          </FieldLabel>
        </StyledCheckbox>
      )}
    </ToggleLayout>
  );
}

const StyledCheckbox = styled(Checkbox)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ theme }) => theme.size.inputHeight};
  cursor: pointer;

  &[data-disabled] { cursor: not-allowed; color: ${({ theme }) => theme.color.disabledText}; }
`;

const Box = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 20px;
  height: 20px;
  border: 2px solid ${({ theme }) => theme.color.textMuted};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.primaryText};

  [data-selected] > & { background: ${({ theme }) => theme.color.primary}; border-color: ${({ theme }) => theme.color.primary}; }
  [data-invalid] > & { border-color: ${({ theme }) => theme.color.danger}; }
  [data-focus-visible] > & { box-shadow: 0 0 0 2px ${({ theme }) => theme.color.surface}, 0 0 0 4px ${({ theme }) => theme.color.focus}; }
  [data-disabled] > & { border-color: ${({ theme }) => theme.color.disabledText}; background: ${({ theme }) => theme.color.disabledBackground}; }
  [data-disabled][data-selected] > & { background: ${({ theme }) => theme.color.disabledText}; }
`;
