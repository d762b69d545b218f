import { Checkbox } from 'react-aria-components';
import styled from 'styled-components';
import type { FieldProps } from '../Field/Field.tsx';
import { ToggleField, toggleRow } from '../Field/ToggleField.tsx';
import { Icon } from '../Icon/Icon.tsx';

export type CheckboxFieldProps = FieldProps<boolean>;

export function CheckboxField(props: CheckboxFieldProps) {
  return (
    <ToggleField
      {...props}
      control={StyledCheckbox}
      // A checkbox tells assistive technology itself that it is required or invalid.
      validity={({ isRequired, isInvalid }) => ({ isRequired, isInvalid, validationBehavior: 'aria' })}
      indicator={<Box aria-hidden="true">{props.value && <Icon name="check" size={16} />}</Box>}
    />
  );
}

const StyledCheckbox = styled(Checkbox)`
  ${toggleRow}
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
