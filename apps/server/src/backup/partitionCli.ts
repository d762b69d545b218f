import { connect } from '../db/database.ts';
import { detachMonth, ensurePartitions, listPartitions, PartitionError } from '../db/partitions.ts';
import { openDatabase } from './target.ts';

/**
 * `npm run db:partitions [-- list | ensure | detach <table> <YYYY-MM>]` (docs/operations.md
 * "Partitions"): on DATABASE_URL's database or the embedded one under LMS_DATA_DIR, beside a
 * running server or not.
 */
const usage = 'npm run db:partitions -- list | ensure | detach <table> <YYYY-MM>';

async function main([command = 'list', ...rest]: string[]): Promise<void> {
  const target = await openDatabase('backup');
  const db = connect(target.url, 1);
  try {
    if (command === 'list') {
      for (const p of await listPartitions(db))
        console.log(`${p.name.padEnd(28)} ${(p.bytes / 2 ** 20).toFixed(1).padStart(9)} MB  ${p.bounds}`);
    } else if (command === 'ensure') {
      const created = await ensurePartitions(db);
      console.log(created.length ? `created: ${created.join(', ')}` : 'every month is there');
    } else if (command === 'detach' && rest.length === 2) {
      console.log(`detached: ${await detachMonth(db, rest[0]!, rest[1]!)} (export it, then drop it)`);
    } else throw new PartitionError(`usage: ${usage}`);
  } finally {
    await db.destroy();
    await target.close();
  }
}

try {
  await main(process.argv.slice(2));
  process.exit(0);
} catch (error) {
  console.error(error instanceof PartitionError ? error.message : error);
  process.exit(1);
}
