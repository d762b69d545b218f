import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { entityByName, ROLE_ADMIN, ROLE_APP_USER_EDIT, ROLE_APP_USER_READ } from '@lms/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentMessages } from '../src/crud/attachments.ts';
import { fileMessages } from '../src/files/limits.ts';
import { createReferences, sampleBody } from './entityFactory.ts';
import { pdf, solidImage } from './fixtures/files/samples.ts';
import { call, createBranch, createUser, signIn, uploadFile } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * Hardening 2, item 5: a file a record names is readable by exactly who may read that record (its
 * read role, and its branch among the reader's); an upload no record names, by its uploader only;
 * a profile image, by every signed-in user. A refusal is the unknown id's 404, on every file route.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'lms-file-access-'));
const server = setupTestServer({ dataDir });
const shipment = entityByName('shipment');
const UNKNOWN_ID = '00000000-0000-4000-8000-0000000000f1';
/** Every route that answers a file's bytes or metadata; each file below is an image, so each may answer 200. */
const fileRoutes = ['/file/info/', '/file/', '/file/image/', '/file/thumb/'] as const;

type Reader = 'bkk' | 'cnx' | 'cnxNoRole' | 'hkt' | 'userAdmin' | 'uploader' | 'admin';
type Kind = 'cnxShipment' | 'bkkShipment' | 'unattached' | 'profile';
const tokens = {} as Record<Reader, string>;
const files = {} as Record<Kind, string>;
const ids = { branch: {} as Record<'bkk' | 'cnx' | 'hkt', string>, cnxShipment: '', userAdmin: '' };
let secretPdf = '';

const upload = (name: string, bytes: Buffer, token: string) => uploadFile(server.api, token, name, bytes);

/** A shipment of `branchId` holding `attachments`, created by `token` (references made by the admin). */
async function createShipment(branchId: string, attachments: string[], token: string): Promise<string> {
  const refs = await createReferences(server.api, tokens.admin, shipment, branchId);
  const created = await call(server.api, 'POST', `/shipment?branchId=${branchId}`, {
    token,
    body: { ...sampleBody(shipment, refs), attachments },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

async function read(route: string, id: string, reader: Reader) {
  const response = await fetch(`${server.api}${route}${id}`, {
    headers: { authorization: `Bearer ${tokens[reader]}` },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, body: response.status === 200 ? null : bytes.toString() };
}

/** Sets a user's profile image through the user form's PUT, as `reader`. */
async function setProfileImage(userId: string, fileId: string, reader: Reader) {
  const record = await call(server.api, 'GET', `/appUser/${userId}`, { token: tokens.admin });
  return call(server.api, 'PUT', `/appUser/${userId}`, {
    token: tokens[reader],
    body: { ...record.body, profileImageId: fileId },
  });
}

beforeAll(async () => {
  ids.branch = {
    bkk: await createBranch(server.db),
    cnx: await createBranch(server.db),
    hkt: await createBranch(server.db),
  };
  const user = async (reader: Reader, roles: string[], branchIds: string[]) => {
    const created = await createUser(server.db, { roles, branchIds });
    tokens[reader] = await signIn(server.api, created);
    return created.id;
  };
  await user('admin', [ROLE_ADMIN], []);
  await user('uploader', ['ROLE_SHIPMENT_EDIT'], [ids.branch.cnx]);
  await user('bkk', ['ROLE_SHIPMENT_READ'], [ids.branch.bkk]);
  await user('cnx', ['ROLE_SHIPMENT_READ'], [ids.branch.cnx]);
  await user('cnxNoRole', ['ROLE_DELIVERY_ORDER_READ'], [ids.branch.cnx]);
  await user('hkt', ['ROLE_SHIPMENT_READ', 'ROLE_SHIPMENT_EDIT'], [ids.branch.hkt]);
  ids.userAdmin = await user('userAdmin', [ROLE_APP_USER_READ, ROLE_APP_USER_EDIT], []);

  const png = await solidImage('png', 40, 30);
  secretPdf = await upload('secret-shipment-CNX.pdf', pdf(), tokens.uploader);
  files.cnxShipment = await upload('secret-shipment-CNX.png', png, tokens.uploader);
  ids.cnxShipment = await createShipment(ids.branch.cnx, [secretPdf, files.cnxShipment], tokens.uploader);
  files.bkkShipment = await upload('bkk-shipment.png', png, tokens.admin);
  await createShipment(ids.branch.bkk, [files.bkkShipment], tokens.admin);
  files.unattached = await upload('draft.png', png, tokens.uploader);
  files.profile = await upload('รูปโปรไฟล์.png', png, tokens.userAdmin);
  const profile = await setProfileImage(ids.userAdmin, files.profile, 'userAdmin');
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Who reads what: the same answer on every file route.
const may: Record<Reader, Record<Kind, boolean>> = {
  bkk: { cnxShipment: false, bkkShipment: true, unattached: false, profile: true },
  cnx: { cnxShipment: true, bkkShipment: false, unattached: false, profile: true },
  cnxNoRole: { cnxShipment: false, bkkShipment: false, unattached: false, profile: true },
  hkt: { cnxShipment: false, bkkShipment: false, unattached: false, profile: true },
  userAdmin: { cnxShipment: false, bkkShipment: false, unattached: false, profile: true },
  uploader: { cnxShipment: true, bkkShipment: false, unattached: true, profile: true },
  admin: { cnxShipment: true, bkkShipment: true, unattached: false, profile: true },
};

describe('who may read a file, on every file route', () => {
  for (const [reader, kinds] of Object.entries(may) as [Reader, Record<Kind, boolean>][]) {
    it(`${reader}: ${Object.entries(kinds)
      .map(([kind, yes]) => `${kind} ${yes ? '200' : '404'}`)
      .join(', ')}`, async () => {
      for (const route of fileRoutes) {
        const unknown = await read(route, UNKNOWN_ID, reader);
        expect(unknown.status).toBe(404);
        for (const [kind, yes] of Object.entries(kinds) as [Kind, boolean][]) {
          const answer = await read(route, files[kind], reader);
          // A refusal is exactly the unknown id's answer: an id does not tell that its file exists.
          expect(answer, `${route}${kind}`).toEqual(yes ? { status: 200, body: null } : unknown);
        }
      }
    });
  }

  it("keeps the CNX shipment's secret-shipment-CNX.pdf from a BKK user and the user administrator", async () => {
    for (const reader of ['bkk', 'userAdmin', 'hkt'] as const) {
      for (const route of ['/file/', '/file/info/']) {
        const answer = await read(route, secretPdf, reader);
        expect(answer.status, `${reader} ${route}`).toBe(404);
        expect(JSON.parse(answer.body!)).toEqual({ messages: [fileMessages.notFound] });
      }
    }
    expect((await call(server.api, 'GET', `/file/info/${secretPdf}`, { token: tokens.cnx })).body).toEqual({
      id: secretPdf,
      origName: 'secret-shipment-CNX.pdf',
    });
  });

  it("an upload is its uploader's until a record holds it, then its record's readers'", async () => {
    const draft = await upload('proof.png', await solidImage('png', 20, 20), tokens.uploader);
    expect((await read('/file/info/', draft, 'cnx')).status).toBe(404);
    const record = await call(server.api, 'GET', `/shipment/${ids.cnxShipment}?branchId=${ids.branch.cnx}`, {
      token: tokens.uploader,
    });
    const updated = await call(server.api, 'PUT', `/shipment/${ids.cnxShipment}?branchId=${ids.branch.cnx}`, {
      token: tokens.uploader,
      body: { ...record.body, attachments: [...record.body.attachments, draft] },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    for (const reader of ['cnx', 'uploader', 'admin'] as const)
      expect((await read('/file/thumb/', draft, reader)).status, reader).toBe(200);
    for (const reader of ['bkk', 'hkt', 'cnxNoRole'] as const)
      expect((await read('/file/thumb/', draft, reader)).status, reader).toBe(404);
  });
});

describe('a profile image is seen by everyone, so only an own upload becomes one', () => {
  it("refuses another user's file as a profile image (it would make that file everyone's)", async () => {
    const refused = await setProfileImage(ids.userAdmin, files.cnxShipment, 'userAdmin');
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.errors.profileImageId).toBe(attachmentMessages.notUsable('รูปโปรไฟล์', 1));
    expect((await read('/file/', files.cnxShipment, 'bkk')).status).toBe(404);
  });

  it('refuses a file that is not an image, and keeps the image already there when another edits the user', async () => {
    const document = await upload('not-a-photo.pdf', pdf(), tokens.userAdmin);
    const refused = await setProfileImage(ids.userAdmin, document, 'userAdmin');
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.errors.profileImageId).toBe(attachmentMessages.notImage('รูปโปรไฟล์'));
    expect((await setProfileImage(ids.userAdmin, files.profile, 'admin')).status).toBe(200);
  });
});
