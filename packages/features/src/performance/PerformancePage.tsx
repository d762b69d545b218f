import { Button, SelectField, useBuddhistEra, useSnackbar } from '@lms/design-system';
import {
  type FigureTable,
  figureRowLink,
  formatMonth,
  messagesOfError,
  type PerformanceAnswer,
  performanceTables,
  phrase,
} from '@lms/domain';
import { Page, PageHeader, saveBlob } from '@lms/entity-pages';
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import type { Navigate } from '../home/CountLink.tsx';
import { FigureTableView } from './FigureTableView.tsx';
import { Headline } from './Headline.tsx';
import { monthPeriod, usePerformance, usePerformanceApi } from './performanceApi.ts';
import { performanceText as text } from './performanceText.ts';
import { TruckDayStrip } from './TruckDayStrip.tsx';

// recharts arrives only with the first chart this screen draws (docs/performance-figures.md).
const FailureChart = lazy(() => import('./PerformanceCharts.tsx').then((m) => ({ default: m.FailureChart })));
const TruckUseChart = lazy(() =>
  import('./PerformanceCharts.tsx').then((m) => ({ default: m.TruckUseChart })),
);
const HoursChart = lazy(() => import('./HoursChart.tsx').then((m) => ({ default: m.HoursChart })));

/** The chart of a table, drawn above it; the headline's tiles have none. */
function chartOf(table: FigureTable, answer: PerformanceAnswer, navigate: Navigate | undefined) {
  const title = phrase('แผนภูมิ', table.title);
  if (table.key === 'hoursByVehicleType')
    return <HoursChart rows={answer.truckHours.byVehicleType} title={title} />;
  if (table.key === 'hoursByTruck') return <HoursChart rows={answer.truckHours.byTruck} title={title} />;
  if (table.key === 'daysByTruck')
    return <TruckDayStrip trucks={answer.truckDays.byTruck} period={answer.period} navigate={navigate} />;
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
}

/**
 * `/performance` (docs/performance-figures.md): the acting branch's month beside the month-long
 * period before it, headline figures first, then the tables behind them (failures by reason,
 * truck use per vehicle type and per truck) and the Excel export of all of them.
 */
export function PerformancePage({ month, months, onMonthChange, navigate }: PerformancePageProps) {
  const figures = usePerformance(month);
  // The months in the user's era, as every staff screen's dates.
  const era = { buddhistEra: useBuddhistEra(undefined) };
  const period = monthPeriod(month);
  const answer = figures.data;
  const performance = usePerformanceApi();
  const snackbar = useSnackbar();
  const [exporting, setExporting] = useState(false);

  const exportExcel = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await performance.excel(period);
      saveBlob(blob, fileName ?? `performance-${period.from}-${period.to}.xlsx`);
    } catch (error) {
      snackbar.error(messagesOfError(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Page>
      <PageHeader title={text.title}>
        <Button onPress={() => void exportExcel()} isLoading={exporting} isDisabled={!figures.data}>
          {text.excel}
        </Button>
      </PageHeader>
      <p>{text.intro}</p>
      <MonthPicker>
        <SelectField
          label={text.month}
          value={month}
          options={months.map((m) => ({ id: m, label: formatMonth(m, era) }))}
          onChange={(next) => next && onMonthChange(String(next))}
        />
      </MonthPicker>
      {figures.error ? (
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
          <Headline current={answer.current} previous={answer.previous} period={period} navigate={navigate} />
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
    </Page>
  );
}

const MonthPicker = styled.div`
  max-width: 16rem;
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.color.danger};
`;
