import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { entityByName, ROLE_ADMIN } from '@lms/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNATTACHED_GRACE_HOURS } from '../src/files/limits.ts';
import { DiskFileStorage } from '../src/files/storage.ts';
import { sweepUnattachedFiles } from '../src/files/sweep.ts';
import { createReferences, sampleBody } from './entityFactory.ts';
import { pdf, solidImage } from './fixtures/files/samples.ts';
import { call, createBranch, createUser, signIn, uploadFile } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * Issue 23: files nobody keeps are swept — an upload never attached, the files of a deleted
 * record — once older than the grace period; linked, recent and shared content stays.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'lms-sweep-'));
const server = setupTestServer({ dataDir });
const storage = new DiskFileStorage(path.join(dataDir, 'files'));
const shipTo = entityByName('shipTo');
let branchId = '';
let token = '';
let userId = '';

beforeAll(async () => {
  branchId = await createBranch(server.db);
  const user = await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] });
  userId = user.id;
  token = await signIn(server.api, user);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const upload = (name: string, bytes: Buffer) => uploadFile(server.api, token, name, bytes);

/** As if uploaded longer ago than the grace period. */
const age = (...ids: string[]) =>
  sql`update stored_file set created_at = now() - make_interval(hours => ${UNATTACHED_GRACE_HOURS + 1})
    where id = any(${ids}::uuid[])`.execute(server.db);
const shaOf = async (id: string) =>
  (await sql<{ sha256: string }>`select sha256 from stored_file where id = ${id}`.execute(server.db)).rows[0]
    ?.sha256;
/** The download's status (the bytes are read and dropped). */
const downloads = async (id: string) => {
  const response = await fetch(`${server.api}/file/${id}`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
};

describe('the sweep of unattached files', () => {
  it('removes a deleted record’s files and old unattached uploads, bytes and thumbnails; keeps the rest', async () => {
    const attached = await upload('ใบส่งของ.pdf', pdf());
    const photo = await upload('รูปหน้าร้าน.png', await solidImage('png', 120, 80));
    const kept = await upload('ยังแนบอยู่.jpg', await solidImage('jpeg', 64, 64));
    const abandoned = await upload('ไม่ได้แนบ.png', await solidImage('png', 90, 90));
    const recent = await upload('เพิ่งอัปโหลด.gif', await solidImage('gif', 30, 30));
    const profile = await upload('รูปโปรไฟล์.png', await solidImage('png', 40, 40));
    // The same content twice: one copy old and unattached, the other attached.
    const copy = Buffer.concat([pdf(), Buffer.from('% another document\n')]);
    const sharedOld = await upload('ซ้ำ.pdf', copy);
    const sharedAttached = await upload('ซ้ำ.pdf', copy);

    const references = await createReferences(server.api, token, shipTo, branchId);
    const create = (attachments: string[]) =>
      call(server.api, 'POST', `/shipTo`, {
        token,
        body: { ...sampleBody(shipTo, references), attachments },
      });
    const doomed = await create([attached, photo]);
    expect(doomed.status, JSON.stringify(doomed.body)).toBe(201);
    const staying = await create([kept, sharedAttached]);
    expect(staying.status, JSON.stringify(staying.body)).toBe(201);
    await sql`update app_user set profile_image_id = ${profile} where id = ${userId}`.execute(server.db);
    // A thumbnail of a file that goes.
    expect((await call(server.api, 'GET', `/file/thumb/${photo}`, { token })).status).toBe(200);
    const photoSha = await shaOf(photo);
    const attachedSha = await shaOf(attached);
    const abandonedSha = await shaOf(abandoned);
    const { rows: thumbs } = await sql<{ sha: string }>`
      select thumb_sha256 as sha from file_thumbnail where source_sha256 = ${photoSha}`.execute(server.db);
    expect(thumbs.length).toBe(1);

    const deleted = await call(server.api, 'DELETE', `/shipTo/${doomed.body.id}`, {
      token,
    });
    expect(deleted.status).toBe(204);
    // The link rows went with the record.
    const { rows: links } =
      await sql`select 1 from ship_to__attachments where owner_id = ${doomed.body.id}`.execute(server.db);
    expect(links).toEqual([]);

    // Within the grace period nothing goes: the deleted record's files were uploaded just now.
    expect(await sweepUnattachedFiles(server.db, storage)).toBe(0);
    expect(await downloads(attached)).toBe(200);

    await age(attached, photo, kept, abandoned, profile, sharedOld, sharedAttached);
    expect(await sweepUnattachedFiles(server.db, storage)).toBe(4);

    for (const id of [attached, photo, abandoned, sharedOld]) {
      expect(await shaOf(id)).toBeUndefined();
      expect(await downloads(id)).toBe(404);
    }
    for (const sha of [attachedSha!, photoSha!, abandonedSha!, thumbs[0]!.sha])
      expect(await storage.has(sha)).toBe(false);
    const { rows: thumbsLeft } = await sql`
      select 1 from file_thumbnail where source_sha256 = ${photoSha}`.execute(server.db);
    expect(thumbsLeft).toEqual([]);
    // Linked (an attachment, a profile image), recent, and content another file shares: kept.
    for (const id of [kept, sharedAttached, profile, recent]) expect(await downloads(id)).toBe(200);
    expect(await sweepUnattachedFiles(server.db, storage)).toBe(0);
  });
});
