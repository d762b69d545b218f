/**
 * `npm run db:types`: writes `schema.generated.ts`, the `DB` type of `Kysely<DB>`, from a freshly
 * migrated database. Run after adding a migration.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_FILE, schemaTypes } from './schemaTypes.ts';
import { withMigratedScratch } from './scratch.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
await withMigratedScratch(async (db, _adminUrl, level) => {
  await writeFile(path.join(root, GENERATED_FILE), await schemaTypes(db));
  console.log(`${GENERATED_FILE}: the schema up to ${level}`);
});
