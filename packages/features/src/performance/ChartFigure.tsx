import { type CSSProperties, type ReactElement, useLayoutEffect, useRef, useState } from 'react';
import { ResponsiveContainer } from 'recharts';
import styled from 'styled-components';

/**
 * The width a chart takes on paper: A4 upright with the page's 12 mm margins (PerformancePage's
 * `@page`) leaves 186 mm, 703 CSS px; a little less so a bar's label never meets the edge.
 */
const PAPER_WIDTH_PX = 680;

/** The zoom that fits a drawing `width` pixels wide to the paper (never enlarged). */
const paperZoom = (width: number) => (width > PAPER_WIDTH_PX ? PAPER_WIDTH_PX / width : 1);

/**
 * A chart's frame, one for every chart of the performance screens: a picture for the eye
 * (`role="img"` with its Thai name; the table under it is what assistive technology reads), as
 * wide as its place on screen, and on paper the same drawing zoomed to the page's width. Zoomed,
 * not redrawn: a print is laid out without running the page's scripts, so a chart sized by script
 * keeps its screen width (and a chart stretched by CSS alone came out blank in Chromium's PDF).
 * The zoom follows the width the chart was last drawn at, and is set before the first paint:
 * ResponsiveContainer draws the chart at the width it measures in an effect but calls `onResize`
 * only from its ResizeObserver, a frame later, so a print in between had the chart at its screen
 * width, its right side (the Pareto's percent axis) cut off by the page (a full run of
 * `npm test`: performancePrint.e2e). The charts' category axes skip the
 * names that would overlap (`interval="preserveStartEnd"`): on a phone seven Thai reasons ran
 * into one another; every name stays in the table under the chart.
 */
export function ChartFigure({
  title,
  height,
  children,
}: {
  readonly title: string;
  readonly height: number;
  readonly children: ReactElement;
}) {
  const frame = useRef<HTMLElement>(null);
  const [zoom, setZoom] = useState(1);
  // Once, at mount; onResize follows every later width.
  useLayoutEffect(() => {
    if (frame.current) setZoom(paperZoom(frame.current.getBoundingClientRect().width));
  }, []);
  return (
    <Figure ref={frame} role="img" aria-label={title} style={{ '--print-zoom': zoom } as CSSProperties}>
      <ResponsiveContainer width="100%" height={height} onResize={(width) => setZoom(paperZoom(width))}>
        {children}
      </ResponsiveContainer>
    </Figure>
  );
}

const Figure = styled.figure`
  margin: 0;
  @media print {
    zoom: var(--print-zoom, 1);
    break-inside: avoid;
    .recharts-tooltip-wrapper { display: none; }
  }
`;
