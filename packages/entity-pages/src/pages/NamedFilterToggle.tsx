import { Button, Icon, VisuallyHidden } from '@lms/design-system';
import type { NamedFilterDef } from '@lms/domain';
import { useId } from 'react';

/**
 * A declared yes/no filter (the booking report's "ต้องโทร", the DO list's "ส่งไม่สำเร็จ รอจองใหม่") as a
 * toggle beside the filters: its label on the button, its description read with it. The DO
 * Booking's first step shows the same toggle for the same filter.
 */
export function NamedFilterToggle({
  named,
  isOn,
  onChange,
}: {
  readonly named: NamedFilterDef;
  readonly isOn: boolean;
  readonly onChange: (on: boolean) => void;
}) {
  const descriptionId = useId();
  return (
    <>
      <Button
        variant={isOn ? 'primary' : 'secondary'}
        icon={<Icon name={isOn ? 'check' : 'filter'} size={18} />}
        aria-pressed={isOn}
        aria-describedby={descriptionId}
        onPress={() => onChange(!isOn)}
      >
        {named.label}
      </Button>
      <VisuallyHidden id={descriptionId}>{named.description}</VisuallyHidden>
    </>
  );
}
