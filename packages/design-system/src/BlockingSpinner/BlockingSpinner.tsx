import { Dialog } from 'react-aria-components';
import styled from 'styled-components';
import { DialogOverlay, DialogSurface } from '../FormDialog/DialogFrame.tsx';
import { messages } from '../messages.ts';
import { SpinnerContent, SpinnerRing } from './spinnerParts.ts';

export interface BlockingSpinnerProps {
  readonly isActive: boolean;
  /** Default 'กำลังโหลด...'. */
  readonly label?: string;
}

/**
 * Covers the whole screen while a blocking operation runs (branch switch, bulk save):
 * nothing behind it can be clicked or focused, and neither Escape nor a click dismisses it.
 */
export function BlockingSpinner({ isActive, label = messages.loading }: BlockingSpinnerProps) {
  return (
    <DialogOverlay isOpen={isActive} isDismissable={false} isKeyboardDismissDisabled>
      <Surface>
        <Dialog aria-label={label}>
          <SpinnerContent aria-busy="true">
            <SpinnerRing aria-hidden="true" />
            <span>{label}</span>
          </SpinnerContent>
        </Dialog>
      </Surface>
    </DialogOverlay>
  );
}

const Surface = styled(DialogSurface)`
  min-width: 200px;
`;
