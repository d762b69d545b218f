import { type ReactNode, useId } from 'react';
import { Dialog } from 'react-aria-components';
import styled from 'styled-components';
import { Button } from '../Button/Button.tsx';
import {
  DialogActions,
  DialogBody,
  DialogOverlay,
  DialogSurface,
  DialogTitle,
} from '../FormDialog/DialogFrame.tsx';
import { Icon } from '../Icon/Icon.tsx';
import { messages } from '../messages.ts';

export type ConfirmDialogVariant = 'default' | 'danger';

export interface ConfirmDialogProps {
  readonly isOpen: boolean;
  readonly title: ReactNode;
  readonly message: ReactNode;
  readonly onConfirm: () => void;
  /** Cancel button and Escape (not while pending). */
  readonly onCancel: () => void;
  readonly confirmLabel?: string;
  readonly cancelLabel?: string;
  /** Danger: red confirm button, warning icon, and focus starts on cancel. */
  readonly variant?: ConfirmDialogVariant;
  /** The confirmed action runs: confirm shows a spinner, cancel and Escape are disabled. */
  readonly isPending?: boolean;
}

export function ConfirmDialog({
  isOpen,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel = messages.confirm,
  cancelLabel = messages.cancel,
  variant = 'default',
  isPending = false,
}: ConfirmDialogProps) {
  const isDanger = variant === 'danger';
  const messageId = useId();
  return (
    <DialogOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && !isPending && onCancel()}
      isDismissable={false}
      isKeyboardDismissDisabled={isPending}
    >
      <DialogSurface data-max-width="xs" data-full-width="">
        <Dialog role="alertdialog" aria-describedby={messageId} data-variant={variant}>
          <TitleRow>
            {isDanger && <Icon name="warning" />}
            <DialogTitle>{title}</DialogTitle>
          </TitleRow>
          <DialogBody>
            <Message id={messageId}>{message}</Message>
          </DialogBody>
          <DialogActions>
            <Button variant="secondary" onPress={onCancel} isDisabled={isPending} autoFocus={isDanger}>
              {cancelLabel}
            </Button>
            <Button
              variant={isDanger ? 'danger' : 'primary'}
              onPress={onConfirm}
              isLoading={isPending}
              autoFocus={!isDanger}
            >
              {confirmLabel}
            </Button>
          </DialogActions>
        </Dialog>
      </DialogSurface>
    </DialogOverlay>
  );
}

const TitleRow = styled.div`
  display: flex;
  align-items: center;
  padding-inline-start: ${({ theme }) => theme.space[5]};

  & > svg { color: ${({ theme }) => theme.color.danger}; }
  & > h2 { padding-inline-start: ${({ theme }) => theme.space[2]}; }
  & > h2:first-child { padding-inline-start: 0; }
`;

const Message = styled.div`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;
