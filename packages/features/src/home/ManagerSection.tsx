import { useEra } from '@lms/design-system';
import {
  figureValue,
  headlineFigures,
  type ManagerHome,
  type ManagerMonth,
  managerHomeApi,
  managerHomeFigures,
  periodWords,
  type TruckUseRow,
} from '@lms/domain';
import { type ApiError, call, operationPath, useBranchScope } from '@lms/entity-pages';
import styled from 'styled-components';
import useSWR from 'swr';
import { TableScroll } from '../booking/shared/layout.tsx';
import { StatusBadge } from '../booking/shared/StatusBadge.tsx';
import { monthJustBegun } from '../performance/monthJustBegun.ts';
import { figureText, performanceText } from '../performance/performanceText.ts';
import { CountLink, type Navigate, routerClick, Tiles, tileFrame, useCanOpen } from './CountLink.tsx';
import { homeText } from './homeText.ts';
import { Section } from './Section.tsx';

/** The branch manager's month and statements waiting, of the acting branch (no branch: nothing asked). */
function useManagerHome() {
  const { api, branchId, branch } = useBranchScope();
  return useSWR<ManagerHome, ApiError>(
    branchId ? [operationPath(managerHomeApi.manager), branchId] : null,
    () => call(api, managerHomeApi.manager, { query: branch() }),
  );
}

/** The performance screen's figures the home shows, in the home's order. */
const figures = managerHomeFigures.map((key) => {
  const figure = headlineFigures.find((f) => f.key === key);
  if (!figure) throw new Error(`no headline figure ${key}`);
  return figure;
});

/**
 * The branch manager's section (docs/web.md "Home"): this month so far beside last month (last month
 * whole while nothing of this one is counted), each
 * figure a link to the performance screen of its month (which shows the same number), then the
 * freight statements waiting for the user's check or approval, each count a link to those statements.
 */
export function ManagerSection({ navigate }: { readonly navigate?: Navigate | undefined }) {
  const state = useManagerHome();
  return (
    <Section id="manager" title={homeText.manager} state={state} needsBranch>
      {(home) => (
        <>
          {home.performance && (
            <Months
              thisMonth={home.performance.thisMonth}
              lastMonth={home.performance.lastMonth}
              navigate={navigate}
            />
          )}
          <h3>{homeText.statementsWaiting}</h3>
          <Tiles>
            {home.statements.map((waiting) => (
              <CountLink
                key={waiting.state}
                label={homeText.waitingIn[waiting.state]}
                value={waiting}
                navigate={navigate}
                tone="attention"
                note={waiting.checkedByYou > 0 ? homeText.checkedByYou(waiting.checkedByYou) : undefined}
              />
            ))}
          </Tiles>
        </>
      )}
    </Section>
  );
}

function Months({
  thisMonth,
  lastMonth,
  navigate,
}: {
  readonly thisMonth: ManagerMonth;
  readonly lastMonth: ManagerMonth;
  readonly navigate?: Navigate | undefined;
}) {
  const era = useEra();
  const canOpen = useCanOpen();
  const now = periodWords(thisMonth.period, era);
  const before = periodWords(lastMonth.period, era);
  /** A value that opens its month's performance screen (the number alone when the user may not open it). */
  const opens = (month: ManagerMonth, name: string, shown: string, words: string) =>
    canOpen(month.href) ? (
      <a
        href={month.href}
        aria-label={homeText.figureOf(name, words, shown)}
        onClick={routerClick(navigate, month.href)}
      >
        {shown}
      </a>
    ) : (
      shown
    );
  const types = truckTypes(thisMonth.truckUse, lastMonth.truckUse);
  // The first of a month nothing of it is counted yet: a row of "ไม่มีข้อมูล" would be all the home
  // said, on the day a manager reviews the month just ended. That month, whole, leads instead.
  const begun = monthJustBegun(thisMonth.figures, lastMonth.figures);
  return (
    <>
      {begun ? (
        // One block: the section's column spaces its children apart, the line belongs to its heading.
        <div>
          <h3>{homeText.monthWhole(before)}</h3>
          <MonthNote>{homeText.nothingCountedYet(now, before)}</MonthNote>
        </div>
      ) : (
        <h3>{homeText.monthSoFar(now, before)}</h3>
      )}
      <Tiles>
        {figures.map((figure) => {
          // The month that leads (last month while this one has nothing counted), then last month beside it.
          const [lead, leadWords] = begun ? [lastMonth, before] : [thisMonth, now];
          const value = figure.value(lead.figures);
          const previous = figure.value(lastMonth.figures);
          const valueText = figureText(figureValue(value), figure.unit);
          const previousText = figureText(figureValue(previous), figure.unit);
          return (
            <Figure key={figure.key} role="group" aria-label={figure.label} data-figure={figure.key}>
              <Value data-testid="figure">{opens(lead, figure.label, valueText, leadWords)}</Value>
              <span>{figure.label}</span>
              <Muted>{performanceText.counted(value.of)}</Muted>
              {!begun && (
                <Muted>
                  {before}: {opens(lastMonth, figure.label, previousText, before)}
                </Muted>
              )}
            </Figure>
          );
        })}
      </Tiles>
      {types.length === 0 ? (
        <p>{homeText.noTrips}</p>
      ) : (
        <TableScroll aria-label={homeText.truckUse}>
          <table>
            <caption>{homeText.truckUse}</caption>
            <thead>
              <tr>
                <th scope="col">{homeText.vehicleType}</th>
                <th scope="col">{now}</th>
                <th scope="col">{before}</th>
              </tr>
            </thead>
            <tbody>
              {types.map(({ id, label, current, previous }) => (
                <tr key={id}>
                  <th scope="row">{label}</th>
                  <td>{use(current, thisMonth)}</td>
                  <td>{use(previous, lastMonth)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );

  /**
   * A type's month as the calendar says a load: the used share, then its band by the type's
   * thresholds. The link is named by its text; the row and column headers say which type and month.
   */
  function use(row: TruckUseRow | undefined, month: ManagerMonth) {
    if (!row) return homeText.noTripsOfType;
    const badge = (
      <StatusBadge
        colour={row.colour}
        label={row.statusLabel}
        value={Math.max(row.weightPercent, row.volumePercent)}
      />
    );
    return canOpen(month.href) ? (
      <a href={month.href} onClick={routerClick(navigate, month.href)}>
        {badge}
      </a>
    ) : (
      badge
    );
  }
}

/** Every vehicle type that ran in either month, this month's order first. */
function truckTypes(current: readonly TruckUseRow[], previous: readonly TruckUseRow[]) {
  const ids = [...new Set([...current, ...previous].map((row) => row.id))];
  return ids.map((id) => {
    const now = current.find((row) => row.id === id);
    const then = previous.find((row) => row.id === id);
    return { id, label: (now ?? then)!.label, current: now, previous: then };
  });
}

const Figure = styled.div`
  ${tileFrame}
  & > span { overflow-wrap: anywhere; }
  & a { color: ${({ theme }) => theme.color.primary}; }
  & a:focus-visible { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
`;

const Value = styled.span`
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const MonthNote = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
