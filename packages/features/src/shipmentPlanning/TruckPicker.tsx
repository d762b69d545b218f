import { NativeSelectField } from '@lms/design-system';
import styled from 'styled-components';
import type { TruckChoice } from './truckChoices.ts';

/**
 * A stop's truck list on the board (move it, or put it on one): the browser's select (issue 41,
 * NativeSelectField). With no truck to offer it is a line saying so, read whole, instead of a
 * list with nothing in it.
 */
export function TruckPicker({
  label,
  choices,
  none,
  disabled,
  onTruck,
}: {
  readonly label: string;
  readonly choices: readonly TruckChoice[];
  /** What it says when there is no truck to offer. */
  readonly none: string;
  readonly disabled: boolean;
  readonly onTruck: (vehicleId: string) => void;
}) {
  if (choices.length === 0) return <NoTruck>{none}</NoTruck>;
  return (
    <NativeSelectField
      label={label}
      value={null}
      options={choices}
      isDisabled={disabled}
      onChange={onTruck}
    />
  );
}

const NoTruck = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
