import { Button, DataGrid, type DataGridColumn, useBuddhistEra } from '@lms/design-system';
import {
  type BranchesStops,
  type BranchStop,
  type CompanyStops,
  failureReasonOptions,
  formatDate,
  messagesOfError,
  type Period,
  stopStatusOptions,
} from '@lms/domain';
import type { ApiError } from '@lms/entity-pages';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { usePerformanceApi } from './performanceApi.ts';
import { performanceText as text } from './performanceText.ts';

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  options.find((o) => o.value === value)?.label ?? '';

const yesNo = (value: boolean) => (value ? 'ใช่' : 'ไม่');

/**
 * The stops behind a company figure (docs/performance-figures.md "ทุกสาขาที่ดูได้"): the branches
 * the screen adds up, the period, the figure's outcomes (`companyStops`), a page at a time, each row
 * with its branch. Read only, as the one-branch stop list; opened under the tiles, focused, and
 * closed by its button (focus goes back to the tile by the caller).
 */
export function BranchStopsList({
  period,
  branchIds,
  stops,
  onClose,
}: {
  readonly period: Period;
  readonly branchIds: readonly string[] | undefined;
  readonly stops: CompanyStops;
  readonly onClose: () => void;
}) {
  const performance = usePerformanceApi();
  const [page, setPage] = useState(1);
  const era = { buddhistEra: useBuddhistEra(undefined) };
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const answer = useSWR<BranchesStops, ApiError>(
    ['performance-branches-stops', branchIds?.join(',') ?? 'all', period.from, period.to, stops.title, page],
    () => performance.branchesStops(period, branchIds, stops.statuses, page),
    { keepPreviousData: true },
  );
  const columns: DataGridColumn<BranchStop>[] = [
    {
      key: 'branch',
      header: 'สาขา',
      width: 200,
      pin: 'start',
      alwaysVisible: true,
      render: (r) => r.branchLabel,
    },
    { key: 'day', header: 'วันที่ของกะ', width: 120, render: (r) => formatDate(r.shiftDate, era) },
    { key: 'shipTo', header: 'สถานที่ส่ง', width: 240, render: (r) => r.shipToName },
    { key: 'status', header: 'ผลการส่ง', width: 130, render: (r) => labelOf(stopStatusOptions, r.status) },
    {
      key: 'reason',
      header: 'สาเหตุที่ส่งไม่สำเร็จ',
      width: 180,
      render: (r) => labelOf(failureReasonOptions, r.reason),
    },
    { key: 'onTime', header: 'ตรงเวลา', width: 90, render: (r) => yesNo(r.onTime) },
    { key: 'inFull', header: 'ส่งครบ', width: 90, render: (r) => yesNo(r.inFull) },
  ];
  const data = answer.data;
  return (
    <Section aria-labelledby="company-stops">
      <Heading>
        <h3 id="company-stops" ref={heading} tabIndex={-1}>
          {stops.title}
        </h3>
        <Button size="sm" onPress={onClose}>
          {text.closeStops}
        </Button>
      </Heading>
      <DataGrid
        label={stops.title}
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
