import { describe, expect, it } from 'vitest';
import {
  applyColumnMove,
  arrangeColumns,
  completeLayout,
  possibleMoves,
  withHidden,
  withWidth,
} from './columnLayout.ts';
import type { DataGridColumn } from './types.ts';

const columns: DataGridColumn<unknown>[] = [
  { key: 'code', header: 'รหัส', pin: 'start', alwaysVisible: true },
  { key: 'name', header: 'ชื่อ' },
  { key: 'region', header: 'ภาค' },
  { key: 'note', header: 'หมายเหตุ' },
  { key: '_actions', header: 'จัดการ', pin: 'end', width: '112px' },
];
const keys = (layout: readonly { key: string }[]) => layout.map((item) => item.key);
const shown = (layout: Parameters<typeof arrangeColumns>[1]) =>
  arrangeColumns(columns, layout)
    .filter((column) => !column.hidden)
    .map(
      (column) =>
        `${column.key}${column.pin === 'start' ? '📌' : ''}${column.width ? `:${column.width}` : ''}`,
    );

describe('column layout', () => {
  it('keeps the declared order without a layout, and the actions column last whatever the layout says', () => {
    expect(shown([])).toEqual(['code📌', 'name', 'region', 'note', '_actions:112px']);
    expect(shown([{ key: '_actions' }, { key: 'note' }, { key: 'code' }])).toEqual([
      'code📌',
      'note',
      'name',
      'region',
      '_actions:112px',
    ]);
  });

  it('ignores keys the grid does not have and places columns the layout does not name at their declared index', () => {
    expect(keys(completeLayout(columns, [{ key: 'gone' }, { key: 'region' }, { key: 'code' }]))).toEqual([
      'region',
      'name',
      'code',
      'note',
    ]);
  });

  it('moves a column left and right past hidden ones, within its group', () => {
    const hidden = withHidden(columns, [], new Set(['region']));
    const right = applyColumnMove(columns, hidden, 'name', 'right');
    expect(shown(right)).toEqual(['code📌', 'note', 'name', '_actions:112px']);
    expect(shown(applyColumnMove(columns, right, 'name', 'left'))).toEqual([
      'code📌',
      'name',
      'note',
      '_actions:112px',
    ]);
    // The first unpinned column does not jump into the pinned group.
    expect(applyColumnMove(columns, hidden, 'name', 'left')).toBe(hidden);
  });

  it('pins a column after the pinned ones with a width in pixels, and unpins it to the front of the rest', () => {
    const pinned = applyColumnMove(columns, [], 'region', 'pin', 173);
    expect(shown(pinned)).toEqual(['code📌', 'region📌:173px', 'name', 'note', '_actions:112px']);
    expect(possibleMoves(columns, pinned, 'region')).toEqual(
      new Set(['left', 'unpin', 'wider', 'narrower', 'hide']),
    );
    const unpinned = applyColumnMove(columns, pinned, 'region', 'unpin');
    expect(shown(unpinned)).toEqual(['code📌', 'region:173px', 'name', 'note', '_actions:112px']);
  });

  it('resizes by steps and by drag, within bounds', () => {
    const wider = applyColumnMove(columns, [], 'name', 'wider', 200);
    expect(shown(wider)).toContain('name:240px');
    expect(shown(applyColumnMove(columns, wider, 'name', 'narrower'))).toContain('name:200px');
    expect(shown(withWidth(columns, [], 'note', 5))).toContain('note:60px');
    expect(shown(withWidth(columns, [], 'note', 9999))).toContain('note:800px');
  });

  it('hides a column but never the always-visible one nor the last one shown', () => {
    expect(shown(applyColumnMove(columns, [], 'note', 'hide'))).toEqual([
      'code📌',
      'name',
      'region',
      '_actions:112px',
    ]);
    expect(possibleMoves(columns, [], 'code').has('hide')).toBe(false);
    const onlyCode = withHidden(columns, [], new Set(['name', 'region', 'note']));
    expect(applyColumnMove(columns, onlyCode, 'code', 'hide')).toBe(onlyCode);
  });
});
