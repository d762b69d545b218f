import { ROLE_ADMIN } from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILES_PER_UPLOAD } from '../src/files/limits.ts';
import { MULTIPART_LIMITS } from '../src/http/multipart.ts';
import { createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * Hardening 2, item 7: a multipart body the parser cannot read, or one past a limit, answers a
 * Thai 4xx on every multipart route (never a 500), and the server keeps answering.
 */
const server = setupTestServer();
const THAI = /[\u0E00-\u0E7F]/;
let token = '';

beforeAll(async () => {
  token = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
});

// Every route that reads a multipart body, with the files one call takes (vehicleGroup: an
// importable entity of no branch).
const routes: readonly [string, number][] = [
  ['/file/upload', MAX_FILES_PER_UPLOAD],
  ['/file/uploadImage', MAX_FILES_PER_UPLOAD],
  ['/vehicleGroup/import', 1],
  ['/vehicleGroup/import/jobs', 1],
];

const B = 'x';
const CRLF = '\r\n';
/** One part with the given headers and body, after its boundary line. */
const part = (headers: string[], body: string) =>
  `--${B}${CRLF}${headers.join(CRLF)}${CRLF}${CRLF}${body}${CRLF}`;
const filePart = (name: string, filename: string, body = '{"a":1}') =>
  part([`Content-Disposition: form-data; name="${name}"; filename="${filename}"`], body);
const fieldPart = (name: string, value: string) =>
  part([`Content-Disposition: form-data; name="${name}"`], value);
const end = `--${B}--${CRLF}`;
const times = (n: number, make: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => make(i)).join('');

interface Bad {
  readonly what: string;
  readonly contentType?: string;
  readonly body: string;
  readonly status: number;
  /** What the message must name (a limit and its number). */
  readonly names?: string;
}

/** The bodies each route must refuse, for a route taking `files` files a call. */
const badBodies = (files: number): readonly Bad[] => [
  { what: 'a body that is not multipart at all', body: '<xml/>', status: 400 },
  { what: 'a body cut off inside a file part', body: filePart('file', 'a.json').slice(0, -10), status: 400 },
  {
    what: 'a body cut off inside the part headers',
    body: `--${B}${CRLF}Content-Disposition: form-da`,
    status: 400,
  },
  {
    what: 'a multipart type without a boundary',
    contentType: 'multipart/form-data',
    body: end,
    status: 400,
    names: 'boundary',
  },
  {
    what: 'a part without a name',
    body: `${part(['Content-Disposition: form-data; filename="a.json"'], '{}')}${end}`,
    status: 400,
    names: 'name',
  },
  {
    what: 'a part without a Content-Disposition',
    body: `${part(['Content-Type: text/plain'], 'x')}${end}`,
    status: 400,
  },
  {
    what: 'too many files',
    body: `${times(files + 1, (i) => filePart('other', `${i}.json`))}${end}`,
    status: 413,
    names: `ไม่เกิน ${files} ไฟล์`,
  },
  {
    what: 'too many fields',
    body: `${times(MULTIPART_LIMITS.fields + 1, (i) => fieldPart(`f${i}`, 'v'))}${end}`,
    status: 413,
    names: `ไม่เกิน ${MULTIPART_LIMITS.fields} ช่อง`,
  },
  {
    what: 'too many parts (skipped ones count)',
    body: `${times(files + MULTIPART_LIMITS.fields + 1, () => part(['Content-Type: text/plain'], 'x'))}${end}`,
    status: 413,
    names: `ไม่เกิน ${files + MULTIPART_LIMITS.fields} ส่วน`,
  },
  {
    what: 'a field longer than its limit',
    body: `${fieldPart('note', 'x'.repeat(MULTIPART_LIMITS.fieldSize + 1))}${end}`,
    status: 413,
    names: `ไม่เกิน ${MULTIPART_LIMITS.fieldSize.toLocaleString('en-US')} ไบต์`,
  },
  {
    // Header lines past the limit are not read: the Content-Disposition after them is lost, so no file came.
    what: 'a part with too many header lines',
    body: `${part(
      [
        ...Array.from({ length: MULTIPART_LIMITS.headerPairs }, (_, i) => `X-H${i}: v`),
        'Content-Disposition: form-data; name="file"; filename="a.json"',
      ],
      '{}',
    )}${end}`,
    status: 400,
  },
];

async function post(route: string, contentType: string, body: string) {
  const response = await fetch(`${server.api}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  const text = await response.text();
  let json: { messages?: string[] } | undefined;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, json, text };
}

describe('a malformed multipart body answers a Thai 4xx on every multipart route', () => {
  for (const [route, files] of routes) {
    for (const b of badBodies(files)) {
      it(`${route}: ${b.what} → ${b.status}`, async () => {
        const answer = await post(route, b.contentType ?? `multipart/form-data; boundary=${B}`, b.body);
        expect(answer.status, answer.text).toBe(b.status);
        expect(answer.json?.messages?.length, answer.text).toBeGreaterThan(0);
        for (const message of answer.json!.messages!) expect(message).toMatch(THAI);
        if (b.names) expect(answer.json!.messages!.join(' ')).toContain(b.names);
      });
    }
  }

  it('keeps serving afterwards', async () => {
    const health = await fetch(`${server.api}/health`);
    expect(health.status).toBe(200);
  });
});
