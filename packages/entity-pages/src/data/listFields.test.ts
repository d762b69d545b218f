import { storedColumnLayout } from '@lms/design-system';
import { entityByName } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { columnStorageFor, entityColumns } from '../pages/entityColumns.tsx';
import { carriesFields, shownListFields } from './listFields.ts';
import { listShapeOf } from './pageCursors.ts';

const deliveryOrder = entityByName('deliveryOrder');
const columns = entityColumns(deliveryOrder);
/** What a browser that chose nothing shows: the declared columns, the others hidden. */
const declared = storedColumnLayout(columnStorageFor(deliveryOrder, null));

describe('shownListFields', () => {
  it('asks the DO list’s declared columns by default, in the declaration’s order', () => {
    expect(shownListFields(deliveryOrder, columns, declared)).toBe(
      'docNo,deliveryAt,weight,volume,isBooking,customerId,soShipToId',
    );
  });

  it('leaves out hidden columns and takes in shown ones, whatever order the layout puts them in', () => {
    const layout = [
      ...declared.filter((setting) => setting.key !== 'qty'),
      { key: 'soShipToId', hidden: true },
      { key: 'weight', hidden: true },
    ];
    expect(shownListFields(deliveryOrder, columns, layout)).toBe(
      'docNo,deliveryAt,qty,volume,isBooking,customerId',
    );
  });

  it('keeps the first column, which cannot be hidden', () => {
    expect(shownListFields(deliveryOrder, columns, [...declared, { key: 'docNo', hidden: true }])).toMatch(
      /^docNo,/,
    );
  });
});

describe('carriesFields', () => {
  it('says whether rows asked with one set carry another', () => {
    expect(carriesFields(undefined, 'a,b')).toBe(true);
    expect(carriesFields('a,b,c', 'c,a')).toBe(true);
    expect(carriesFields('a,b', 'a,b,c')).toBe(false);
    expect(carriesFields('a,b', undefined)).toBe(false);
  });
});

describe('a list’s shape', () => {
  it('is the same whatever fields its rows carry: a cursor names the order, not the columns', () => {
    const key = (fields: string) => ['entity', 'x', 'list', null, { page: 2, size: 20, fields }];
    expect(listShapeOf(key('a,b'))).toBe(listShapeOf(key('a')));
  });
});
