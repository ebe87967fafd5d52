import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUiServer, type UiServer } from './ui-server';

/** A reply as it came off the wire: headers, and the body still encoded. */
interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  reusedSocket: boolean;
}

function get(url: string, headers: http.OutgoingHttpHeaders = {}, agent?: http.Agent): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          reusedSocket: request.reusedSocket,
        }),
      );
      response.once('error', reject);
    });
    request.once('error', reject);
  });
}

const decode = (reply: RawReply): string => {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(reply.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(reply.body).toString('utf8');
  return reply.body.toString('utf8');
};

// Content-hashed like Vite's output, with the .br and .gz the build writes beside it.
const ASSET = '/assets/index-Ab12Cd34.js';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body>${'<!-- padding -->'.repeat(60)}</body></html>`;
/** The service worker Workbox generates, its runtime (named by a hash, but outside /assets) and the app's manifest. */
const WORKER_FILES = {
  '/sw.js': 'self.addEventListener("install", () => {});\n',
  '/workbox-9c191d2f.js': 'define([], () => ({}));\n',
  '/manifest.webmanifest': JSON.stringify({ name: 'CareAgency', start_url: '/check-in' }),
} as const;
/** A list as the read API answers one: well over the 1 kB from which the UI server compresses. */
const LIST = JSON.stringify(
  Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Carer ${index}`, region: 'North' })),
);
/** A document already compressed inside: sent as it is. */
const PDF = Buffer.alloc(5_000, 7);

let distDir = '';
let ui: UiServer;
let upstream: http.Server;
/** Every TCP connection the fake service accepted. */
let upstreamConnections = 0;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'care-ui-server-'));
  await mkdir(path.join(distDir, 'assets'));
  for (const [name, text] of [
    [ASSET, SCRIPT],
    ['/index.html', INDEX],
  ] as const) {
    const file = path.join(distDir, name);
    await writeFile(file, text);
    await writeFile(`${file}.br`, zlib.brotliCompressSync(text));
    await writeFile(`${file}.gz`, zlib.gzipSync(text));
  }
  for (const [name, text] of Object.entries(WORKER_FILES)) await writeFile(path.join(distDir, name), text);

  // Stands in for both services: a small JSON reply, a large one, a streamed CSV, a PDF, an echo of a command's body.
  upstream = http.createServer((req, res) => {
    if (req.url === '/api/export.csv') {
      res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8' });
      for (let row = 0; row < 100; row += 1) res.write(`${row},Carer ${row},North\n`);
      res.end();
      return;
    }
    if (req.url === '/api/invoice.pdf') {
      res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': PDF.length });
      res.end(PDF);
      return;
    }
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.writeHead(201, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ received: Buffer.concat(chunks).toString('utf8') }));
      });
      return;
    }
    const body = req.url === '/api/carers' ? LIST : JSON.stringify({ id: 'u1', role: 'admin' });
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  upstream.on('connection', () => (upstreamConnections += 1));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const serviceUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  ui = await startUiServer({ port: 0, distDir, commandApiUrl: serviceUrl, readApiUrl: serviceUrl });
});

