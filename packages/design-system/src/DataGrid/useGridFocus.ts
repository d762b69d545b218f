import { type FocusEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';

export interface CellPosition {
  /** -1 is the header row. */
  readonly row: number;
  readonly col: number;
}

/**
 * Roving tabindex over a grid of cells: one cell is in the tab order; arrow keys, Home/End,
 * Ctrl+Home/End and PageUp/PageDown move it (WAI-ARIA grid pattern).
 */
export function useGridFocus(
  gridRef: RefObject<HTMLElement | null>,
  {
    rowCount,
    colCount,
    pageRows,
    scrollToRow,
  }: {
    rowCount: number;
    colCount: number;
    /** Rows a page key moves: asked at the key press, since measuring lays the page out. */
    pageRows: () => number;
    scrollToRow: (row: number) => void;
  },
) {
  const [focused, setFocused] = useState<CellPosition>({ row: -1, col: 0 });
  // Set when the keyboard moved focus; the cell may render only after the scroll, so focus it after commit.
  const pending = useRef(false);

  const clamped: CellPosition = {
    row: Math.min(focused.row, rowCount - 1),
    col: Math.max(0, Math.min(focused.col, colCount - 1)),
  };

  useEffect(() => {
    if (!pending.current) return;
    const cell = gridRef.current?.querySelector<HTMLElement>(
      `[data-row="${clamped.row}"][data-col="${clamped.col}"]`,
    );
    if (cell) {
      pending.current = false;
      cell.focus();
    }
  });

  const moveTo = (row: number, col: number) => {
    const next = {
      row: Math.max(-1, Math.min(row, rowCount - 1)),
      col: Math.max(0, Math.min(col, colCount - 1)),
    };
    pending.current = true;
    scrollToRow(next.row);
    setFocused(next);
  };

  const onKeyDown = (event: KeyboardEvent): boolean => {
    const { row, col } = clamped;
    const ctrl = event.ctrlKey || event.metaKey;
    const paging = event.key === 'PageUp' || event.key === 'PageDown';
    const target = targetCell(
      event.key,
      { row, col },
      { ctrl, rowCount, colCount, pageRows: paging ? pageRows() : 1 },
    );
    if (!target) return false;
    event.preventDefault();
    moveTo(target.row, target.col);
    return true;
  };

  // A click or Tab into a cell makes it the roving cell.
  const onFocus = (event: FocusEvent) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (!cell) return;
    const row = Number(cell.dataset.row);
    const col = Number(cell.dataset.col);
    if (row !== clamped.row || col !== clamped.col) setFocused({ row, col });
  };

  return { focused: clamped, onKeyDown, onFocus };
}

function targetCell(
  key: string,
  { row, col }: CellPosition,
  {
    ctrl,
    rowCount,
    colCount,
    pageRows,
  }: { ctrl: boolean; rowCount: number; colCount: number; pageRows: number },
): CellPosition | null {
  switch (key) {
    case 'ArrowRight':
      return { row, col: col + 1 };
    case 'ArrowLeft':
      return { row, col: col - 1 };
    case 'ArrowDown':
      return { row: row + 1, col };
    case 'ArrowUp':
      return { row: row - 1, col };
    case 'Home':
      return { row: ctrl ? 0 : row, col: 0 };
    case 'End':
      return { row: ctrl ? rowCount - 1 : row, col: colCount - 1 };
    case 'PageDown':
      return { row: row + pageRows, col };
    case 'PageUp':
      return { row: Math.max(0, row - pageRows), col };
    default:
      return null;
  }
}
