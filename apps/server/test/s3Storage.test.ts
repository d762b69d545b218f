import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { AwsV4Signer } from 'aws4fetch';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readFileStoreSettings,
  S3_ATTEMPTS,
  S3FileStorage,
  type S3Settings,
} from '../src/files/s3Storage.ts';
import { sha256Of } from '../src/files/storage.ts';
import { EMPTY_PAYLOAD_HASH, type FakeS3, signatureOf, startFakeS3 } from './fakeS3.ts';
import { createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const credentials = {
  accessKeyId: 'LMSTESTKEY',
  secretAccessKey: 'lms/test+secret',
  region: 'ap-southeast-1',
};
let fake: FakeS3;
const settings = (): S3Settings => ({
  ...credentials,
  endpoint: fake.endpoint,
  bucket: 'lms-files',
  prefix: 'prod/',
  pathStyle: true,
});

// Started before the server: the server's options are asked for in its own beforeAll.
beforeAll(async () => {
  fake = await startFakeS3(credentials);
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'lms-s3-'));
const server = setupTestServer({
  dataDir,
  app: () => ({ files: { storage: new S3FileStorage(settings()) } }),
});
afterAll(async () => {
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Signature V4', () => {
  // signatureOf is the fake S3's check (test/fakeS3.ts), written apart from the store's signer.
  it('signs AWS’s documented example (GET Object with a Range header) to its published signature', () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object".
    const { signature, signedHeaders, scope } = signatureOf(
      {
        method: 'GET',
        path: '/test.txt',
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': EMPTY_PAYLOAD_HASH,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      '20130524T000000Z',
    );
    expect(scope).toBe('20130524/us-east-1/s3/aws4_request');
    expect(signedHeaders).toBe('host;range;x-amz-content-sha256;x-amz-date');
    expect(signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });

  it('aws4fetch, the store’s signer, signs the same example to the same signature', async () => {
    const signer = new AwsV4Signer({
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: { range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY_PAYLOAD_HASH },
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      service: 's3',
      region: 'us-east-1',
      datetime: '20130524T000000Z',
      // The example signs its Range header, which aws4fetch leaves unsigned unless told.
      allHeaders: true,
    });
    expect(await signer.signature()).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });
});

describe('S3FileStorage against a fake S3 that checks every signature', () => {
  it('puts, finds, reads and removes content by its SHA-256, under the prefix', async () => {
    const store = new S3FileStorage(settings());
    const bytes = Buffer.from('ใบส่งของ 0001');
    const key = await store.put(bytes);
    expect(key).toBe(sha256Of(bytes));
    expect(fake.objects.get(`/lms-files/prod/${key}`)).toEqual(bytes);
    expect(await store.has(key)).toBe(true);
    expect(await buffer((await store.get(key))!)).toEqual(bytes);
    await store.remove(key);
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeUndefined();
    // A key not held is no error to remove.
    await store.remove(key);
    expect(fake.calls.every((call) => call.status !== 403)).toBe(true);
  });

  it('writes staged bytes only at commit, and nothing for a discarded call', async () => {
    const store = new S3FileStorage(settings());
    const kept = await store.stage(Buffer.from('kept'));
    const dropped = await store.stage(Buffer.from('dropped'));
    expect(await store.has(kept.key)).toBe(false);
    await dropped.discard();
    await kept.commit();
    expect(await store.has(kept.key)).toBe(true);
    expect(await store.has(dropped.key)).toBe(false);
    expect(await store.sweepStaged()).toBe(0);
  });

  it('fails loudly, without the secret, when the signature does not verify', async () => {
    const store = new S3FileStorage({ ...settings(), secretAccessKey: 'wrong' });
    const failure = store.put(Buffer.from('x'));
    await expect(failure).rejects.toThrow(/403 .*SignatureDoesNotMatch/);
    await expect(failure).rejects.not.toThrow(/wrong/);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'PUT', status: 403 });
  });
});

describe('S3FileStorage with temporary (role) credentials', () => {
  it('sends and signs the session token; without it the call is refused', async () => {
    const sessionToken = 'IQoJb3JpZ2luX2VjEHIaDmFwLXNvdXRoZWFzdC0x/token+with=chars';
    const withToken = await startFakeS3({ ...credentials, sessionToken });
    try {
      const endpoint = withToken.endpoint;
      const store = new S3FileStorage({ ...settings(), endpoint, sessionToken });
      const key = await store.put(Buffer.from('ใบกำกับ'));
      expect(await store.has(key)).toBe(true);
      expect(withToken.calls.map((call) => call.status)).toEqual([200, 200]);
      const failure = new S3FileStorage({ ...settings(), endpoint }).put(Buffer.from('x'));
      await expect(failure).rejects.toThrow(/403 .*InvalidToken/);
    } finally {
      await withToken.close();
    }
  });
});

