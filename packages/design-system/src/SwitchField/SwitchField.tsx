import { Switch } from 'react-aria-components';
import styled from 'styled-components';
import { FieldLabel, type FieldProps, visibleError } from '../Field/Field.tsx';
import { ToggleLayout } from '../Field/ToggleLayout.tsx';

export type SwitchFieldProps = FieldProps<boolean>;

/** An on/off setting that applies as a state (e.g. shift of day active), not a consent. */
export function SwitchField({
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
}: SwitchFieldProps) {
  const shownError = visibleError(error, touched);
  return (
    <ToggleLayout description={description} error={shownError}>
      {(describedBy) => (
        <StyledSwitch
          {...props}
          className={className}
          isSelected={value}
          onChange={onChange}
          isReadOnly={isReadOnly}
          aria-describedby={describedBy}
          data-invalid={shownError !== undefined || undefined}
        >
          <Track aria-hidden="true">
            <Thumb />
          </Track>
          <FieldLabel elementType="span" isRequired={isRequired} isReadOnly={isReadOnly}>
            {label}
          </FieldLabel>
        </StyledSwitch>
      )}
    </ToggleLayout>
  );
}

const StyledSwitch = styled(Switch)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ theme }) => theme.size.inputHeight};
  cursor: pointer;

  &[data-disabled] { cursor: not-allowed; color: ${({ theme }) => theme.color.disabledText}; }
`;

const Track = styled.span`
  position: relative;
  flex-shrink: 0;
  width: 40px;
  height: 24px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.textMuted};
  transition: background-color ${({ theme }) => theme.motion.fast};

  [data-selected] > & { background: ${({ theme }) => theme.color.primary}; }
  [data-invalid] > & { outline: 2px solid ${({ theme }) => theme.color.danger}; }
  [data-focus-visible] > & { box-shadow: 0 0 0 2px ${({ theme }) => theme.color.surface}, 0 0 0 4px ${({ theme }) => theme.color.focus}; }
  [data-disabled] > & { background: ${({ theme }) => theme.color.disabledBackground}; }
`;

const Thumb = styled.span`
  position: absolute;
  top: 3px;
  left: 3px;
  width: 18px;
  height: 18px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.surface};
  transition: transform ${({ theme }) => theme.motion.fast};

  [data-selected] > span > & { transform: translateX(16px); }
`;
