import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import { AwsClient } from 'aws4fetch';
import { type FileStorage, isStorageKey, type StagedFile, sha256Of } from './storage.ts';

export interface S3Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** A role's temporary credentials come with one (sent and signed as `x-amz-security-token`). */
  readonly sessionToken?: string;
  readonly region: string;
}

export interface S3Settings extends S3Credentials {
  /** `https://s3.ap-southeast-1.amazonaws.com`, `http://minio.internal:9000` … */
  readonly endpoint: string;
  readonly bucket: string;
  /** Keys go under this prefix (`lms/`); empty for the bucket's root. */
  readonly prefix: string;
  /** `endpoint/bucket/key` (MinIO and most compatibles) rather than `bucket.endpoint/key`. */
  readonly pathStyle: boolean;
}

/** A call to the store that took longer than this has failed (the request answers 500, logged). */
const TIMEOUT_MS = 30_000;
/** Tries of one call when S3 answers 503 SlowDown or 500 InternalError, as AWS asks clients to retry. */
export const S3_ATTEMPTS = 4;
/** The first retry waits up to this long, each next one twice as long (full jitter). */
const BACKOFF_MS = 100;
/** The SHA-256 of an empty body: what a GET, HEAD or DELETE signs as its payload. */
const EMPTY_PAYLOAD_HASH = sha256Of(Buffer.alloc(0));

/**
 * The file store in an S3-compatible bucket, for several API instances that share no disk
 * (docs/operations.md "File store"). Objects are named by their SHA-256 like the disk store's
 * files. S3 has no rename, so staging keeps the bytes in memory (an upload call holds them
 * anyway) and `commit` is the PUT: a refused call writes nothing to the bucket.
 */
export class S3FileStorage implements FileStorage {
  /** Signs with Signature V4 (aws4fetch); its own fetch and retries are not used (see `call`). */
  private readonly signer: AwsClient;

  constructor(
    private readonly settings: S3Settings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    const { accessKeyId, secretAccessKey, sessionToken, region } = settings;
    this.signer = new AwsClient({ accessKeyId, secretAccessKey, sessionToken, region, service: 's3' });
  }

  async put(bytes: Buffer): Promise<string> {
    const key = sha256Of(bytes);
    await this.call('PUT', key, bytes);
    return key;
  }

  async stage(bytes: Buffer): Promise<StagedFile> {
    const key = sha256Of(bytes);
    let held: Buffer | undefined = bytes;
    return {
      key,
      commit: async () => {
        if (held) await this.call('PUT', key, held);
        held = undefined;
      },
      discard: async () => {
        held = undefined;
      },
    };
  }

  /** Nothing is staged in the bucket. */
  async sweepStaged(): Promise<number> {
    return 0;
  }

  async get(key: string): Promise<Readable | undefined> {
    const response = await this.call('GET', key);
    if (response.status === 404) return undefined;
    return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  }

  async has(key: string): Promise<boolean> {
    return (await this.call('HEAD', key)).status === 200;
  }

  async remove(key: string): Promise<void> {
    await this.call('DELETE', key);
  }

  /**
   * One signed call, tried again after a back-off while S3 answers 503 SlowDown or 500 InternalError
   * (S3_ATTEMPTS in all); a 404 is an answer, any other failure throws (never with the secret).
   */
  private async call(method: 'PUT' | 'GET' | 'HEAD' | 'DELETE', key: string, body?: Buffer) {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    const { endpoint, bucket, prefix, pathStyle } = this.settings;
    const base = new URL(endpoint);
    const objectPath = `${prefix}${key}`;
    const host = pathStyle ? base.host : `${bucket}.${base.host}`;
    const basePath = base.pathname.replace(/\/$/, '');
    const path = pathStyle ? `${basePath}/${bucket}/${objectPath}` : `${basePath}/${objectPath}`;
    const url = `${base.protocol}//${host}${path.split('/').map(encodeSegment).join('/')}`;
    // The payload is signed: a PUT's body is the content its key names, so its hash is the key itself.
    const headers: Record<string, string> = { 'x-amz-content-sha256': body ? key : EMPTY_PAYLOAD_HASH };
    if (body) headers['content-type'] = 'application/octet-stream';
    for (let attempt = 1; ; attempt++) {
      // Signed anew each try: the signature names its time.
      const request = await this.signer.sign(url, {
        method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const response = await this.fetchImpl(request);
      const ok = response.ok || (response.status === 404 && method !== 'PUT');
      if (!ok) {
        const text = await response.text().catch(() => '');
        if ((response.status === 503 || response.status === 500) && attempt < S3_ATTEMPTS) {
          await sleep(Math.random() * BACKOFF_MS * 2 ** (attempt - 1));
          continue;
        }
        throw new Error(`S3 ${method} ${objectPath}: ${response.status} ${text.slice(0, 300)}`);
      }
      // Only a found GET's body is read by the caller; any other is drained, freeing the connection.
      if (method !== 'GET' || response.status === 404) await response.arrayBuffer().catch(() => {});
      return response;
    }
  }
}

/** A path segment as Signature V4 encodes it (RFC 3986: `!'()*` too), so the wire path is the signed one. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The configured store, or undefined for the disk store (files/routes.ts makes it under the data directory). */
export const fileStorageOf = (settings: FileStoreSettings): FileStorage | undefined =>
  settings.kind === 's3' ? new S3FileStorage(settings) : undefined;

/** Which store the server uses: the disk (default) or an S3-compatible bucket (LMS_FILE_STORE=s3). */
export type FileStoreSettings = { readonly kind: 'disk' } | ({ readonly kind: 's3' } & S3Settings);

/**
 * The file store's settings from the environment (docs/operations.md "File store"):
 * LMS_FILE_STORE=s3 with LMS_S3_ENDPOINT, LMS_S3_BUCKET, LMS_S3_ACCESS_KEY_ID,
 * LMS_S3_SECRET_ACCESS_KEY, and optionally LMS_S3_SESSION_TOKEN, LMS_S3_REGION (us-east-1),
 * LMS_S3_PREFIX and LMS_S3_PATH_STYLE (true). A missing one stops the start with its name.
 */
export function readFileStoreSettings(env: NodeJS.ProcessEnv = process.env): FileStoreSettings {
  const kind = env.LMS_FILE_STORE?.trim().toLowerCase() || 'disk';
  if (kind === 'disk') return { kind };
  if (kind !== 's3') throw new Error(`LMS_FILE_STORE must be "disk" or "s3", got "${env.LMS_FILE_STORE}"`);
  const required = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`LMS_FILE_STORE=s3 needs ${name}`);
    return value;
  };
  const endpoint = required('LMS_S3_ENDPOINT');
  if (!/^https?:\/\//.test(endpoint)) throw new Error('LMS_S3_ENDPOINT must start with http:// or https://');
  const prefix = env.LMS_S3_PREFIX?.trim() ?? '';
  const sessionToken = env.LMS_S3_SESSION_TOKEN?.trim();
  return {
    kind,
    endpoint,
    bucket: required('LMS_S3_BUCKET'),
    accessKeyId: required('LMS_S3_ACCESS_KEY_ID'),
    secretAccessKey: required('LMS_S3_SECRET_ACCESS_KEY'),
    ...(sessionToken ? { sessionToken } : {}),
    region: env.LMS_S3_REGION?.trim() || 'us-east-1',
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    pathStyle: env.LMS_S3_PATH_STYLE?.trim().toLowerCase() !== 'false',
  };
}
