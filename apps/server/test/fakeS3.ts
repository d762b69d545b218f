import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Credentials } from '../src/files/s3Storage.ts';

export interface FakeS3 {
  readonly endpoint: string;
  /** Objects by path (`/bucket/key`). */
  readonly objects: Map<string, Buffer>;
  /** Every call and how it was answered. */
  readonly calls: { method: string; path: string; status: number }[];
  /** The next `count` calls that verify are answered `status` with S3's error `code` (SlowDown …). */
  failNext(count: number, status: number, code: string): void;
  close(): Promise<void>;
}

const MAX_SKEW_MS = 15 * 60_000;

/**
 * A small S3-compatible server on loopback for the file store's tests: PUT, GET, HEAD, DELETE of
 * objects held in memory, and every call's Signature V4 checked as S3 checks it — the scope's
 * access key, day and region, the date's skew, the session token when the credentials have one,
 * the body's hash against `x-amz-content-sha256`, and the signature over the request as it arrived
 * (path, query, the headers it says it signed). A call that does not verify gets S3's 403.
 * The check is written here from AWS's documented algorithm (`signatureOf`), apart from the
 * signer the store uses (aws4fetch), and is itself tested on AWS's published example.
 */
export async function startFakeS3(credentials: S3Credentials): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const calls: FakeS3['calls'] = [];
  let failing = { count: 0, status: 0, code: '' };
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://fake');
    const answer = (status: number, payload?: Buffer | string, headers: Record<string, string> = {}) => {
      calls.push({ method: request.method ?? '', path: url.pathname, status });
      response.writeHead(status, headers);
      response.end(request.method === 'HEAD' ? undefined : payload);
    };
    const refusal = verify(request, url, body, credentials);
    if (refusal) return answer(403, `<Error><Code>${refusal}</Code></Error>`);
    if (failing.count > 0) {
      failing.count--;
      return answer(failing.status, `<Error><Code>${failing.code}</Code></Error>`);
    }
    const path = decodeURIComponent(url.pathname);
    switch (request.method) {
      case 'PUT':
        objects.set(path, body);
        return answer(200);
      case 'GET':
      case 'HEAD': {
        const held = objects.get(path);
        if (!held) return answer(404, '<Error><Code>NoSuchKey</Code></Error>');
        return answer(200, held, { 'content-length': String(held.length) });
      }
      case 'DELETE':
        objects.delete(path);
        return answer(204);
      default:
        return answer(405);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    calls,
    failNext: (count, status, code) => {
      failing = { count, status, code };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function verify(request: IncomingMessage, url: URL, body: Buffer, credentials: S3Credentials) {
  const auth = parseAuthorization(request.headers.authorization);
  if (!auth) return 'AccessDenied';
  if (auth.accessKeyId !== credentials.accessKeyId) return 'InvalidAccessKeyId';
  const date = String(request.headers['x-amz-date'] ?? '');
  const at = Date.parse(date.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!Number.isFinite(at) || Math.abs(Date.now() - at) > MAX_SKEW_MS) return 'RequestTimeTooSkewed';
  if (auth.scope !== `${date.slice(0, 8)}/${credentials.region}/s3/aws4_request`)
    return 'AuthorizationHeaderMalformed';
  // Temporary credentials: S3 wants their token, signed with the rest.
  const token = request.headers['x-amz-security-token'];
  if (credentials.sessionToken !== undefined) {
    if (token !== credentials.sessionToken || !auth.signedHeaders.includes('x-amz-security-token'))
      return 'InvalidToken';
  } else if (token !== undefined) return 'InvalidToken';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== createHash('sha256').update(body).digest('hex')) return 'XAmzContentSHA256Mismatch';
  if (!auth.signedHeaders.includes('host') || !auth.signedHeaders.includes('x-amz-date'))
    return 'AccessDenied';
  const headers = Object.fromEntries(
    auth.signedHeaders.map((name) => [name, String(request.headers[name] ?? '')]),
  );
  const rawPath = (request.url ?? '/').split('?')[0]!;
  // S3's canonical path: each segment decoded, then encoded once (RFC 3986).
  const path = rawPath
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/');
  const { signature } = signatureOf(
    { method: request.method ?? '', path, query: [...url.searchParams], headers, payloadHash },
    credentials,
    date,
  );
  return signature === auth.signature ? undefined : 'SignatureDoesNotMatch';
}

/*
 * AWS Signature Version 4 as S3 verifies it, step by step from AWS's "Signature Version 4 signing
 * process" (docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html).
 */

/** What the signature covers: method, path (already encoded), query and headers. */
export interface CanonicalRequest {
  readonly method: string;
  /** The canonical path (`/bucket/key`, percent-encoded once). */
  readonly path: string;
  /** Query parameters, decoded. */
  readonly query?: readonly (readonly [string, string])[];
  /** Header names → values; every one listed here is signed (host included). */
  readonly headers: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body (`x-amz-content-sha256`). */
  readonly payloadHash: string;
}

export const EMPTY_PAYLOAD_HASH = createHash('sha256').update('').digest('hex');

const hex = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
const encodeRfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalForm(request: CanonicalRequest): { text: string; signedHeaders: string } {
  const lower = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const names = Object.keys(lower).sort();
  const headers = names
    .map((name) => `${name}:${String(lower[name]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const query = [...(request.query ?? [])]
    .map(([key, value]) => [encodeRfc3986(key), encodeRfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const signedHeaders = names.join(';');
  return {
    text: [request.method, request.path, query, headers, signedHeaders, request.payloadHash].join('\n'),
    signedHeaders,
  };
}

/** The hex signature of a request signed at `date` (its `x-amz-date`). */
export function signatureOf(request: CanonicalRequest, credentials: S3Credentials, date: string) {
  const day = date.slice(0, 8);
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const { text, signedHeaders } = canonicalForm(request);
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, hex(text)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return { signature, signedHeaders, scope };
}

/** The parts of an `Authorization: AWS4-HMAC-SHA256 …` header, or undefined when it is not one. */
function parseAuthorization(header: string | undefined) {
  const match = header?.match(
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/,
  );
  if (!match) return undefined;
  return {
    accessKeyId: match[1]!,
    scope: match[2]!,
    signedHeaders: match[3]!.split(';'),
    signature: match[4]!,
  };
}
