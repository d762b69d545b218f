import { ConfirmDialog } from '@lms/design-system';
import { unsavedText } from '@lms/entity-pages';

/** "Leave without saving?" (UnsavedChangesGuard): its own chunk, loaded the first time a leave is blocked. */
export function LeaveDialog({
  isOpen,
  onLeave,
  onStay,
}: {
  readonly isOpen: boolean;
  readonly onLeave: () => void;
  readonly onStay: () => void;
}) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      variant="danger"
      title={unsavedText.title}
      message={unsavedText.message}
      confirmLabel={unsavedText.leave}
      cancelLabel={unsavedText.stay}
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}
