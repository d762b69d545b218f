export type { DialogMaxWidth } from './DialogFrame.tsx';
export { FormDialog, type FormDialogMode, type FormDialogProps } from './FormDialog.tsx';
