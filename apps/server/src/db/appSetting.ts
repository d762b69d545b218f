import type { Executor } from './database.ts';

/**
 * A setting kept as one JSON object in `app_setting` under `key` (the message templates, the
 * company's settings): what its save route stored over `defaults`, key by key, so a setting added
 * later reads its default until it is saved.
 */
export async function readSetting<T extends object>(db: Executor, key: string, defaults: T): Promise<T> {
  const row = await db.selectFrom('app_setting').select('value').where('key', '=', key).executeTakeFirst();
  // Stored only by `writeSetting`, from a body its route's schema (and checks) passed.
  return { ...defaults, ...(row?.value as Partial<T> | undefined) };
}

/** Saves the setting whole (one row, replaced). */
export async function writeSetting(db: Executor, key: string, value: object): Promise<void> {
  await db
    .insertInto('app_setting')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}
