import type { RecordMask } from '../crud/recordMask.ts';
import {
  filledPersonal,
  logPersonalData,
  maskPersonal,
  maskPersonalHistory,
  personalFields,
  personalInHistory,
  readsPersonalData,
} from './personalData.ts';

/**
 * Personal data in the generic CRUD routes (docs/privacy.md): a list masks it for everyone; one
 * record and its history go whole to those who may edit it (logged), masked to the others; an
 * export is logged, and masked for those who may not edit.
 */
export const personalDataMask: RecordMask = {
  list: (entity, rows) => {
    maskPersonal(entity, rows);
  },
  async read(db, entity, principal, row) {
    const revealed = filledPersonal(entity, row);
    if (revealed.length === 0) return;
    if (!readsPersonalData(principal, entity)) {
      maskPersonal(entity, [row]);
      return;
    }
    await logPersonalData(db, {
      userId: principal.userId,
      action: 'read',
      entity,
      recordId: row.id as string,
      fields: revealed,
    });
  },
  async history(db, entity, principal, recordId, entries) {
    // Past values are personal data like the current ones: the record's rule, and its log.
    const revealed = personalInHistory(entity, entries);
    if (revealed.length === 0) return entries;
    if (!readsPersonalData(principal, entity)) return maskPersonalHistory(entity, entries);
    await logPersonalData(db, {
      userId: principal.userId,
      action: 'read',
      entity,
      recordId,
      fields: revealed,
      detail: { history: true },
    });
    return entries;
  },
  async export(db, entity, principal, filters, rows) {
    const personal = personalFields(entity).map((f) => f.name);
    if (personal.length === 0) return rows;
    const whole = readsPersonalData(principal, entity);
    await logPersonalData(db, {
      userId: principal.userId,
      action: 'export',
      entity,
      fields: personal,
      detail: { filters, masked: !whole },
    });
    if (whole) return rows;
    return (async function* () {
      for await (const batch of rows) yield maskPersonal(entity, batch);
    })();
  },
};
