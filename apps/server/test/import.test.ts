import { type EntityDef, entityByName, ROLE_ADMIN } from '@lms/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { importColumns } from '../src/import/columns.ts';
import { importableEntities } from '../src/import/routes.ts';
import { createReferences, sampleBody } from './entityFactory.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
let token = '';
let branchId = '';
let otherBranchId = '';

beforeAll(async () => {
  branchId = await createBranch(server.db, 'IMP', 'สาขานำเข้า');
  otherBranchId = await createBranch(server.db, 'IMP2', 'สาขาอื่น');
  token = await signIn(
    server.api,
    await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId, otherBranchId] }),
  );
});

const scope = (entity: EntityDef, extra: Record<string, string> = {}, branch = branchId) => {
  const params = new URLSearchParams({ ...(entity.branchOwned ? { branchId: branch } : {}), ...extra });
  return params.size ? `?${params}` : '';
};

/** `POST {entity}/import` with the file as multipart `file`. */
async function upload(
  entity: EntityDef,
  bytes: Uint8Array | string,
  name: string,
  query: Record<string, string> = {},
  options: { as?: string; branch?: string } = {},
) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${server.api}/${entity.name}/import${scope(entity, query, options.branch)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.as ?? token}` },
    body: form,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: report bodies are inspected field by field.
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
}

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('ข้อมูล');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function download(path: string): Promise<Uint8Array> {
  const response = await fetch(`${server.api}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** Every row of an entity's table in the branch, as text, to compare before and after. */
async function snapshot(entity: EntityDef): Promise<string> {
  const { rows } = await sql<{ r: string }>`select t::text as r from ${sql.table(
    entity.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
  )} t order by id`.execute(server.db);
  return rows.map((r) => r.r).join('\n');
}

describe('every entity: export → import back', () => {
  it.each(importableEntities().map((e) => [e.name, e] as const))(
    '%s: every row comes back unchanged',
    async (_name, entity) => {
      const refIds = await createReferences(server.api, token, entity, branchId);
      const created = await call(server.api, 'POST', `/${entity.name}${scope(entity)}`, {
        token,
        body: sampleBody(entity, refIds),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const exported = await download(`/${entity.name}/export${scope(entity)}`);
      const report = await upload(entity, exported, `${entity.name}.xlsx`, { dryRun: 'false' });
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      const notUnchanged = report.body.rows.filter((r: { status: string }) => r.status !== 'unchanged');
      expect(notUnchanged, JSON.stringify(notUnchanged)).toEqual([]);
      expect(report.body.total).toBeGreaterThan(0);
      expect(report.body.unchanged).toBe(report.body.total);
    },
  );
});
