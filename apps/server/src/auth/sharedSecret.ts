import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';

/**
 * A server secret every instance shares (the token key, the appointment link key): made by the
 * first instance to start and kept in `app_setting` under `key`, base64 in a JSON string.
 */
export async function sharedSecret(db: Database, key: string, bytes: number): Promise<Buffer> {
  await db
    .insertInto('app_setting')
    .values({ key, value: JSON.stringify(randomBytes(bytes).toString('base64')) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const { value } = await db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (typeof value !== 'string') throw new Error(`app_setting ${key} is not a base64 string`);
  return Buffer.from(value, 'base64');
}
