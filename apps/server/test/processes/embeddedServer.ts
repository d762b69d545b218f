import { startEmbeddedPostgres } from '../../src/db/embedded.ts';

// A server process reduced to its embedded PostgreSQL, for recovery.test.ts: started with a data
// directory, it prints `ready <adminUrl>`, stops PostgreSQL on SIGTERM and is otherwise killed.
const dir = process.argv[2];
if (!dir) throw new Error('usage: embeddedServer.ts <dataDir>');
const embedded = await startEmbeddedPostgres(dir, { notice: (message) => console.log(message) });
console.log(`ready ${embedded.adminUrl}`);
process.on('SIGTERM', async () => {
  await embedded.stop();
  process.exit(0);
});
setInterval(() => {}, 60_000);
