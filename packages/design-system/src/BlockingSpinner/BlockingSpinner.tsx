import { Dialog } from 'react-aria-components';
import styled from 'styled-components';
import { DialogOverlay, DialogSurface } from '../FormDialog/DialogFrame.tsx';
import { messages } from '../messages.ts';
import { spinnerRing } from './spinnerRing.ts';

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
          <Content aria-busy="true">
            <Spinner aria-hidden="true" />
            <span>{label}</span>
          </Content>
        </Dialog>
      </Surface>
    </DialogOverlay>
  );
}

const Surface = styled(DialogSurface)`
  min-width: 200px;
`;

const Content = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[5]} ${theme.space[6]}`};
  text-align: center;
`;

const Spinner = styled.span`
  ${spinnerRing(40, 4, 'secondary')}
`;
