import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTargetOf, createApiProxy, type ApiProxy } from './api-proxy.ts';
import { trustedProxiesSchema } from './trusted-proxies.ts';

/**
 * The UI server is the browser's one origin and the edge: the services take the site's host from the
 * X-Forwarded-Host it sends, so what a client claims there must never get through.
 */
let upstream: Server;
let front: Server;
let proxy: ApiProxy;
let frontUrl: string;
let seen: { url: string | undefined; headers: IncomingHttpHeaders }[] = [];

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push({ url: req.url, headers: req.headers });
    res.end('{}');
  });
  const upstreamUrl = await listen(upstream);
  proxy = createApiProxy({ commandApiUrl: `${upstreamUrl}/command`, readApiUrl: `${upstreamUrl}/read` });
  front = createServer((req, res) => {
    if (!proxy.handleRequest(req, res)) res.writeHead(404).end();
  });
  frontUrl = await listen(front);
});
afterAll(async () => {
  proxy?.close();
  for (const server of [front, upstream]) await new Promise((resolve) => server?.close(resolve));
});

describe('the UI server proxy', () => {
  it('replaces forged forwarding headers with what this connection really is', async () => {
    seen = [];
    const reply = await fetch(`${frontUrl}/api/login/password-reset-requests`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '443',
        'x-forwarded-for': '203.0.113.9',
        forwarded: 'host=evil.example;proto=https',
      },
      body: JSON.stringify({ email: 'coordinator@demo.example' }),
    });
    expect(reply.status).toBe(200);
    const [request] = seen;
    expect(request?.url).toBe('/command/api/login/password-reset-requests');
    expect(request?.headers).toMatchObject({
      host: new URL(frontUrl).host,
      'x-forwarded-host': new URL(frontUrl).host,
      'x-forwarded-proto': 'http',
      'x-forwarded-for': '127.0.0.1',
    });
    expect(request?.headers.forwarded).toBeUndefined();
    // The browser's own Origin goes through untouched: the command API's CSRF check judges it.
    expect(request?.headers.origin).toBe('http://evil.example');
  });

  it('behind a trusted reverse proxy, believes the client address, scheme and host that proxy adds, and no more', async () => {
    const behind = createApiProxy({
      commandApiUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/command`,
      readApiUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/read`,
      trustedProxies: trustedProxiesSchema.parse('10.0.0.0/8, 127.0.0.1'),
    });
    const server = createServer((req, res) => {
      if (!behind.handleRequest(req, res)) res.writeHead(404).end();
    });
    const url = await listen(server);
    try {
      seen = [];
      const reply = await fetch(`${url}/api/carers`, {
        headers: {
          // What the proxy (the connection's peer, 127.0.0.1) sends: the client's own claim first, its own entry last.
          'x-forwarded-for': '198.51.100.7, 203.0.113.9',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'care.example.org',
          forwarded: 'for=198.51.100.7',
        },
      });
      expect(reply.status).toBe(200);
      expect(seen[0]?.url).toBe('/read/api/carers');
      expect(seen[0]?.headers).toMatchObject({
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'care.example.org',
      });
      expect(seen[0]?.headers.forwarded).toBeUndefined();
    } finally {
      behind.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sends sign-in paths to the command API for every method, and a GET of /api/logout to the read API', () => {
    expect(apiTargetOf('GET', '/api/login')).toBe('command');
    expect(apiTargetOf('POST', '/api/login')).toBe('command');
    expect(apiTargetOf('POST', '/api/login/password-reset')).toBe('command');
    expect(apiTargetOf('POST', '/api/logout')).toBe('command');
    expect(apiTargetOf('GET', '/api/logout')).toBe('read');
    expect(apiTargetOf('GET', '/api/carers')).toBe('read');
  });
});