afterAll(async () => {
  await ui?.close();
  upstream?.closeAllConnections();
  await new Promise((resolve) => upstream?.close(resolve));
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('the UI server sends the built files precompressed', () => {
  it('answers a hashed asset with brotli when the browser accepts it', async () => {
    const reply = await get(`${ui.url}${ASSET}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toBe('text/javascript');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['cache-control']).toBe('public,max-age=31536000,immutable');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(reply.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 10);
    expect(decode(reply)).toBe(SCRIPT);
  });

  it('answers with gzip when only gzip is accepted, or brotli is refused', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const reply = await get(`${ui.url}${ASSET}`, { 'accept-encoding': accept });
      expect({ accept, encoding: reply.headers['content-encoding'] }).toEqual({ accept, encoding: 'gzip' });
      expect(decode(reply)).toBe(SCRIPT);
    }
  });

  it('answers with the file as it is when no encoding is accepted', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }]) {
      const reply = await get(`${ui.url}${ASSET}`, headers);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers.vary).toBe('Accept-Encoding');
      expect(reply.body.toString('utf8')).toBe(SCRIPT);
    }
  });

  it('sends the page for a client route compressed too, revalidated on every visit, with its security headers', async () => {
    const reply = await get(`${ui.url}/landing`, { 'accept-encoding': 'br' });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toBe('text/html;charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(decode(reply)).toBe(INDEX);
  });
});

describe('the installable app', () => {
  it('has the service worker, its runtime and the manifest revalidated on every visit, so a release reaches phones', async () => {
    for (const [name, text] of Object.entries(WORKER_FILES)) {
      const reply = await get(`${ui.url}${name}`);
      expect({ name, status: reply.status, cacheControl: reply.headers['cache-control'], body: decode(reply) }).toEqual(
        {
          name,
          status: 200,
          cacheControl: 'no-cache',
          body: text,
        },
      );
    }
    const manifest = await get(`${ui.url}/manifest.webmanifest`);
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    const worker = await get(`${ui.url}/sw.js`);
    expect(worker.headers['content-type']).toBe('text/javascript');
  });
});

describe('the UI server forwards /api', () => {
  it('compresses a JSON reply of 1 kB or more for a browser that accepts it', async () => {
    const reply = await get(`${ui.url}/api/carers`, { 'accept-encoding': 'gzip, br' });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toContain('Accept-Encoding');
    expect(reply.body.length).toBeLessThan(Buffer.byteLength(LIST) / 4);
    expect(decode(reply)).toBe(LIST);

    const gzipOnly = await get(`${ui.url}/api/carers`, { 'accept-encoding': 'gzip' });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(decode(gzipOnly)).toBe(LIST);
  });

  it('leaves a small reply, and a reply to a client that accepts no encoding, as they are', async () => {
    const small = await get(`${ui.url}/api/auth/user`, { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ id: 'u1', role: 'admin' });

    const plain = await get(`${ui.url}/api/carers`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(LIST);
  });

  it('compresses a streamed CSV export of unknown length, and sends a PDF as it is', async () => {
    const csv = await get(`${ui.url}/api/export.csv`, { 'accept-encoding': 'gzip' });
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(decode(csv).split('\n')).toHaveLength(101);
    const pdf = await get(`${ui.url}/api/invoice.pdf`, { 'accept-encoding': 'gzip, br' });
    expect([pdf.headers['content-encoding'], pdf.headers['content-length'], pdf.body.equals(PDF)]).toEqual([
      undefined,
      '5000',
      true,
    ]);
  });

  it("passes a command's body through and the service's status back", async () => {
    const reply = await fetch(`${ui.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Très bien' }),
    });
    expect(reply.status).toBe(201);
    expect(await reply.json()).toEqual({ received: JSON.stringify({ message: 'Très bien' }) });
  });

  it('keeps the connections alive: the browser reuses its socket, and the service sees one connection', async () => {
    const browser = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(`${ui.url}/api/auth/user`, {}, browser);
      const second = await get(`${ui.url}/api/auth/user`, {}, browser);
      expect([first.status, second.status]).toEqual([200, 200]);
      for (const reply of [first, second]) expect(reply.headers.connection).not.toBe('close');
      expect(second.reusedSocket).toBe(true);
      // Every /api request of this file, one after another, went over one connection to the service.
      expect(upstreamConnections).toBe(1);
    } finally {
      browser.destroy();
    }
  });
});

describe('the UI server with a service down', () => {
  it('answers 502 "Service unavailable" and keeps serving', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const lonely = await startUiServer({ port: 0, distDir, commandApiUrl: deadUrl, readApiUrl: deadUrl });
    try {
      for (const method of ['GET', 'POST']) {
        const reply = await fetch(`${lonely.url}/api/carers`, {
          method,
          ...(method === 'POST' && { body: '{}', headers: { 'content-type': 'application/json' } }),
        });
        expect([reply.status, await reply.json()]).toEqual([502, { error: 'Service unavailable' }]);
      }
      expect((await get(`${lonely.url}/`)).status).toBe(200);
    } finally {
      await lonely.close();
    }
  });
});

describe('a file removed after the server started (a new build replacing the old)', () => {
  it('cuts that reply off and goes on serving, instead of ending the process', async () => {
    const name = '/assets/old-Zz99Yy88.js';
    const file = path.join(distDir, name);
    await writeFile(file, SCRIPT);
    await writeFile(`${file}.br`, zlib.brotliCompressSync(SCRIPT));
    const logged: string[] = [];
    const server = await startUiServer({
      port: 0,
      distDir,
      commandApiUrl: ui.url,
      readApiUrl: ui.url,
      log: (_, message) => logged.push(message),
    });
    try {
      await rm(`${file}.br`);
      await expect(get(`${server.url}${name}`, { 'accept-encoding': 'br' })).rejects.toThrow();
      // Handled by the server (an unhandled stream error ends the process), and said in its log.
      expect(logged).toContain('ui file could not be read');
      const index = await get(`${server.url}/`, { 'accept-encoding': 'br' });
      expect(index.status).toBe(200);
      expect(decode(index)).toContain(ASSET);
    } finally {
      await server.close();
    }
  });
});
