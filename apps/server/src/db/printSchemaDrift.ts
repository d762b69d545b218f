/**
 * `npm run db:diff`: the ALTERs that the entity declarations need beyond the migrations, for a
 * new migration (apps/server/src/db/migrations/).
 */
import { entities } from '@lms/domain';
import { schemaDrift } from './schemaDiff.ts';
import { withMigratedScratch } from './scratch.ts';

await withMigratedScratch(async (db, adminUrl, level) => {
  const alters = await schemaDrift(adminUrl, db, entities);
  if (alters.length === 0) {
    console.log(`-- the migrations (up to ${level}) give exactly what the declarations ask for`);
  } else {
    console.log(`-- the declarations need, beyond the migrations up to ${level}:`);
    for (const statement of alters) console.log(`${statement};`);
  }
});
