import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EntityDef, entityByName, ROLE_ADMIN } from '@lms/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferences, sampleBody } from './entityFactory.ts';
import { pdf, solidImage, zip } from './fixtures/files/samples.ts';
import { call, createBranch, createUser, signIn, uploadFile } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * Issue 23: an `attachments` field keeps an ordered list of uploaded files on a record. Only the
 * user's own uploads (or files the record already has) attach, and an attached file cannot be
 * deleted from under the record.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'lms-attach-'));
const server = setupTestServer({ dataDir });
const THAI = /[\u0E00-\u0E7F]/;
const shipTo = entityByName('shipTo');
const shipment = entityByName('shipment');
let branchId = '';
let otherBranchId = '';
let token = '';
let otherToken = '';
let outsiderToken = '';

beforeAll(async () => {
  branchId = await createBranch(server.db);
  otherBranchId = await createBranch(server.db);
  token = await signIn(
    server.api,
    await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] }),
  );
  otherToken = await signIn(
    server.api,
    await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] }),
  );
  outsiderToken = await signIn(
    server.api,
    await createUser(server.db, { roles: ['ROLE_SHIPMENT_READ'], branchIds: [otherBranchId] }),
  );
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const upload = (name: string, bytes: Buffer, auth = token) => uploadFile(server.api, auth, name, bytes);

const scope = (entity: EntityDef) => (entity.branchOwned ? `?branchId=${branchId}` : '');
const api = (entity: EntityDef, method: string, suffix: string, body?: unknown, auth = token) =>
  call(server.api, method, `/${entity.name}${suffix}${scope(entity)}`, { token: auth, body });

async function newBody(entity: EntityDef) {
  return sampleBody(entity, await createReferences(server.api, token, entity, branchId));
}

/** A 422 in Thai, naming the attachments field (the form shows it under the field). */
const expectThai422 = (response: { status: number; body: { messages: string[]; errors: object } }) => {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(response.body.messages.length).toBeGreaterThan(0);
  for (const message of response.body.messages) expect(message).toMatch(THAI);
  expect(Object.keys(response.body.errors)).toEqual(['attachments']);
};

