import styled, { css } from 'styled-components';

/**
 * The last answer's rows or cards while the next is on its way (`isUpdating`): dimmed after a
 * moment, so a quick answer does not flash. The table's body and the phone's card list share it.
 */
export const updatingRows = css`
  &[data-updating] {
    opacity: 0.55;
    transition: opacity 150ms linear 150ms;
  }
`;

export const Scroller = styled.div`
  position: relative;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;

export const Grid = styled.div`
  display: grid;
  grid-template-columns: var(--lms-grid-columns);
  min-width: 100%;
  width: max-content;
  outline: none;
`;

export const Head = styled.div`
  display: contents;
`;

export const Body = styled.div`
  grid-column: 1 / -1;
  display: grid;
  grid-template-columns: subgrid;
  ${updatingRows}
`;

export const Row = styled.div`
  display: grid;
  grid-column: 1 / -1;
  grid-template-columns: subgrid;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  /* Opaque, so that a pinned cell (background: inherit) hides what scrolls under it. */
  background: ${({ theme }) => theme.color.surface};
  &[data-selected] { background: ${({ theme }) => theme.color.secondary}; }
  &[data-action] { cursor: pointer; }
  &[data-action]:hover { background: ${({ theme }) => theme.color.background}; }
`;

const cell = `
  display: flex;
  align-items: center;
  min-width: 0;
  /* No value sizes its column: the declared width does (a 2,000-character name is cut, not a wider grid). */
  contain: inline-size;
  padding: 0 12px;
  outline: none;
  &[data-align='center'] { justify-content: center; text-align: center; }
  &[data-align='end'] { justify-content: flex-end; text-align: end; font-variant-numeric: tabular-nums; }
  /* Pinned columns stay in view while the middle scrolls (sticky within the row, which spans the grid). */
  &[data-pin] { position: sticky; z-index: 1; background: inherit; }
  &[data-pin='start'] { inset-inline-start: 0; }
  &[data-pin='end'] { inset-inline-end: 0; }
`;

export const Cell = styled.div`
  ${cell}
  min-height: 44px;
  overflow: hidden;
  &:focus-visible { box-shadow: inset 0 0 0 2px ${({ theme }) => theme.color.focus}; }
`;

/**
 * One line of text, cut with an ellipsis: a long value neither widens the grid nor wraps into a
 * tall row; the grid's peek shows it whole.
 */
export const Text = styled.span`
  display: block;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

// The header row (not its cells) is sticky: a sticky box cannot leave its parent.
export const HeadRow = styled(Row)`
  position: sticky;
  top: 0;
  z-index: 1;
  background: ${({ theme }) => theme.color.background};
`;

export const Spacer = styled.div`
  grid-column: 1 / -1;
`;

export const HeaderCell = styled.div`
  ${cell}
  gap: ${({ theme }) => theme.space[1]};
  overflow: hidden;
  /* A long Thai label wraps within the declared width. */
  & > span:first-child { min-width: 0; overflow-wrap: anywhere; }
  min-height: 44px;
  background: ${({ theme }) => theme.color.background};
  color: ${({ theme }) => theme.color.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  user-select: none;
  &:not([data-pin]) { position: relative; }
  &[data-sortable] { cursor: pointer; }
  &[data-sortable]:hover { background: ${({ theme }) => theme.color.secondary}; }
  &:focus-visible { box-shadow: inset 0 0 0 2px ${({ theme }) => theme.color.focus}; }
`;

/** The header's end edge that sets the column's width by drag (the menu does it by keyboard). */
export const ResizeEdge = styled.span`
  position: absolute;
  inset-block: 0;
  inset-inline-end: 0;
  width: 8px;
  cursor: col-resize;
  touch-action: none;
  &:hover { background: ${({ theme }) => theme.color.border}; }
`;

export const SortMark = styled.span`
  display: inline-flex;
  align-items: center;
  color: ${({ theme }) => theme.color.primary};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

export const StatusCell = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
`;

export const Skeleton = styled.span`
  display: block;
  width: 80%;
  height: 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.disabledBackground};
  animation: lms-pulse 1.2s ease-in-out infinite;
  @keyframes lms-pulse { 50% { opacity: 0.5; } }
`;

export const Checkbox = styled.input`
  width: 18px;
  height: 18px;
  margin: 0;
  accent-color: ${({ theme }) => theme.color.primary};
  cursor: pointer;
`;

/** A cut cell's whole value (on hover and focus), in the viewport's coordinates: it never widens the grid. */
export const Peek = styled.div`
  position: fixed;
  /* As the design system's Tooltip: above a dialog the grid may sit in. */
  z-index: ${({ theme }) => theme.layer.snackbar};
  max-width: min(48rem, calc(100vw - 16px));
  max-height: min(60vh, 32rem);
  overflow: hidden;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  box-shadow: ${({ theme }) => theme.shadow.md};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  pointer-events: none;
`;
