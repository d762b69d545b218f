import { Switch } from 'react-aria-components';
import styled from 'styled-components';
import type { FieldProps } from '../Field/Field.tsx';
import { ToggleField, toggleRow } from '../Field/ToggleField.tsx';

export type SwitchFieldProps = FieldProps<boolean>;

/** An on/off setting that applies as a state (e.g. shift of day active), not a consent. */
export function SwitchField(props: SwitchFieldProps) {
  return (
    <ToggleField
      {...props}
      control={StyledSwitch}
      // react-aria's Switch has no required or invalid state: the attribute only marks the track.
      validity={({ isInvalid }) => ({ 'data-invalid': isInvalid || undefined })}
      indicator={
        <Track aria-hidden="true">
          <Thumb />
        </Track>
      }
    />
  );
}

const StyledSwitch = styled(Switch)`
  ${toggleRow}
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
