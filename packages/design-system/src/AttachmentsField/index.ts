export { type AttachmentItem, AttachmentsField, type AttachmentsFieldProps } from './AttachmentsField.tsx';
