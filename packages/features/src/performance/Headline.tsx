import { type DeliveryFigures, figureChange, figureValue, formatNumber, headlineFigures } from '@lms/domain';
import styled from 'styled-components';
import { performanceText as text } from './performanceText.ts';

const shown = (value: number | null, unit: string) =>
  value === null ? text.nothing : `${formatNumber(value, 1)} ${unit}`;

/** The headline figures first, each with the period before and the change (green when better). */
export function Headline({
  current,
  previous,
}: {
  readonly current: DeliveryFigures;
  readonly previous: DeliveryFigures;
}) {
  return (
    <Tiles>
      {headlineFigures.map((figure) => {
        const now = figure.value(current);
        const before = figure.value(previous);
        const change = figureChange(now, before);
        const better =
          change === null || change === 0 ? 'same' : change > 0 === figure.higherIsBetter ? 'up' : 'down';
        return (
          <Tile key={figure.key} aria-label={figure.label}>
            <dt>{figure.label}</dt>
            <Value>{shown(figureValue(now), figure.unit)}</Value>
            <Small>{text.counted(now.of)}</Small>
            <Small>
              {text.previous} {shown(figureValue(before), figure.unit)}
              {change !== null && (
                <Change data-trend={better}>
                  {' '}
                  ({text.change} {change > 0 ? '+' : ''}
                  {formatNumber(change, 1)})
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
  dt {
    font-weight: 600;
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
