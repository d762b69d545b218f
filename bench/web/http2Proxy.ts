import http from 'node:http';
import http2 from 'node:http2';
import { generate } from 'selfsigned';

/**
 * A local HTTPS + HTTP/2 front for the bench's server, as `deploy/Caddyfile` puts Caddy in front
 * of it in production (`BENCH_WEB_PROTOCOL=h2`). Over plain HTTP/1.1 a browser opens six
 * connections to a host, so a page of 25 files on Fast 3G waits several 562.5 ms round trips for
 * its files; over HTTP/2 they share one connection. The certificate is made for this run
 * (`selfsigned`) and the browser is told to accept it. Every request is passed on as it came,
 * with its `Host` (the server's same-origin checks see the browser's origin).
 */
export async function http2Proxy(target: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ key: pems.private, cert: pems.cert, allowHTTP1: true });
  server.on('request', (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => {
    const headers: http.OutgoingHttpHeaders = { 'x-forwarded-proto': 'https' };
    for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':')) headers[name] = value;
    headers.host = req.headers[':authority'] ?? req.headers.host;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const back: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!['connection', 'keep-alive', 'transfer-encoding', 'upgrade'].includes(name))
            back[name] = value;
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
