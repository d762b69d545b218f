import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LIST_PAGE, pageFor } from '../src/http/webApp.ts';
import { setupTestServer } from './harness.ts';

// A built web app as Vite and apps/web/build/precompress.ts leave it: hashed assets and the page,
// each with its .br and .gz beside it (the server never compresses per request).
const dist = mkdtempSync(path.join(tmpdir(), 'lms-web-'));
const page = `<!doctype html><html lang="th"><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const script = `export const hello = ${JSON.stringify('สวัสดี '.repeat(400))};`;
function writeWithVariants(relative: string, content: string) {
  const file = path.join(dist, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}
writeWithVariants('index.html', page);
const driverPage = page.replace('<body>', '<body data-app="driver">');
writeWithVariants('driver.html', driverPage);
// apps/web/build/listPage.ts: the staff page naming an entity list's screen's files.
const listPage = page.replace('<body>', '<body data-page="list">');
writeWithVariants('list.html', listPage);
writeFileSync(path.join(dist, 'driver-sw.js'), 'self.addEventListener("fetch", () => {});');
const staffWorker = 'self.addEventListener("install", () => {});';
writeFileSync(path.join(dist, 'sw.js'), staffWorker);
writeWithVariants('assets/index-AbC123xy.js', script);
writeFileSync(path.join(dist, 'assets/font-Zz9.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));

const server = setupTestServer({ webDist: dist });

/** A raw GET: Node's fetch would decode the body and hide which encoding came. */
function get(url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('the built web app', () => {
  it('sends a hashed asset as brotli when accepted, cached for a year as immutable', async () => {
    const answer = await get(`${server.origin}/assets/index-AbC123xy.js`, 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends gzip to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gzip = await get(`${server.origin}/assets/index-AbC123xy.js`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get(`${server.origin}/assets/index-AbC123xy.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a file without compressed variants as it is (a font), still immutable', async () => {
    const font = await get(`${server.origin}/assets/font-Zz9.woff2`, 'br, gzip');
    expect(font.status).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.body).toEqual(Buffer.from([0x77, 0x4f, 0x46, 0x32]));
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the page compressed with no-cache, at / and at every client-side route', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/province/create',
      '/province/edit/7',
      '/doBooking/info?draftId=x',
      '/shipmentPlanning',
      '/nothing/known',
    ]) {
      const answer = await get(`${server.origin}${url}`, 'br');
      expect(answer.status, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/text\/html/);
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(answer.body).toString(), url).toBe(page);
    }
  });

  it("sends an entity's list the staff page that names its screen's files, compressed with no-cache", async () => {
    for (const url of ['/deliveryOrder', '/deliveryOrder/', '/province?searchTerm=x&page=2', '/driver']) {
      const answer = await get(`${server.origin}${url}`, 'br');
      expect(answer.status, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/text\/html/);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(answer.body).toString(), url).toBe(listPage);
    }
  });

  it('loads the plain staff page at a list from a build without the list page', () => {
    expect(pageFor('/deliveryOrder')).toBe(LIST_PAGE);
    expect(pageFor('/deliveryOrder', false)).toBe('index.html');
    expect(pageFor('/driver/trips', false)).toBe('driver.html');
  });

  it("sends the driver's page at the driver's paths, and its service worker revalidated", async () => {
    for (const url of [
      '/driver/trips',
      '/driver/trips/',
      '/driver/trips/x/stops/y',
      '/driver/link/lmt_abc.def',
    ]) {
      const answer = await get(`${server.origin}${url}`, 'br');
      expect(answer.status, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(answer.body).toString(), url).toBe(driverPage);
    }
    // The staff's driver records keep their pages (their list its own, above).
    for (const url of ['/driver/create', '/driver/show/x', '/driver/tripsX']) {
      const staff = await get(`${server.origin}${url}`, 'br');
      expect(brotliDecompressSync(staff.body).toString(), url).toBe(page);
    }
    const worker = await get(`${server.origin}/driver-sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it("sends the staff app's service worker revalidated, as JavaScript: a release is found at the next check", async () => {
    const worker = await get(`${server.origin}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.body.toString()).toBe(staffWorker);
  });

  it('answers 404 for an asset that is not there (a chunk of an earlier release), not the page', async () => {
    const answer = await get(`${server.origin}/assets/EntityScreen-Old123.js`, 'br');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/json/);
  });

  it('keeps API answers uncached and JSON, whatever the web app does', async () => {
    const answer = await get(`${server.api}/nothing-here`, 'br');
    expect(answer.status).toBe(404);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.body.toString())).toEqual({ messages: ['ไม่พบ API ที่เรียก'] });
  });
});
