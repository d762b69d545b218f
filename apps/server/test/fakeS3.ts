import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseAuthorization, type S3Credentials, signatureOf } from '../src/files/sigv4.ts';

export interface FakeS3 {
  readonly endpoint: string;
  /** Objects by path (`/bucket/key`). */
  readonly objects: Map<string, Buffer>;
  /** Every call and how it was answered. */
  readonly calls: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

const MAX_SKEW_MS = 15 * 60_000;

/**
 * A small S3-compatible server on loopback for the file store's tests: PUT, GET, HEAD, DELETE of
 * objects held in memory, and every call's Signature V4 checked as S3 checks it — the scope's
 * access key, day and region, the date's skew, the body's hash against `x-amz-content-sha256`,
 * and the signature over the request as it arrived (path, query, the headers it says it signed).
 * A call that does not verify gets S3's 403 SignatureDoesNotMatch.
 */
export async function startFakeS3(credentials: S3Credentials): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const calls: FakeS3['calls'] = [];
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
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== createHash('sha256').update(body).digest('hex')) return 'XAmzContentSHA256Mismatch';
  if (!auth.signedHeaders.includes('host') || !auth.signedHeaders.includes('x-amz-date'))
    return 'AccessDenied';
  const headers = Object.fromEntries(
    auth.signedHeaders.map((name) => [name, String(request.headers[name] ?? '')]),
  );
  const rawPath = (request.url ?? '/').split('?')[0]!;
  const { signature } = signatureOf(
    { method: request.method ?? '', path: rawPath, query: [...url.searchParams], headers, payloadHash },
    credentials,
    date,
  );
  return signature === auth.signature ? undefined : 'SignatureDoesNotMatch';
}
