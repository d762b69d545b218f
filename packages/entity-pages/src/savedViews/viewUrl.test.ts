import { filtersFor, province, type ViewState } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { isBlankList, listParamsIn, sameViewState, urlOfView, VIEW_PARAM, viewStateOf } from './viewUrl.ts';

const filterDefs = filtersFor(province).filter((filter) => filter.kind !== 'search');
const state: ViewState = {
  filters: { regionIds: ['r1', 'r2'], codeEq: '10' },
  searchTerm: ' กรุง ',
  sort: [{ field: 'nameTh', direction: 'desc' }],
  columns: [
    { key: 'nameTh', width: 240, pinned: true },
    { key: 'code', hidden: true },
  ],
  pageSize: 50,
};

/** The URL a view writes, read back as the list page reads it. */
function applied(changes: ReturnType<typeof urlOfView>, start = '') {
  const params = new URLSearchParams(start);
  for (const [key, value] of Object.entries(changes)) {
    params.delete(key);
    for (const item of value == null ? [] : [value].flat()) params.append(key, item);
  }
  return params;
}

describe('saved view ↔ URL', () => {
  it('writes a view as the list’s own parameters plus its id, replacing every filter and the page', () => {
    const params = applied(urlOfView(province, filterDefs, state, 'v1'), 'nameThEq=เก่า&page=3&id=keep');
    expect(params.getAll('regionIds')).toEqual(['r1', 'r2']);
    expect(params.get('codeEq')).toBe('10');
    expect(params.get('nameThEq')).toBeNull();
    expect(params.get('page')).toBeNull();
    expect(params.get('searchTerm')).toBe('กรุง');
    expect(params.getAll('sort')).toEqual(['nameTh,desc']);
    expect(params.get('size')).toBe('50');
    expect(params.get(VIEW_PARAM)).toBe('v1');
    // The host's own parameter (a dialog's id) is left alone.
    expect(params.get('id')).toBe('keep');
  });

  it('leaves the default sort and page size out of the URL, as the list does', () => {
    const plain = { ...state, sort: [...province.defaultSort], pageSize: 20, searchTerm: '', filters: {} };
    const params = applied(urlOfView(province, filterDefs, plain, null));
    expect(params.toString()).toBe('');
  });

  it('round-trips: the list state read back equals the view', () => {
    const params = applied(urlOfView(province, filterDefs, state, 'v1'));
    const read = viewStateOf(
      {
        filters: { regionIds: params.getAll('regionIds'), codeEq: params.get('codeEq') ?? '' },
        searchTerm: params.get('searchTerm') ?? '',
        sort: [{ field: 'nameTh', direction: 'desc' }],
        size: Number(params.get('size')),
      },
      state.columns,
    );
    expect(sameViewState(read, state)).toBe(true);
  });

  it('tells a blank list (the default view applies) from one with parameters', () => {
    expect(isBlankList(new URLSearchParams(''), filterDefs)).toBe(true);
    expect(isBlankList(new URLSearchParams('id=123'), filterDefs)).toBe(true);
    expect(isBlankList(new URLSearchParams('page=2'), filterDefs)).toBe(false);
    expect(isBlankList(new URLSearchParams('regionIds=r1'), filterDefs)).toBe(false);
    expect(listParamsIn(new URLSearchParams('view=v&x=1&sort=code,asc'), filterDefs)).toEqual([
      'view',
      'sort',
    ]);
  });

  it('sees a change in filters, sort, size or columns, but not the order of picked values', () => {
    const same = { ...state, filters: { codeEq: '10', regionIds: ['r2', 'r1'] }, searchTerm: 'กรุง' };
    expect(sameViewState(same, state)).toBe(true);
    expect(sameViewState({ ...state, pageSize: 20 }, state)).toBe(false);
    expect(sameViewState({ ...state, sort: [{ field: 'nameTh', direction: 'asc' }] }, state)).toBe(false);
    expect(sameViewState({ ...state, filters: { codeEq: '11', regionIds: ['r1', 'r2'] } }, state)).toBe(
      false,
    );
    expect(sameViewState({ ...state, columns: [{ key: 'nameTh', width: 280, pinned: true }] }, state)).toBe(
      false,
    );
  });
});
