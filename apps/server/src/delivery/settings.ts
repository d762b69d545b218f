import { type DeliverySettings, defaultDeliverySettings } from '@lms/domain';
import { readSetting, writeSetting } from '../db/appSetting.ts';
import type { Executor } from '../db/database.ts';

/** The delivery settings (docs/delivery.md "Settings"): kept in `app_setting`, the defaults until saved. */
const KEY = 'deliverySettings';

export const loadSettings = (db: Executor): Promise<DeliverySettings> =>
  readSetting(db, KEY, defaultDeliverySettings);

export async function saveSettings(db: Executor, settings: DeliverySettings): Promise<DeliverySettings> {
  await writeSetting(db, KEY, settings);
  return loadSettings(db);
}

/** A template with its `{placeholder}`s filled; unknown ones stay as written. */
export const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name]! : whole,
  );
