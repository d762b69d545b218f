import { Button } from '@lms/design-system';
import {
  type BranchesAnswer,
  branchesTables,
  type CompanyRecords,
  can,
  companyRecords,
  companyRecordsEntity,
  companyRowRecords,
  type FigureTable,
  type FigureTableKey,
  messagesOfError,
  monthPeriod,
  phrase,
} from '@lms/domain';
import { useSession } from '@lms/entity-pages';
import { Suspense, useState } from 'react';
import styled from 'styled-components';
import type { Navigate } from '../home/CountLink.tsx';
import { BranchRecordsList } from './BranchRecordsList.tsx';
import { askedBranches, type BranchScope } from './branchScope.ts';
import { FigureTableView } from './FigureTableView.tsx';
import { Headline } from './Headline.tsx';
import { BranchChart, FailureChart, HoursChart, TruckUseChart } from './lazyCharts.ts';
import { MonthBegun } from './MonthBegun.tsx';
import { useBranchesPerformance } from './performanceApi.ts';
import { performanceText as text } from './performanceText.ts';

function chartOf(table: FigureTable, answer: BranchesAnswer) {
  const title = phrase('แผนภูมิ', table.title);
  if (table.key === 'failures') return <FailureChart bars={answer.company.current.failures} title={title} />;
  if (table.key === 'byVehicleType')
    return <TruckUseChart rows={answer.company.truckUse.byVehicleType} title={title} />;
  if (table.key === 'hoursByVehicleType')
    return <HoursChart rows={answer.company.truckHours.byVehicleType} title={title} />;
  if (table.key === 'branches') return <BranchChart branches={answer.branches} title={title} />;
  return null;
}

/** The address of one branch's screen for the month: the host switches the acting branch on `branch`. */
export const branchScreenHref = (month: string, branchId: string) =>
  `/performance?month=${month}&branch=${branchId}`;

/**
 * Several branches' month (docs/performance-figures.md "ทุกสาขาที่ดูได้"): the company's headline
 * figures (summed tallies: each opens the records it counts across these branches below the tiles,
 * stops, trips or bookings, for a reader of that one-branch list), its failures (a reason's row
 * opens its failed stops across these branches, below the table) and truck use per vehicle type
 * (a type's row opens its trips across these branches, below the table; `companyRowRecords`), its
 * empty and full days and hours per vehicle type (each branch's own added up, "นับถึงวันที่ …" while
 * the month runs; a type's row opens its trips too), then the branches side by side, each row
 * opening that branch's screen.
 */
export function BranchesView({
  month,
  scope,
  navigate,
  onMonthChange,
}: {
  readonly month: string;
  readonly scope: BranchScope;
  readonly navigate?: Navigate | undefined;
  readonly onMonthChange: (month: string) => void;
}) {
  const figures = useBranchesPerformance(month, askedBranches(scope));
  const period = monthPeriod(month);
  const { user } = useSession();
  // Each list is read under its one-branch list's rule (the stop list, shipments, bookings).
  const reads = (records: CompanyRecords | null) =>
    records !== null && can(user?.roles, companyRecordsEntity[records.kind], 'read').can;
  // What is open: the records behind a tile (under the tiles) or a table's row (under its table).
  const [opened, setOpened] = useState<{
    at: FigureTableKey;
    key: string;
    records: CompanyRecords;
  } | null>(null);
  const list = (at: FigureTableKey) =>
    opened?.at === at ? (
      <BranchRecordsList
        key={opened.key}
        period={period}
        branchIds={askedBranches(scope)}
        records={opened.records}
        onClose={() => setOpened(null)}
      />
    ) : null;
  const answer = figures.data;
  if (figures.error)
    return (
      <Problem role="alert">
        {messagesOfError(figures.error).join(' ')}{' '}
        <Button size="sm" onPress={() => void figures.mutate()}>
          ลองใหม่
        </Button>
      </Problem>
    );
  if (!answer) return <p role="status">{text.loading}</p>;
  if (answer.branches.length === 0) return <p role="status">{text.noBranches}</p>;
  return (
    <>
      <h2>{text.companyHeading(answer.branches.length)}</h2>
      <MonthBegun
        month={month}
        current={answer.company.current}
        previous={answer.company.previous}
        onMonthChange={onMonthChange}
      />
      <Headline
        current={answer.company.current}
        previous={answer.company.previous}
        period={period}
        linked={false}
        open={(key) => {
          const records = companyRecords(key);
          return records && reads(records) ? () => setOpened({ at: 'headline', key, records }) : null;
        }}
      />
      {list('headline')}
      {branchesTables(answer)
        .filter((table) => table.key !== 'headline')
        .map((table) => (
          <FigureTableView
            key={table.key}
            table={table}
            rowLink={
              table.key === 'branches'
                ? (branchId) => ({ href: branchScreenHref(month, branchId), label: text.openBranch })
                : undefined
            }
            rowOpens={(rowId) => {
              const label = String(table.rows[table.rowIds.indexOf(rowId)]?.[0] ?? '');
              const records = companyRowRecords(table.key, rowId, label);
              return records && reads(records)
                ? () => setOpened({ at: table.key, key: rowId, records })
                : null;
            }}
            after={list(table.key)}
            navigate={navigate}
          >
            {table.rows.length > 0 && (
              <Suspense fallback={<p role="status">{text.loadingChart}</p>}>
                {chartOf(table, answer)}
              </Suspense>
            )}
          </FigureTableView>
        ))}
    </>
  );
}

const Problem = styled.p`
  color: ${({ theme }) => theme.color.danger};
`;
