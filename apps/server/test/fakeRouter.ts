import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { RoutingSettings } from '../src/shipmentPlanning/roads.ts';

/**
 * An OSRM-style table service faked by a local HTTP server the test starts (docs/planning.md "Road
 * distances"; no internet). It answers metres = 1000 × (|i − j| + 1) between places i and j, or
 * fails as the test sets `mode`. Registers its hooks where it is called: call it before
 * `setupTestServer` when the app is to be started on it (its address is known by then).
 */
export function fakeRouter() {
  const state = {
    base: '',
    mode: 'ok' as 'ok' | 'error' | 'slow' | 'noRoute' | 'holes',
    /** The paths asked, in order. */
    requests: [] as string[],
    settings: (extra: Partial<RoutingSettings> = {}): RoutingSettings => ({
      url: state.base,
      profile: 'driving',
      timeoutMs: 500,
      maxPoints: 100,
      cacheEntries: 64,
      ...extra,
    }),
  };
  const answer = (request: IncomingMessage) => {
    const match = /^\/table\/v1\/([^/]+)\/([^?]+)\?annotations=distance$/.exec(request.url ?? '');
    const places = match?.[2]?.split(';') ?? [];
    const n = places.length;
    const distances = Array.from({ length: n }, (_, i) =>
      Array.from({ length: n }, (_, j) => (i === j ? 0 : 1000 * (Math.abs(i - j) + 1))),
    );
    if (state.mode === 'holes') (distances[0] as (number | null)[])[1] = null;
    return { code: state.mode === 'noRoute' ? 'NoTable' : 'Ok', distances, profile: match?.[1] };
  };
  let server: Server;
  beforeAll(async () => {
    server = createServer((request, response) => {
      state.requests.push(request.url ?? '');
      if (state.mode === 'error') {
        response.writeHead(500).end('down');
        return;
      }
      const send = () =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(request)));
      if (state.mode === 'slow') setTimeout(send, 1500);
      else send();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    state.mode = 'ok';
    state.requests.length = 0;
  });
  return state;
}
