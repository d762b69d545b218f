import { type ReactNode, useRef } from 'react';
import { Dialog } from 'react-aria-components';
import { Button } from '../Button/Button.tsx';
import { messages } from '../messages.ts';
import { useShortcut } from '../Shortcuts/useShortcut.ts';
import {
  DialogActions,
  DialogBody,
  type DialogMaxWidth,
  DialogOverlay,
  DialogSurface,
  DialogTitle,
  LoadingBar,
} from './DialogFrame.tsx';

export type FormDialogMode = 'create' | 'edit' | 'show';

export interface FormDialogProps {
  readonly isOpen: boolean;
  readonly mode: FormDialogMode;
  readonly title: ReactNode;
  /** The form (or, in show mode, the read-only fields). */
  readonly children: ReactNode;
  /** Cancel, close and (when allowed) a backdrop click all end here; Escape never does. */
  readonly onClose: () => void;
  /** Id of the `<form>` in children: save submits it. Without it, save calls `onSave`. */
  readonly formId?: string;
  readonly onSave?: () => void;
  /** Shown in edit mode only, when given. */
  readonly onDelete?: () => void;
  /** The record is being fetched: loading bar, save disabled. */
  readonly isLoading?: boolean;
  /** The save request runs: loading bar, save shows its spinner, delete is disabled. */
  readonly isSaving?: boolean;
  readonly isDeleting?: boolean;
  /** A backdrop click closes the dialog unless this is false (forms with unsaved input). */
  readonly isDismissable?: boolean;
  /** Default 'sm' (600 px) as the spec's dialog default; 'md' is 900 px. */
  readonly maxWidth?: DialogMaxWidth;
  /** Take the whole max width (default, as the spec's generic dialog) or fit the content. */
  readonly fullWidth?: boolean;
  readonly saveLabel?: string;
}

export function FormDialog({
  isOpen,
  mode,
  title,
  children,
  onClose,
  formId,
  onSave,
  onDelete,
  isLoading = false,
  isSaving = false,
  isDeleting = false,
  isDismissable = true,
  maxWidth = 'sm',
  fullWidth = true,
  saveLabel = messages.save,
}: FormDialogProps) {
  const isBusy = isLoading || isSaving || isDeleting;
  const canSave = mode !== 'show';
  // Ctrl/⌘-S saves the form that holds the focus, as the save button would (never the browser's "save page").
  const dialogRef = useRef<HTMLElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  useShortcut(
    'save',
    // Through the save button itself, so the key does exactly what a click does — focus first,
    // as a click moves it: the field is blurred (touched, validated) before the form submits, not
    // while a successful save unmounts it.
    () => {
      saveRef.current?.focus();
      saveRef.current?.click();
    },
    { enabled: isOpen && canSave && !isBusy, within: dialogRef },
  );
  return (
    <DialogOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled
    >
      <DialogSurface data-max-width={maxWidth} data-full-width={fullWidth || undefined}>
        <Dialog data-mode={mode} ref={dialogRef}>
          <DialogTitle>{title}</DialogTitle>
          <LoadingBar
            isActive={isBusy}
            label={isLoading ? messages.dialogLoading : isSaving ? messages.dialogSaving : messages.working}
          />
          <DialogBody aria-busy={isBusy || undefined}>{children}</DialogBody>
          <DialogActions>
            {mode === 'edit' && onDelete && (
              <Button
                data-start=""
                variant="danger"
                onPress={onDelete}
                isLoading={isDeleting}
                isDisabled={isLoading || isSaving}
              >
                {messages.delete}
              </Button>
            )}
            <Button variant="secondary" onPress={onClose}>
              {mode === 'show' ? messages.close : messages.cancel}
            </Button>
            {canSave && (
              <Button
                ref={saveRef}
                variant="primary"
                {...(formId ? { type: 'submit' as const, form: formId } : { onPress: onSave })}
                isLoading={isSaving}
                isDisabled={isLoading || isDeleting}
              >
                {saveLabel}
              </Button>
            )}
          </DialogActions>
        </Dialog>
      </DialogSurface>
    </DialogOverlay>
  );
}
