export { CompareDialog, type CompareDialogProps, type ComparedField, compareText } from './CompareDialog.tsx';
