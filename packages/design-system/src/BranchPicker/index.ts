export { type BranchOption, BranchPicker, type BranchPickerProps } from './BranchPicker.tsx';
