import { entityByName } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { assertDeclaredChanges, recordHistory } from '../src/crud/history.ts';
import type { Executor } from '../src/db/database.ts';

const bookingReport = entityByName('bookingReport');

describe('a history entry records only what the history tab can name', () => {
  it('takes fields, children and declared notes', () => {
    expect(() =>
      assertDeclaredChanges(bookingReport, {
        callStatus: { from: 'NOT_CALLED', to: 'CALLED' },
        lines: [],
        movedBy: 'ลูกค้า (ลิงก์นัดส่งสินค้า)',
        slots: { from: ['a'], to: ['b'] },
      }),
    ).not.toThrow();
  });

  it('refuses a key that is none of them, naming it and the entity, before anything is written', async () => {
    expect(() => assertDeclaredChanges(bookingReport, { movedby: 'x' })).toThrow(
      'history: bookingReport records "movedby", neither a field nor a declared history note',
    );
    // A note of another entity is no note of this one.
    expect(() => assertDeclaredChanges(entityByName('deliveryOrder'), { movedBy: 'x' })).toThrow(/"movedBy"/);
    const untouched = new Proxy({} as Executor, {
      get: () => {
        throw new Error('the database was reached');
      },
    });
    await expect(
      recordHistory(untouched, {
        entity: bookingReport,
        recordId: 'r',
        action: 'update',
        userId: null,
        changes: { x: 1 },
      }),
    ).rejects.toThrow('"x", neither a field nor a declared history note');
  });
});
