import { Button, SelectField, useEra, useSnackbar } from '@lms/design-system';
import {
  type FigureTable,
  figureRowLink,
  formatMonth,
  messagesOfError,
  monthPeriod,
  type PerformanceAnswer,
  performanceTables,
  periodWords,
  phrase,
  previousPeriod,
} from '@lms/domain';
import { Page, PageHeader, saveBlob, useSession } from '@lms/entity-pages';
import { Suspense, useState } from 'react';
import styled from 'styled-components';
import type { Navigate } from '../home/CountLink.tsx';
import { BranchesView } from './BranchesView.tsx';
import { BranchScopePicker } from './BranchScopePicker.tsx';
import { askedBranches, type BranchScope, ONE_BRANCH } from './branchScope.ts';
import { FigureTableView } from './FigureTableView.tsx';
import { Headline } from './Headline.tsx';
import { FailureChart, HoursChart, TruckUseChart } from './lazyCharts.ts';
import { MonthBegun } from './MonthBegun.tsx';
import { usePerformance, usePerformanceApi } from './performanceApi.ts';
import { performanceText as text } from './performanceText.ts';
import { TruckDayStrip } from './TruckDayStrip.tsx';

/** The chart of a table, drawn above it; the headline's tiles have none. */
function chartOf(table: FigureTable, answer: PerformanceAnswer, navigate: Navigate | undefined) {
  const title = phrase('แผนภูมิ', table.title);
  if (table.key === 'hoursByVehicleType')
    return <HoursChart rows={answer.truckHours.byVehicleType} title={title} />;
  if (table.key === 'hoursByTruck') return <HoursChart rows={answer.truckHours.byTruck} title={title} />;
  if (table.key === 'daysByTruck')
    return (
      <TruckDayStrip
        trucks={answer.truckDays.byTruck}
        period={answer.period}
        until={answer.truckDays.until}
        navigate={navigate}
      />
    );
  if (table.key === 'failures') return <FailureChart bars={answer.current.failures} title={title} />;
  if (table.key === 'byVehicleType')
    return <TruckUseChart rows={answer.truckUse.byVehicleType} title={title} />;
  if (table.key === 'byTruck') return <TruckUseChart rows={answer.truckUse.byTruck} title={title} />;
  return null;
}

export interface PerformancePageProps {
  /** `yyyy-MM`. */
  readonly month: string;
  /** The months offered, newest first. */
  readonly months: readonly string[];
  readonly onMonthChange: (month: string) => void;
  /** The host's router, for the links to the lists behind the figures; without it a link loads the page. */
  readonly navigate?: Navigate | undefined;
  /** Whose figures: the acting branch (default), or several (docs/performance-figures.md "ทุกสาขาที่ดูได้"). */
  readonly scope?: BranchScope | undefined;
  readonly onScopeChange?: ((scope: BranchScope) => void) | undefined;
}

/** Whose figures, in words: the acting branch's 'code: name', or the branches added up. */
function whoseFigures(
  scope: BranchScope,
  branches: readonly { id: string; label: string }[],
  acting: string | null,
) {
  if (scope.kind === 'one') return branches.find((b) => b.id === acting)?.label ?? '';
  if (scope.kind === 'all') return phrase(text.scopeAll, `(${branches.length} สาขา)`);
  const names = branches.filter((b) => scope.branchIds.includes(b.id)).map((b) => b.label);
  return names.length <= 3 ? names.join(', ') : text.companyHeading(names.length);
}

/**
 * `/performance` (docs/performance-figures.md): the acting branch's month beside the month before
 * it (`previousPeriod`), headline figures first, then the tables behind them (failures by reason,
 * truck use per vehicle type and per truck) and the Excel export of all of them.
 */
