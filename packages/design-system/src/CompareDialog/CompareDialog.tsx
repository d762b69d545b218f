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

/** One field whose value differs: what this form holds and what was saved meanwhile, as the user reads them. */
export interface ComparedField {
  readonly name: string;
  /** The field's Thai label. */
  readonly label: string;
  readonly mine: string;
  readonly saved: string;
}

export interface CompareDialogProps {
  readonly isOpen: boolean;
  /** Who saved meanwhile and when, if known (`บันทึกโดย สมชาย เมื่อ 14:05`). */
  readonly savedBy?: string | undefined;
  /** The fields that differ; empty: the other save changed nothing this form shows. */
  readonly fields: readonly ComparedField[];
  /** Take the saved values: the form starts again from them. */
  readonly onUseSaved: () => void;
  /** Keep this form's values over the saved ones: the next save overwrites them. */
  readonly onKeepMine: () => void;
  /** Back to the form, nothing decided. */
  readonly onClose: () => void;
}

export const compareText = {
  title: 'เปรียบเทียบกับข้อมูลที่บันทึกล่าสุด',
  field: 'ช่องข้อมูล',
  mine: 'ค่าของคุณ',
  saved: 'ค่าที่บันทึกล่าสุด',
  none: 'ค่าที่แสดงในฟอร์มนี้ไม่ต่างจากที่บันทึกล่าสุด',
  count: (n: number) => `ต่างกัน ${n.toLocaleString('th-TH')} ช่อง`,
  useSaved: 'ใช้ค่าที่บันทึกล่าสุด',
  keepMine: 'ใช้ค่าของฉันแทน',
  back: 'กลับไปแก้ไข',
} as const;

/**
 * A stale save (409), side by side (issue 22 item 7): per field, this form's value and the one
 * saved meanwhile. The user takes theirs, keeps their own (the next save overwrites), or goes back.
 */
export function CompareDialog({
  isOpen,
  savedBy,
  fields,
  onUseSaved,
  onKeepMine,
  onClose,
}: CompareDialogProps) {
  return (
    <DialogOverlay isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable>
      <DialogSurface data-max-width="md" data-full-width="">
        <Dialog>
          <DialogTitle>{compareText.title}</DialogTitle>
          {/* Long values scroll the body: it takes the keyboard focus so they can be read without a mouse. */}
          <DialogBody tabIndex={0} role="group" aria-label={compareText.title}>
            <Summary>
              {savedBy && <span>{savedBy}</span>}
              <span>{fields.length === 0 ? compareText.none : compareText.count(fields.length)}</span>
            </Summary>
            {fields.length > 0 && (
              <Table>
                <thead>
                  <tr>
                    <th scope="col">{compareText.field}</th>
                    <th scope="col">{compareText.mine}</th>
                    <th scope="col">{compareText.saved}</th>
                  </tr>
                </thead>
                <tbody>
                  {fields.map((field) => (
                    <tr key={field.name}>
                      <th scope="row">{field.label}</th>
                      <td data-label={compareText.mine} data-side="mine">
                        {field.mine}
                      </td>
                      <td data-label={compareText.saved} data-side="saved">
                        {field.saved}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </DialogBody>
          <DialogActions>
            <Button variant="secondary" onPress={onClose}>
              {compareText.back}
            </Button>
            <Button variant="secondary" onPress={onKeepMine}>
              {compareText.keepMine}
            </Button>
            <Button onPress={onUseSaved} autoFocus>
              {compareText.useSaved}
            </Button>
          </DialogActions>
        </Dialog>
      </DialogSurface>
    </DialogOverlay>
  );
}

const Summary = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0 0 ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  table-layout: fixed;
  & th, & td {
    padding: ${({ theme }) => theme.space[2]};
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    text-align: left;
    vertical-align: top;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  & thead th { color: ${({ theme }) => theme.color.textMuted}; font-weight: ${({ theme }) => theme.font.weight.medium}; }
  & td[data-side='mine'] { background: #fff4e5; }
  & td[data-side='saved'] { background: #eaf5ec; }
  /* A phone: one card per field, each value under its own caption. */
  @media (max-width: 599px) {
    & thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    & tr { display: block; padding: ${({ theme }) => theme.space[2]} 0; border-bottom: 1px solid ${({ theme }) => theme.color.border}; }
    & th, & td { display: block; border: none; }
    & td::before { content: attr(data-label); display: block; font-size: ${({ theme }) => theme.font.size.sm}; color: ${({ theme }) => theme.color.textMuted}; }
  }
`;
