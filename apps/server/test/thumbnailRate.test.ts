import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileMessages, THUMB_RATE } from '../src/files/limits.ts';
import { createUser, signIn } from './fixtures.ts';
import { setupSecondInstance, setupTestServer } from './harness.ts';

// The rule of THUMB_RATE with a limit a test reaches quickly: four generations, then a minute's wait.
const rate = { ...THUMB_RATE, limit: 4 };
const dataDir = mkdtempSync(path.join(tmpdir(), 'lms-thumb-rate-'));
const server = setupTestServer({ dataDir, app: () => ({ files: { thumbnailRate: rate } }) });
// A second instance with the default rule: the count is kept in PostgreSQL, not per process.
const second = setupSecondInstance(server);
const user = { token: '', other: '' };

beforeAll(async () => {
  user.token = await signIn(server.api, await createUser(server.db));
  user.other = await signIn(server.api, await createUser(server.db));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function uploadImage(token: string): Promise<string> {
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ภาพ.png');
  const response = await fetch(`${server.api}/file/uploadImage`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { files: { id: string }[] }).files[0]!.id;
}

const thumb = (api: string, id: string, w: number, token: string) =>
  fetch(`${api}/file/thumb/${id}?w=${w}&h=${w}`, { headers: { authorization: `Bearer ${token}` } });

describe('thumbnail generations per user over time', () => {
  it('answers a Thai 429 once a user made the limit of new thumbnails; stored ones and other users go on', async () => {
    const id = await uploadImage(user.token);
    // One after another (not a flood the in-flight cap would refuse): four generations are made …
    for (const w of [16, 24, 32, 48]) {
      const made = await thumb(server.api, id, w, user.token);
      expect(made.status).toBe(200);
      expect(made.headers.get('x-thumbnail-cache')).toBe('miss');
    }
    // … the fifth new size is refused, here and on the other instance (which counts in the same table).
    for (const api of [server.api, second.api]) {
      const refused = await thumb(api, id, 64, user.token);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { messages: string[] }).messages).toEqual([
        fileMessages.thumbnailsTooOften(1),
      ]);
    }
    // A thumbnail already made costs nothing: still served.
    const stored = await thumb(server.api, id, 32, user.token);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('x-thumbnail-cache')).toBe('hit');
    // Another user is not held back (on their own upload of the same picture: another's upload is not theirs to read).
    expect((await thumb(server.api, await uploadImage(user.other), 64, user.other)).status).toBe(200);
  });
});
