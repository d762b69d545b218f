import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** A managed PostgreSQL; when absent the server starts an embedded one under `dataDir`. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  /** The built web app, served beside `/api` in production. */
  readonly webDist: string;
  readonly development: boolean;
  readonly logLevel: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${env.PORT}"`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.LMS_DATA_DIR ?? path.join(repoRoot, 'data')),
    webDist: path.resolve(env.LMS_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    development: env.NODE_ENV === 'development',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
