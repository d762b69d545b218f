import { sql } from 'kysely';
import { connect } from './database.ts';

const safeName = /^[a-z_][a-z0-9_]{0,62}$/;

function checkName(name: string): string {
  if (!safeName.test(name)) throw new Error(`Invalid database name "${name}"`);
  return name;
}

/** Runs `action` on a short-lived connection to the maintenance database. */
async function withAdmin<T>(adminUrl: string, action: (admin: ReturnType<typeof connect>) => Promise<T>) {
  const admin = connect(adminUrl, 1);
  try {
    return await action(admin);
  } finally {
    await admin.destroy();
  }
}

export function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  return withAdmin(adminUrl, async (admin) => {
    const { rows } = await sql`select 1 from pg_database where datname = ${name}`.execute(admin);
    if (rows.length === 0) await sql.raw(`create database "${checkName(name)}"`).execute(admin);
  });
}

export function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const from = template ? ` template "${checkName(template)}"` : '';
  return withAdmin(adminUrl, (admin) =>
    sql
      .raw(`create database "${checkName(name)}"${from}`)
      .execute(admin)
      .then(() => {}),
  );
}

export function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return withAdmin(adminUrl, (admin) =>
    sql
      .raw(`drop database if exists "${checkName(name)}" with (force)`)
      .execute(admin)
      .then(() => {}),
  );
}

/** Replaces the database name in a connection URL. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${checkName(name)}`;
  return url.toString();
}