describe('attachments on a record', () => {
  it('attaches files in order, lists them, reorders and removes one; names come from file/info', async () => {
    const note = await upload('ใบส่งของที่ลูกค้าลงนาม.pdf', pdf());
    const photo = await upload('รูปหน้าร้าน.png', await solidImage('png'));
    const created = await api(shipTo, 'POST', '', { ...(await newBody(shipTo)), attachments: [note, photo] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.attachments).toEqual([note, photo]);

    const listed = await api(shipTo, 'GET', '', undefined);
    const row = listed.body.items.find((r: { id: string }) => r.id === created.body.id);
    expect(row.attachments).toEqual([note, photo]);
    expect((await call(server.api, 'GET', `/file/info/${note}`, { token })).body.origName).toBe(
      'ใบส่งของที่ลูกค้าลงนาม.pdf',
    );

    const reordered = await api(shipTo, 'PUT', `/${created.body.id}`, {
      ...created.body,
      attachments: [photo, note],
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.attachments).toEqual([photo, note]);
    const trimmed = await api(shipTo, 'PUT', `/${created.body.id}`, {
      ...reordered.body,
      attachments: [note],
    });
    expect(trimmed.body.attachments).toEqual([note]);
    // Leaving the field out of a body keeps the files.
    const { attachments: _kept, ...withoutField } = trimmed.body;
    const untouched = await api(shipTo, 'PUT', `/${created.body.id}`, { ...withoutField, name: 'ชื่อใหม่' });
    expect(untouched.body.attachments).toEqual([note]);
  });

  it('keeps the proof of delivery on a branch shipment, readable in its branch only', async () => {
    const proof = await upload('หลักฐานการส่งมอบ.jpg', await solidImage('jpeg'));
    const created = await api(shipment, 'POST', '', { ...(await newBody(shipment)), attachments: [proof] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await api(shipment, 'GET', `/${created.body.id}`)).body.attachments).toEqual([proof]);
    const outside = await call(server.api, 'GET', `/shipment/${created.body.id}?branchId=${branchId}`, {
      token: outsiderToken,
    });
    expect(outside.status).toBe(403);
  });

  it('refuses a file id that no upload gave, with a Thai 422, and writes nothing', async () => {
    const before = await api(shipTo, 'GET', '', undefined);
    const made = await api(shipTo, 'POST', '', {
      ...(await newBody(shipTo)),
      attachments: ['00000000-0000-4000-8000-00000000abcd'],
    });
    expectThai422(made);
    expect(made.body.messages.join(' ')).toContain('ไม่พบไฟล์ที่แนบ 1 ไฟล์');
    expect((await api(shipTo, 'GET', '', undefined)).body.total).toBe(before.body.total);
  });

  it('refuses ids that are not file ids, the same file twice, and more than the limit', async () => {
    const file = await upload('a.pdf', pdf());
    const body = await newBody(shipTo);
    expectThai422(await api(shipTo, 'POST', '', { ...body, attachments: ['../../etc/passwd'] }));
    expectThai422(await api(shipTo, 'POST', '', { ...body, attachments: 'not a list' }));
    const twice = await api(shipTo, 'POST', '', { ...body, attachments: [file, file] });
    expectThai422(twice);
    expect(twice.body.messages.join(' ')).toContain('มีไฟล์ซ้ำกัน');
    const many = Array.from(
      { length: 21 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    expectThai422(await api(shipTo, 'POST', '', { ...body, attachments: many }));
  });

  it("refuses another user's upload, but keeps the files a record already has when someone else edits it", async () => {
    const theirs = await upload('ของคนอื่น.pdf', pdf(), otherToken);
    const body = await newBody(shipTo);
    const refused = await api(shipTo, 'POST', '', { ...body, attachments: [theirs] });
    expectThai422(refused);

    const theirRecord = await api(shipTo, 'POST', '', { ...body, attachments: [theirs] }, otherToken);
    expect(theirRecord.status, JSON.stringify(theirRecord.body)).toBe(201);
    const mine = await upload('ของฉัน.pdf', pdf());
    const edited = await api(shipTo, 'PUT', `/${theirRecord.body.id}`, {
      ...theirRecord.body,
      attachments: [theirs, mine],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.attachments).toEqual([theirs, mine]);
  });

  it('refuses a file that is neither a document nor an image (a zip)', async () => {
    const archive = await upload('รวมไฟล์.zip', zip({ 'a.txt': 'x' }));
    const refused = await api(shipTo, 'POST', '', { ...(await newBody(shipTo)), attachments: [archive] });
    expectThai422(refused);
    expect(refused.body.messages.join(' ')).toContain('แนบได้เฉพาะไฟล์');
  });

  it('keeps an attached file from being deleted; the record going frees it', async () => {
    const file = await upload('สัญญา.pdf', pdf());
    const created = await api(shipTo, 'POST', '', { ...(await newBody(shipTo)), attachments: [file] });
    expect(created.status).toBe(201);
    const remove = () => sql`delete from stored_file where id = ${file}`.execute(server.db);
    await expect(remove()).rejects.toMatchObject({ code: '23503' });

    const deleted = await api(shipTo, 'DELETE', `/${created.body.id}`);
    expect(deleted.status).toBe(204);
    const links = await sql<{ n: number }>`select count(*)::int as n from ship_to__attachments
      where owner_id = ${created.body.id}`.execute(server.db);
    expect(links.rows[0]!.n).toBe(0);
    // The file itself stays downloadable (history names it), and now nothing holds it.
    expect((await call(server.api, 'GET', `/file/info/${file}`, { token })).status).toBe(200);
    await expect(remove()).resolves.toBeDefined();
  });

  it('describes the field in OpenAPI as an ordered list of file ids', async () => {
    const doc = await (await fetch(`${server.api}/docs/json`)).json();
    const body = doc.paths['/api/shipTo'].post.requestBody.content['application/json'].schema;
    expect(body.properties.attachments).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'uuid' },
      uniqueItems: true,
      maxItems: 20,
    });
  });
});
