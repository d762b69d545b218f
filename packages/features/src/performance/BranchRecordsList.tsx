import { Button, DataGrid, type DataGridColumn, useEra, useSnackbar } from '@lms/design-system';
import {
  branchColumn,
  branchRecordsColumns,
  type CompanyRecords,
  formatDate,
  messagesOfError,
  type Period,
  type RecordColumn,
  recordCellText,
} from '@lms/domain';
import { type ApiError, PageCursors, saveBlob } from '@lms/entity-pages';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { usePerformanceApi } from './performanceApi.ts';
import { performanceText as text } from './performanceText.ts';

type Row = { readonly id: string; readonly branchLabel: string };

/** The domain's columns (`branchRecordsColumns`, the workbook's too) as the grid's: days in the user's era. */
function gridColumns(records: CompanyRecords, era: { buddhistEra: boolean }): DataGridColumn<Row>[] {
  const day = (iso: string) => formatDate(iso, era);
  const columns = [branchColumn, ...branchRecordsColumns[records.kind]] as RecordColumn<Row>[];
  return columns.map((column, index) => ({
    key: column.key,
    header: column.header,
    width: column.width,
    ...(index === 0 ? { pin: 'start' as const, alwaysVisible: true } : {}),
    ...(column.key === 'drops' || column.key === 'km' || column.key === 'minutes'
      ? { align: 'end' as const }
      : {}),
    render: (row: Row) => recordCellText(column.cell(row), day),
  }));
}

/**
 * The records behind a company figure (docs/performance-figures.md "ทุกสาขาที่ดูได้"): the branches
 * the screen adds up, the period, the figure's narrowing (`companyRecords`): stops, trips or
 * bookings, a page at a time (the next one `after` where the one before ended), each row with its branch. Read only, as the one-branch lists; opened
 * in the page, focused, and closed by its button.
 */
export function BranchRecordsList({
  period,
  branchIds,
  records,
  onClose,
}: {
  readonly period: Period;
  readonly branchIds: readonly string[] | undefined;
  readonly records: CompanyRecords;
  readonly onClose: () => void;
}) {
  const performance = usePerformanceApi();
  const [page, setPage] = useState(1);
  const era = useEra();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Where each page ended (`next`): the page after it is read from there (keyset paging, docs/api.md).
  const cursors = useRef(new PageCursors());
  const shape = [
    'performance-branches-records',
    branchIds?.join(',') ?? 'all',
    period.from,
    period.to,
    JSON.stringify(records),
  ];
  const answer = useSWR<
    { total: number; page: number; pageSize: number; rows: readonly Row[]; next?: string },
    ApiError
  >(
    [...shape, page],
    async () => {
      const key = JSON.stringify(shape);
      const found = await performance.branchesRecords(
        period,
        branchIds,
        records,
        page,
        cursors.current.afterFor(key, page),
      );
      cursors.current.remember(key, page, found.next);
      return found;
    },
    { keepPreviousData: true },
  );
  const columns = gridColumns(records, era);
  const data = answer.data;
  const snackbar = useSnackbar();
  const [exporting, setExporting] = useState(false);
  // The whole list as a workbook (every page, the same narrowing), not the page on screen.
  const exportExcel = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await performance.branchesRecordsExcel(period, branchIds, records);
      saveBlob(blob, fileName ?? `performance-${records.kind}-${period.from}-${period.to}.xlsx`);
    } catch (error) {
      snackbar.error(messagesOfError(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Section aria-labelledby="company-records">
      <Heading>
        <h3 id="company-records" ref={heading} tabIndex={-1}>
          {records.title}
        </h3>
        <Actions>
          <Button
            size="sm"
            onPress={() => void exportExcel()}
            isLoading={exporting}
            isDisabled={!data || data.total === 0}
          >
            {text.excel}
          </Button>
          <Button size="sm" onPress={onClose}>
            {text.closeStops}
          </Button>
        </Actions>
      </Heading>
      <DataGrid
        label={records.title}
        columns={columns}
        rows={data?.rows ?? []}
        getRowKey={(row) => row.id}
        isLoading={!data && !answer.error}
        error={answer.error ? messagesOfError(answer.error).join(' ') : null}
        onRetry={() => void answer.mutate()}
        emptyMessage={text.empty}
        {...(data && data.total > data.pageSize
          ? {
              paging: {
                page: data.page,
                pageSize: data.pageSize,
                total: data.total,
                onPageChange: setPage,
                onPageSizeChange: () => undefined,
                pageSizes: [data.pageSize],
              },
            }
          : {})}
      />
    </Section>
  );
}

const Section = styled.section`
  margin: 0 0 1.5rem;
  @media print {
    display: none;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
`;

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  align-items: center;
  justify-content: space-between;
  h3 {
    margin: 0;
  }
`;