describe('S3FileStorage when S3 asks it to slow down', () => {
  it('retries a 503 SlowDown after a back-off, then succeeds', async () => {
    const store = new S3FileStorage(settings());
    const before = fake.calls.length;
    fake.failNext(2, 503, 'SlowDown');
    const key = await store.put(Buffer.from('ช้าลงหน่อย'));
    expect(fake.calls.slice(before).map((call) => call.status)).toEqual([503, 503, 200]);
    expect(fake.objects.get(`/lms-files/prod/${key}`)).toEqual(Buffer.from('ช้าลงหน่อย'));
  });

  it('gives up after a bounded number of tries of a 500 InternalError, naming it', async () => {
    const store = new S3FileStorage(settings());
    const before = fake.calls.length;
    fake.failNext(S3_ATTEMPTS, 500, 'InternalError');
    await expect(store.put(Buffer.from('ไม่ได้'))).rejects.toThrow(/500 .*InternalError/);
    expect(fake.calls.length - before).toBe(S3_ATTEMPTS);
  });
});

describe('the server on an S3 store', () => {
  it('uploads, downloads and makes thumbnails in the bucket; nothing on the disk', async () => {
    const token = await signIn(server.api, await createUser(server.db));
    const png = await sharp({
      create: { width: 64, height: 40, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'รูป.png');
    const uploaded = await fetch(`${server.api}/file/uploadImage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { files } = (await uploaded.json()) as { files: { id: string }[] };
    const auth = { authorization: `Bearer ${token}` };
    const image = await fetch(`${server.api}/file/image/${files[0]!.id}`, { headers: auth });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    const thumb = await fetch(`${server.api}/file/thumb/${files[0]!.id}?w=32`, { headers: auth });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(fake.objects.get(`/lms-files/prod/${sha256Of(png)}`)).toEqual(png);
    // The original and its thumbnail, both in the bucket.
    expect(
      [...fake.objects.keys()].filter((k) => k.startsWith('/lms-files/prod/')).length,
    ).toBeGreaterThanOrEqual(2);
    const onDisk = readdirSync(dataDir, { recursive: true }).map(String);
    expect(onDisk.filter((name) => /[0-9a-f]{64}/.test(name))).toEqual([]);
  });
});

describe('LMS_FILE_STORE', () => {
  it('is the disk unless set to s3, and names a missing S3 setting', () => {
    expect(readFileStoreSettings({})).toEqual({ kind: 'disk' });
    expect(() => readFileStoreSettings({ LMS_FILE_STORE: 's3', LMS_S3_ENDPOINT: 'http://x' })).toThrow(
      'LMS_S3_BUCKET',
    );
    expect(() => readFileStoreSettings({ LMS_FILE_STORE: 'ftp' })).toThrow('LMS_FILE_STORE');
    expect(
      readFileStoreSettings({
        LMS_FILE_STORE: 's3',
        LMS_S3_ENDPOINT: 'https://s3.ap-southeast-1.amazonaws.com',
        LMS_S3_BUCKET: 'b',
        LMS_S3_ACCESS_KEY_ID: 'k',
        LMS_S3_SECRET_ACCESS_KEY: 's',
        LMS_S3_PREFIX: 'lms',
        LMS_S3_PATH_STYLE: 'false',
      }),
    ).toMatchObject({ kind: 's3', region: 'us-east-1', prefix: 'lms/', pathStyle: false });
  });

  it('takes a session token for temporary credentials when one is set', () => {
    const s3 = {
      LMS_FILE_STORE: 's3',
      LMS_S3_ENDPOINT: 'https://s3.ap-southeast-1.amazonaws.com',
      LMS_S3_BUCKET: 'b',
      LMS_S3_ACCESS_KEY_ID: 'ASIAEXAMPLE',
      LMS_S3_SECRET_ACCESS_KEY: 's',
    };
    expect(readFileStoreSettings({ ...s3, LMS_S3_SESSION_TOKEN: 'token' })).toMatchObject({
      sessionToken: 'token',
    });
    expect(readFileStoreSettings(s3)).not.toHaveProperty('sessionToken');
  });
});
