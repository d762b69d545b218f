import { memo, type PointerEvent, useRef } from 'react';
import { ColumnMenu } from './ColumnMenu.tsx';
import type { ColumnMove } from './columnLayout.ts';
import * as S from './GridTable.styles.ts';

export interface ColumnControls {
  readonly movesOf: (key: string) => ReadonlySet<ColumnMove>;
  /** `width`: the column's width on screen now, the base of a step or of a pin. */
  readonly onMove: (key: string, move: ColumnMove, width: number) => void;
  readonly onResize: (key: string, width: number) => void;
}

interface HeaderControlsProps {
  readonly columnKey: string;
  readonly header: string;
  readonly isPinned: boolean;
  readonly isOpen: boolean;
  /** A new object when the layout changes, so the menu's possible moves follow it. */
  readonly controls: ColumnControls;
  readonly onMenuFor: (key: string | null) => void;
  /** The width shown while the edge is dragged, null when the drag ends. */
  readonly onDrag: (dragged: { key: string; width: number } | null) => void;
  readonly onMove: (key: string, move: ColumnMove) => void;
}

/**
 * A header's column menu and resize edge. Memoized (issue 41): every prop keeps its identity while
 * the layout stands (DataGrid's memoized controls, GridTable's steady handlers, state setters), so sorting, picking a row
 * or typing a search does not draw each header's menu, popover and edge again.
 */
export const HeaderControls = memo(function HeaderControls({
  columnKey,
  header,
  isPinned,
  isOpen,
  controls,
  onMenuFor,
  onDrag,
  onMove,
}: HeaderControlsProps) {
  return (
    <>
      <ColumnMenu
        header={header}
        moves={controls.movesOf(columnKey)}
        isPinned={isPinned}
        isOpen={isOpen}
        onOpenChange={(open) => onMenuFor(open ? columnKey : null)}
        onMove={(move) => onMove(columnKey, move)}
      />
      <ResizeEdge
        onDrag={(width) => onDrag(width === null ? null : { key: columnKey, width })}
        onDone={(width) => {
          onDrag(null);
          controls.onResize(columnKey, width);
        }}
      />
    </>
  );
});

/**
 * The header's end edge, dragged with the mouse or a finger to set the column's width; the
 * keyboard does the same through the column menu (ขยายให้กว้างขึ้น / ลดให้แคบลง).
 */
function ResizeEdge({
  onDrag,
  onDone,
}: {
  readonly onDrag: (width: number | null) => void;
  readonly onDone: (width: number) => void;
}) {
  const start = useRef<{ x: number; width: number; rtl: boolean } | null>(null);
  const widthAt = (event: PointerEvent) => {
    const from = start.current!;
    const delta = (event.clientX - from.x) * (from.rtl ? -1 : 1);
    return Math.max(60, Math.round(from.width + delta));
  };
  return (
    <S.ResizeEdge
      aria-hidden="true"
      data-resize=""
      onPointerDown={(event) => {
        const cell = (event.currentTarget as HTMLElement).closest<HTMLElement>('[role="columnheader"]');
        if (!cell) return;
        event.preventDefault();
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
        start.current = {
          x: event.clientX,
          width: cell.getBoundingClientRect().width,
          rtl: getComputedStyle(cell).direction === 'rtl',
        };
      }}
      onPointerMove={(event) => start.current && onDrag(widthAt(event))}
      onPointerUp={(event) => {
        if (!start.current) return;
        const width = widthAt(event);
        start.current = null;
        onDone(width);
      }}
      onPointerCancel={() => {
        start.current = null;
        onDrag(null);
      }}
      onClick={(event) => event.stopPropagation()}
    />
  );
}
