import { FormDialog } from '@lms/design-system';
import { type BulkActionAnswer, bulkText, type EntityDef, phrase } from '@lms/domain';
import styled from 'styled-components';

export interface BulkReportDialogProps {
  readonly entity: EntityDef;
  readonly answer: BulkActionAnswer;
  readonly onClose: () => void;
}

/** What a bulk action did, and each row it left alone with the server's Thai reasons. */
export function BulkReportDialog({ entity, answer, onClose }: BulkReportDialogProps) {
  return (
    <FormDialog isOpen mode="show" title={phrase(bulkText.reportTitle, entity.title)} onClose={onClose}>
      <Summary>
        <li>{bulkText.done(answer.action, answer.done)}</li>
        <li>{bulkText.refusedCount(answer.refused.length)}</li>
      </Summary>
      <Heading>{bulkText.refusedHeader}</Heading>
      {/* Focusable: a long list scrolls, and the keyboard must reach it (axe: scrollable-region-focusable). */}
      <Refusals aria-label={bulkText.refusedHeader} tabIndex={0}>
        {answer.refused.map((row) => (
          <li key={row.id}>
            <strong>{row.label}</strong>
            <ul>
              {row.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </li>
        ))}
      </Refusals>
    </FormDialog>
  );
}

const Summary = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space[3]};
  padding-inline-start: ${({ theme }) => theme.space[4]};
`;

const Heading = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: 1em;
`;

const Refusals = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  max-height: 50vh;
  overflow-y: auto;
  & > li {
    padding: ${({ theme }) => theme.space[2]} 0;
    border-top: 1px solid ${({ theme }) => theme.color.border};
    overflow-wrap: anywhere;
  }
  & ul {
    margin: ${({ theme }) => theme.space[1]} 0 0;
    padding-inline-start: ${({ theme }) => theme.space[4]};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
