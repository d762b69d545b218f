import type { ColumnStorage, DataGridColumn } from './types.ts';

/**
 * The user's arrangement of a grid's columns (issue 22 item 4): order, width, hidden, pinned.
 * A saved view keeps it; the grid applies it over the columns the page declares. Pure, so that
 * the moves are tested without a browser.
 */
export interface ColumnSetting {
  readonly key: string;
  /** Pixels; absent: the column's own width. */
  readonly width?: number;
  readonly hidden?: boolean;
  /** Sticky at the start; absent: the column's own `pin`. */
  readonly pinned?: boolean;
}

/** In screen order. Keys the grid does not have are ignored; columns it does not name keep their place. */
export type ColumnLayout = readonly ColumnSetting[];

export const COLUMN_WIDTH = { min: 60, max: 800, step: 40, pinnedDefault: 160 } as const;

export type ColumnMove = 'left' | 'right' | 'pin' | 'unpin' | 'wider' | 'narrower' | 'hide';

const clampWidth = (width: number) =>
  Math.round(Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, width)));

/** Columns at the end (the row actions) stay there: they are neither moved, pinned nor hidden by a layout. */
const isFixed = <Row>(column: DataGridColumn<Row>) => column.pin === 'end';

/**
 * Every movable column once, in the layout's order; a column the layout does not name goes where
 * the page declares it (a column added after the view was saved appears, it is not lost).
 */
export function completeLayout<Row>(
  columns: readonly DataGridColumn<Row>[],
  layout: ColumnLayout,
): ColumnSetting[] {
  const movable = columns.filter((column) => !isFixed(column));
  const known = new Set(movable.map((column) => column.key));
  const result: ColumnSetting[] = [];
  const named = new Set<string>();
  for (const setting of layout) {
    if (!known.has(setting.key) || named.has(setting.key)) continue;
    named.add(setting.key);
    result.push(setting);
  }
  movable.forEach((column, index) => {
    if (!named.has(column.key)) result.splice(Math.min(index, result.length), 0, { key: column.key });
  });
  return result;
}

export interface ArrangedColumn<Row> extends DataGridColumn<Row> {
  readonly hidden: boolean;
}

/**
 * The columns as the layout arranges them: pinned ones first (sticky needs them side by side at
 * the start), then the rest, then the fixed end columns; widths in pixels where the layout set one.
 */
export function arrangeColumns<Row>(
  columns: readonly DataGridColumn<Row>[],
  layout: ColumnLayout,
): ArrangedColumn<Row>[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const arranged = completeLayout(columns, layout).map((setting): ArrangedColumn<Row> => {
    const column = byKey.get(setting.key)!;
    const pinned = setting.pinned ?? column.pin === 'start';
    return {
      ...column,
      width: setting.width !== undefined ? `${setting.width}px` : column.width,
      pin: pinned ? 'start' : undefined,
      hidden: !column.alwaysVisible && !!setting.hidden,
    };
  });
  return [
    ...arranged.filter((column) => column.pin === 'start'),
    ...arranged.filter((column) => column.pin !== 'start'),
    ...columns.filter(isFixed).map((column) => ({ ...column, hidden: false })),
  ];
}

/** The same layout with only the given columns hidden (the column chooser's choice). */
export function withHidden<Row>(
  columns: readonly DataGridColumn<Row>[],
  layout: ColumnLayout,
  hidden: ReadonlySet<string>,
): ColumnLayout {
  return completeLayout(columns, layout).map((setting) => {
    const { hidden: _, ...rest } = setting;
    return hidden.has(setting.key) ? { ...rest, hidden: true } : rest;
  });
}

/**
 * One step of the column menu (or of a drag on the header's edge, `width`): moves go past hidden
 * columns and stay within the pinned or the unpinned group; at least one column stays visible.
 */
