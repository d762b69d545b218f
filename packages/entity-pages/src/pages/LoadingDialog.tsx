import { type DialogMaxWidth, FormDialog, type FormDialogMode } from '@lms/design-system';
import styled from 'styled-components';

export interface LoadingDialogProps {
  readonly mode: FormDialogMode;
  readonly title: string;
  readonly onClose: () => void;
  readonly maxWidth?: DialogMaxWidth;
}

/**
 * A dialog whose content is still on its way (its chunk, on a slow link): drawn at the press, so
 * the press is answered at once, with the loading bar and a Thai status; ยกเลิก/ปิด leaves it. The
 * list's form, import and bulk dialogs show it while their chunks load (`onDemand.tsx`).
 */
export function LoadingDialog({ maxWidth = 'md', ...props }: LoadingDialogProps) {
  return (
    <FormDialog isOpen isLoading maxWidth={maxWidth} {...props}>
      <Status role="status">กำลังโหลดแบบฟอร์ม...</Status>
    </FormDialog>
  );
}

const Status = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
