import { useEra } from '@lms/design-system';
import {
  CHANGE,
  changeTrend,
  type DeliveryFigures,
  figureChange,
  figureValue,
  formatChange,
  headlineFigureLink,
  headlineFigures,
  type Period,
  periodWords,
  previousPeriod,
} from '@lms/domain';
import styled from 'styled-components';
import { type Navigate, routerClick, useCanOpen } from '../home/CountLink.tsx';
import { figureText, performanceText as text } from './performanceText.ts';

const shown = figureText;

/**
 * The headline figures first, each with the period before and the change (green when better).
 * A figure's name links to the list of the records behind it (`headlineFigureLink`) when the user
 * may open that list.
 */
export function Headline({
  current,
  previous,
  period,
  navigate,
  linked = true,
  open,
}: {
  readonly current: DeliveryFigures;
  readonly previous: DeliveryFigures;
  /** The period `current` counts: the list a figure opens is filtered to it. */
  readonly period: Period;
  readonly navigate?: Navigate | undefined;
  /** False for several branches' sum: the lists show the acting branch only, so no figure opens one. */
  readonly linked?: boolean;
  /** For several branches' sum: what opening a figure does in the page (its stops below), null where nothing opens. */
  readonly open?: ((key: string) => (() => void) | null) | undefined;
}) {
  const canOpen = useCanOpen();
  // Which period the change is against, in words: "ก.ย. 2569" for October (comparedPeriod.ts).
  const before = periodWords(previousPeriod(period), useEra());
  return (
    <Tiles>
      {headlineFigures.map((figure) => {
        const now = figure.value(current);
        const then = figure.value(previous);
        const change = figureChange(now, then);
        const better = changeTrend(change, figure.higherIsBetter);
        const link = linked ? headlineFigureLink(figure.key, period) : null;
        const opens = open?.(figure.key) ?? null;
        return (
          <Tile key={figure.key} aria-label={figure.label}>
            <dt>
              {link && canOpen(link.href) ? (
                <a href={link.href} title={link.label} onClick={routerClick(navigate, link.href)}>
                  {figure.label}
                </a>
              ) : opens ? (
                <LinkButton type="button" title={text.openRecords} onClick={opens}>
                  {figure.label}
                </LinkButton>
              ) : (
                figure.label
              )}
            </dt>
            <Value>{shown(figureValue(now), figure.unit)}</Value>
            <Small>{text.counted(now.of)}</Small>
            <Small>
              {before}: {shown(figureValue(then), figure.unit)}
              {change !== null && (
                <Change data-trend={better}>
                  {' '}
                  ({CHANGE} {formatChange(change)})
                </Change>
              )}
            </Small>
          </Tile>
        );
      })}
    </Tiles>
  );
}

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
  gap: 0.75rem;
  margin: 0 0 1.5rem;
`;

const Tile = styled.div`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 0.75rem;
  break-inside: avoid;
  dt {
    font-weight: 600;
  }
  dt a:focus-visible,
  dt button:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.primary};
    outline-offset: 2px;
  }
`;

const Value = styled.dd`
  margin: 0.25rem 0;
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: 700;
`;

const Small = styled.dd`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Change = styled.span`
  &[data-trend='up'] {
    color: ${({ theme }) => theme.color.success};
  }
  &[data-trend='down'] {
    color: ${({ theme }) => theme.color.danger};
  }
`;

/** Opens a list in the page, so a button; drawn as the links of one branch's tiles. */
export const LinkButton = styled.button`
  all: unset;
  cursor: pointer;
  color: ${({ theme }) => theme.color.primary};
  text-decoration: underline;
  font-weight: 600;
`;