export function PerformancePage({
  month,
  months,
  onMonthChange,
  navigate,
  scope = ONE_BRANCH,
  onScopeChange,
}: PerformancePageProps) {
  const several = scope.kind !== 'one';
  const figures = usePerformance(month, !several);
  const { user, branchId } = useSession();
  const branches = (user?.branchInfos ?? []).map((b) => ({ id: b.id, label: `${b.code}: ${b.name}` }));
  // The months in the user's era, as every staff screen's dates.
  const era = useEra();
  const period = monthPeriod(month);
  const before = previousPeriod(period);
  const answer = figures.data;
  const performance = usePerformanceApi();
  const snackbar = useSnackbar();
  const [exporting, setExporting] = useState(false);

  const exportExcel = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = several
        ? await performance.branchesExcel(period, askedBranches(scope))
        : await performance.excel(period);
      saveBlob(blob, fileName ?? `performance-${period.from}-${period.to}.xlsx`);
    } catch (error) {
      snackbar.error(messagesOfError(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Page>
      <Printable>
        <PageHeader title={text.title}>
          <Button
            onPress={() => void exportExcel()}
            isLoading={exporting}
            isDisabled={!several && !figures.data}
          >
            {text.excel}
          </Button>
        </PageHeader>
        {/* Whose figures and which days: the printout's heading too (the title above it is the page's). */}
        <Whose>
          {/* Joined by hand: phrase() puts no space around the dot or before the bracket. */}
          {`${whoseFigures(scope, branches, branchId)} · ${formatMonth(month, era)} (${text.comparedWith} ${periodWords(before, era)})`}
        </Whose>
        <ScreenOnly>
          <p>{text.intro}</p>
          <Pickers>
            <MonthPicker>
              <SelectField
                label={text.month}
                value={month}
                options={months.map((m) => ({ id: m, label: formatMonth(m, era) }))}
                onChange={(next) => next && onMonthChange(String(next))}
              />
            </MonthPicker>
            {onScopeChange && (
              <BranchScopePicker scope={scope} branches={branches} onChange={onScopeChange} />
            )}
          </Pickers>
        </ScreenOnly>
        {several ? (
          <BranchesView month={month} scope={scope} navigate={navigate} onMonthChange={onMonthChange} />
        ) : figures.error ? (
          <Problem role="alert">
            {messagesOfError(figures.error).join(' ')}{' '}
            <Button size="sm" onPress={() => void figures.mutate()}>
              ลองใหม่
            </Button>
          </Problem>
        ) : !answer ? (
          <p role="status">{text.loading}</p>
        ) : (
          <>
            <MonthBegun
              month={month}
              current={answer.current}
              previous={answer.previous}
              onMonthChange={onMonthChange}
            />
            <Headline
              current={answer.current}
              previous={answer.previous}
              period={period}
              navigate={navigate}
            />
            {performanceTables(answer)
              .filter((table) => table.key !== 'headline')
              .map((table) => (
                <FigureTableView
                  key={table.key}
                  table={table}
                  rowLink={(rowId) => figureRowLink(table.key, rowId, period)}
                  navigate={navigate}
                >
                  {table.rows.length > 0 && (
                    <Suspense fallback={<p role="status">{text.loadingChart}</p>}>
                      {chartOf(table, answer, navigate)}
                    </Suspense>
                  )}
                </FigureTableView>
              ))}
          </>
        )}
      </Printable>
    </Page>
  );
}

const MonthPicker = styled.div`
  width: 16rem;
  max-width: 100%;
`;

const Pickers = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  align-items: flex-end;
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const Whose = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: 600;
`;

/** Pickers and explanations are for the screen; paper shows the heading, the figures and the tables. */
const ScreenOnly = styled.div`
  @media print {
    display: none;
  }
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.color.danger};
`;

/**
 * Paper (docs/performance-figures.md "พิมพ์"): A4 upright, no buttons; a heading stays with what
 * follows it. Charts print zoomed to the page's width (ChartFigure.tsx), the tables as plain tables
 * (PrintTable.tsx); the shell drops its menu itself.
 */
const Printable = styled.div`
  @media print {
    @page { size: A4 portrait; margin: 12mm; }
    button { display: none !important; }
    h2, h3 { break-after: avoid; }
    figure { break-inside: avoid; }
  }
`;
