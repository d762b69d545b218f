import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3-compatible stores (AWS S3, MinIO, Cloudflare R2, Wasabi …),
 * written out here rather than pulled in with an SDK: the file store needs four calls (PUT, GET,
 * HEAD, DELETE of one object), and the signature is a few HMACs over a canonical form of the
 * request. The algorithm, step by step, is AWS's "Signature Version 4 signing process"; the
 * worked example of its S3 documentation is a unit test (files/sigv4.test.ts).
 */

export interface S3Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
}

/** What the signature covers: method, path (as sent, already encoded), query and headers. */
export interface CanonicalRequest {
  readonly method: string;
  /** The request path exactly as it goes on the wire (`/bucket/key`, percent-encoded). */
  readonly path: string;
  /** Query parameters, decoded; empty for every call the store makes. */
  readonly query?: readonly (readonly [string, string])[];
  /** Lower-case header names → values; every one listed here is signed (host included). */
  readonly headers: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body (`x-amz-content-sha256`). */
  readonly payloadHash: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const SERVICE = 's3';
export const EMPTY_PAYLOAD_HASH = createHash('sha256').update('').digest('hex');

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
export const encodeRfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `/a b/c` → `/a%20b/c`: each segment encoded once (S3 does not double-encode). */
export const encodePath = (path: string) => path.split('/').map(encodeRfc3986).join('/');

/** `20130524T000000Z` */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function canonicalForm(request: CanonicalRequest): { text: string; signedHeaders: string } {
  const names = Object.keys(request.headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
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

/** The signing key of a day: HMAC chain over date, region, service and "aws4_request". */
function signingKey(secretAccessKey: string, day: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), SERVICE), 'aws4_request');
}

/** The hex signature of a request signed at `date` (its `x-amz-date`). */
export function signatureOf(request: CanonicalRequest, credentials: S3Credentials, date: string) {
  const day = date.slice(0, 8);
  const scope = `${day}/${credentials.region}/${SERVICE}/aws4_request`;
  const { text, signedHeaders } = canonicalForm(request);
  const stringToSign = [ALGORITHM, date, scope, hex(text)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, credentials.region))
    .update(stringToSign)
    .digest('hex');
  return { signature, signedHeaders, scope };
}

/**
 * The headers that sign a request: `x-amz-date`, `x-amz-content-sha256` and `authorization`.
 * `headers` must hold `host`; every header passed is signed.
 */
export function signedHeaders(
  request: Omit<CanonicalRequest, 'headers'> & { readonly headers: Readonly<Record<string, string>> },
  credentials: S3Credentials,
  now = new Date(),
): Record<string, string> {
  const date = amzDate(now);
  const headers = { ...request.headers, 'x-amz-content-sha256': request.payloadHash, 'x-amz-date': date };
  const { signature, signedHeaders: names, scope } = signatureOf({ ...request, headers }, credentials, date);
  return {
    ...headers,
    authorization: `${ALGORITHM} Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names}, Signature=${signature}`,
  };
}

/** The parts of an `Authorization: AWS4-HMAC-SHA256 …` header, or undefined when it is not one. */
export function parseAuthorization(
  header: string | undefined,
): { accessKeyId: string; scope: string; signedHeaders: string[]; signature: string } | undefined {
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
