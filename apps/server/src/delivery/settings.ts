import { type DeliverySettings, defaultDeliverySettings } from '@lms/domain';
import type { Executor } from '../db/database.ts';

/** The delivery settings (docs/delivery.md "Settings"): kept in `app_setting`, the defaults until saved. */
const KEY = 'deliverySettings';

export async function loadSettings(db: Executor): Promise<DeliverySettings> {
  const row = await db.selectFrom('app_setting').select('value').where('key', '=', KEY).executeTakeFirst();
  const saved = (row?.value ?? {}) as Partial<DeliverySettings>;
  return { ...defaultDeliverySettings, ...saved };
}

export async function saveSettings(db: Executor, settings: DeliverySettings): Promise<DeliverySettings> {
  await db
    .insertInto('app_setting')
    .values({ key: KEY, value: JSON.stringify(settings) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(settings) }))
    .execute();
  return loadSettings(db);
}

/** A template with its `{placeholder}`s filled; unknown ones stay as written. */
export const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