export function applyColumnMove<Row>(
  columns: readonly DataGridColumn<Row>[],
  layout: ColumnLayout,
  key: string,
  move: ColumnMove,
  currentWidth?: number,
): ColumnLayout {
  const arranged = arrangeColumns(columns, layout).filter((column) => !isFixed(column));
  const target = arranged.find((column) => column.key === key);
  if (!target) return layout;
  const settings = new Map(completeLayout(columns, layout).map((setting) => [setting.key, setting]));
  const update = (change: Partial<ColumnSetting>) => settings.set(key, { ...settings.get(key)!, ...change });
  let order = arranged.map((column) => column.key);
  switch (move) {
    case 'left':
    case 'right': {
      const group = arranged.filter(
        (column) => !column.hidden && (column.pin === 'start') === (target.pin === 'start'),
      );
      const at = group.findIndex((column) => column.key === key);
      const other = group[move === 'left' ? at - 1 : at + 1];
      if (!other) return layout;
      // Swap with the neighbour: hidden columns between them keep their places.
      const from = order.indexOf(key);
      const to = order.indexOf(other.key);
      order[from] = other.key;
      order[to] = key;
      break;
    }
    case 'pin':
    case 'unpin': {
      update({ pinned: move === 'pin' });
      // A pinned column joins the end of the pinned group; an unpinned one starts the rest.
      const pinnedKeys = order.filter((item) => item !== key && settingPinned(item));
      const rest = order.filter((item) => item !== key && !settingPinned(item));
      order = [...pinnedKeys, ...(move === 'pin' ? [key] : []), ...(move === 'unpin' ? [key] : []), ...rest];
      if (move === 'pin' && target.width === undefined)
        update({ width: clampWidth(currentWidth ?? COLUMN_WIDTH.pinnedDefault) });
      break;
    }
    case 'wider':
    case 'narrower': {
      const base = settings.get(key)?.width ?? currentWidth ?? COLUMN_WIDTH.pinnedDefault;
      update({ width: clampWidth(base + (move === 'wider' ? COLUMN_WIDTH.step : -COLUMN_WIDTH.step)) });
      break;
    }
    case 'hide': {
      const visible = arranged.filter((column) => !column.hidden);
      if (target.alwaysVisible || visible.length <= 1) return layout;
      update({ hidden: true });
      break;
    }
  }
  return order.map((item) => settings.get(item)!);

  function settingPinned(item: string) {
    return arranged.find((column) => column.key === item)?.pin === 'start';
  }
}

/** A width set by dragging the header's edge. */
export function withWidth<Row>(
  columns: readonly DataGridColumn<Row>[],
  layout: ColumnLayout,
  key: string,
  width: number,
): ColumnLayout {
  return completeLayout(columns, layout).map((setting) =>
    setting.key === key ? { ...setting, width: clampWidth(width) } : setting,
  );
}

/** Which moves the menu offers for a column now (the others are shown disabled). */
export function possibleMoves<Row>(
  columns: readonly DataGridColumn<Row>[],
  layout: ColumnLayout,
  key: string,
): ReadonlySet<ColumnMove> {
  const arranged = arrangeColumns(columns, layout).filter((column) => !isFixed(column));
  const target = arranged.find((column) => column.key === key);
  const moves = new Set<ColumnMove>();
  if (!target) return moves;
  const group = arranged.filter(
    (column) => !column.hidden && (column.pin === 'start') === (target.pin === 'start'),
  );
  const at = group.findIndex((column) => column.key === key);
  if (at > 0) moves.add('left');
  if (at < group.length - 1) moves.add('right');
  moves.add(target.pin === 'start' ? 'unpin' : 'pin');
  moves.add('wider');
  moves.add('narrower');
  if (!target.alwaysVisible && arranged.filter((column) => !column.hidden).length > 1) moves.add('hide');
  return moves;
}

/** A list's kept choice of hidden columns (`columnStorage`) as a layout: what it shows before any saved view. */
export const storedColumnLayout = (storage: ColumnStorage | undefined): ColumnLayout =>
  (storage?.load() ?? []).map((key) => ({ key, hidden: true }));
