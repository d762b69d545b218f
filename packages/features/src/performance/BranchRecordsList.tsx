import { Button, DataGrid, type DataGridColumn, useBuddhistEra } from '@lms/design-system';
import {
  type BranchBooking,
  type BranchStop,
  type BranchTrip,
  type CompanyRecords,
  callStatusOptions,
  failureReasonOptions,
  formatDate,
  formatNumber,
  messagesOfError,
  type Period,
  stopStatusOptions,
} from '@lms/domain';
import { type ApiError, PageCursors } from '@lms/entity-pages';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import useSWR from 'swr';
import { usePerformanceApi } from './performanceApi.ts';
import { performanceText as text } from './performanceText.ts';

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  options.find((o) => o.value === value)?.label ?? '';

const yesNo = (value: boolean) => (value ? 'ใช่' : 'ไม่');

type Era = { buddhistEra: boolean };
type Row = { readonly id: string; readonly branchLabel: string };

const branch: DataGridColumn<Row> = {
  key: 'branch',
  header: 'สาขา',
  width: 200,
  pin: 'start',
  alwaysVisible: true,
  render: (r) => r.branchLabel,
};
const day = (era: Era, value: string | null) => (value ? formatDate(value, era) : '');

/** Each kind's columns after the branch: what its figures count, as the one-branch lists show it. */
const columnsOf = {
  stops: (era: Era): DataGridColumn<BranchStop>[] => [
    { key: 'day', header: 'วันที่ของกะ', width: 120, render: (r) => day(era, r.shiftDate) },
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
  ],
  trips: (era: Era): DataGridColumn<BranchTrip>[] => [
    { key: 'day', header: 'วันที่ของกะ', width: 120, render: (r) => day(era, r.shiftDate) },
    { key: 'truck', header: 'รถ', width: 140, render: (r) => r.vehicleLabel },
    { key: 'drops', header: 'จุดที่ส่งได้', width: 110, align: 'end', render: (r) => formatNumber(r.drops, 0) },
    {
      key: 'km',
      header: 'ระยะทาง กม.',
      width: 120,
      align: 'end',
      render: (r) => formatNumber(r.distanceKm, 1),
    },
    {
      key: 'minutes',
      header: 'เวลาวิ่ง นาที',
      width: 120,
      align: 'end',
      render: (r) => formatNumber(r.minutes, 0),
    },
  ],
  bookings: (era: Era): DataGridColumn<BranchBooking>[] => [
    { key: 'shipTo', header: 'สถานที่ส่ง', width: 240, render: (r) => r.shipToName },
    { key: 'doc', header: 'วันที่เอกสาร', width: 120, render: (r) => day(era, r.docDate) },
    { key: 'confirmed', header: 'วันที่จอง', width: 120, render: (r) => day(era, r.confirmedOn) },
    { key: 'delivery', header: 'วันที่ส่ง', width: 120, render: (r) => day(era, r.deliveryDate) },
    { key: 'call', header: 'การนัดหมาย', width: 150, render: (r) => labelOf(callStatusOptions, r.callStatus) },
  ],
};

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
  const era = { buddhistEra: useBuddhistEra(undefined) };
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
  const columns = [branch, ...(columnsOf[records.kind](era) as DataGridColumn<Row>[])];
  const data = answer.data;
  return (
    <Section aria-labelledby="company-records">
      <Heading>
        <h3 id="company-records" ref={heading} tabIndex={-1}>
          {records.title}
        </h3>
        <Button size="sm" onPress={onClose}>
          {text.closeStops}
        </Button>
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
