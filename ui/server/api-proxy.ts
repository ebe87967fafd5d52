import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { BlockList } from 'node:net';
import httpProxy from 'http-proxy';
import { isTrustedPeer } from './trusted-proxies.ts';

export interface ApiProxyOptions {
  /** Receives POST/PUT/PATCH/DELETE under /api/, and every method on the sign-in paths (/api/login…). */
  commandApiUrl: string;
  /** Receives the other GET/HEAD under /api/ and all of /socket.io/ (HTTP polling and websocket). */
  readApiUrl: string;
  log?: (obj: object, msg: string) => void;
  /** The reverse proxy in front (TRUSTED_PROXIES, trusted-proxies.ts): its forwarding headers are believed. */
  trustedProxies?: BlockList | undefined;
}

export interface ApiProxy {
  /** Proxies the request and returns true when it belongs to an API; false leaves it to the caller. */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean;
  /** Same for websocket upgrades (only /socket.io/ upgrades are proxied). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): void;
}

/** The path without its query: what log lines name (a query may hold a one-time token, e.g. /landing?reset=…). */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');
/** True for the requests the proxy sends to command-api or read-api (not the live socket). */
export const isApiRequest = (req: IncomingMessage) => isApi(pathOf(req));
const isSocketIo = (path: string) => path === '/socket.io' || path.startsWith('/socket.io/');
/**
 * The sign-in paths belong to command-api whatever the method: GET /api/login is a browser navigation that
 * it answers with a redirect to /landing. Signing out is a POST (a write) like any other; a GET of
 * /api/logout is an ordinary read that nothing answers, so it signs no one out.
 */
const isSignInPath = (path: string) => path === '/api/login' || path.startsWith('/api/login/');

const IDLE_UPSTREAM_SOCKET_MS = 4_000;

/** Which service answers an /api request: command-api for writes and sign-in, read-api for the other reads. */
export function apiTargetOf(method: string | undefined, path: string): 'command' | 'read' {
  if (isSignInPath(path)) return 'command';
  return method === 'GET' || method === 'HEAD' ? 'read' : 'command';
}

/**
 * This server is the edge: what a client claims in forwarding headers is not trusted. http-proxy's `xfwd`
 * keeps a client's X-Forwarded-Host (and prepends to its -Proto and -For), and the services build the
 * site's origin from them; so they are dropped here and set afresh from this connection (Host, scheme, peer).
 */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-for',
  'x-real-ip',
];

export function dropClientForwarding(req: IncomingMessage): void {
  for (const name of FORWARDING_HEADERS) delete req.headers[name];
}

const firstHeader = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/**
 * From a trusted reverse proxy: who the client is and how it came, as that proxy says (the last X-Forwarded-For
 * entry is the one it added; anything before it is the client's own word). The headers are then set afresh with
 * just those values, so the services read them exactly as they read this server's own.
 */
function forwardedByTrustedProxy(req: IncomingMessage): Record<string, string> {
  const forwardedFor = firstHeader(req.headers['x-forwarded-for'])?.split(',').at(-1)?.trim();
  const proto = firstHeader(req.headers['x-forwarded-proto'])?.split(',')[0]?.trim();
  const host = firstHeader(req.headers['x-forwarded-host']) ?? req.headers.host;
  const headers: Record<string, string> = {
    'x-forwarded-for': forwardedFor || req.socket.remoteAddress || '',
    'x-forwarded-proto': proto === 'https' ? 'https' : 'http',
  };
  if (host) headers['x-forwarded-host'] = host;
  return headers;
}

/** Drops what a client claims and, behind a trusted proxy, sets what the proxy says; `xfwd` adds this hop's own. */
function forwarding(req: IncomingMessage, trusted: BlockList | undefined): { xfwd: boolean } {
  const fromProxy = isTrustedPeer(trusted, req.socket.remoteAddress) ? forwardedByTrustedProxy(req) : undefined;
  dropClientForwarding(req);
  if (!fromProxy) return { xfwd: true };
  Object.assign(req.headers, fromProxy);
  return { xfwd: false };
}

/**
 * One origin for the browser: the UI's server routes reads and the live socket to read-api and writes to
 * command-api, so session cookies and same-origin CSP work. Used by the production server and the Vite dev server.
 */
export function createApiProxy(options: ApiProxyOptions): ApiProxy {
  const log = options.log ?? (() => {});
  /*
   * Without an agent http-proxy sends `Connection: close` upstream and the services' replies carry it back to the
   * browser, so every request paid for two new TCP connections. A keep-alive agent reuses them. Idle sockets are
   * closed after 4 s, before the services' own keep-alive timeout (Node's 5 s), so a reused socket is never one the
   * service is closing at that moment (Node also shortens it to the service's `Keep-Alive: timeout` hint less 1 s).
   * The timeout only ends idle sockets: a request that takes longer (read-your-writes waits up to 5 s) is untouched.
   */
  const agent = new Agent({ keepAlive: true, timeout: IDLE_UPSTREAM_SOCKET_MS });
  // changeOrigin false: the services see the browser's own Host and Origin (cookie and CSRF checks rely on them).
  const proxy = httpProxy.createProxyServer({ changeOrigin: false, xfwd: true, ws: true });

  // A service that is down must never take the UI server down with it.
  proxy.on('error', (error, req, resOrSocket) => {
    log({ err: error.message, path: pathOf(req), method: req.method }, 'proxy error');
    if ('writeHead' in resOrSocket) {
      if (!resOrSocket.headersSent) {
        resOrSocket.writeHead(502, {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        });
      }
      resOrSocket.end(JSON.stringify({ error: 'Service unavailable' }));
    } else {
      // A websocket upgrade has no HTTP reply to write: drop the socket.
      resOrSocket.destroy();
    }
  });

  return {
    handleRequest(req, res) {
      const path = pathOf(req);
      if (isSocketIo(path)) {
        proxy.web(req, res, { target: options.readApiUrl, agent, ...forwarding(req, options.trustedProxies) });
        return true;
      }
      if (!isApi(path)) return false;
      const target = apiTargetOf(req.method, path) === 'read' ? options.readApiUrl : options.commandApiUrl;
      proxy.web(req, res, { target, agent, ...forwarding(req, options.trustedProxies) });
      return true;
    },
    handleUpgrade(req, socket, head) {
      if (!isSocketIo(pathOf(req))) return false;
      socket.on('error', (error) => log({ err: error.message, path: pathOf(req) }, 'websocket error'));
      proxy.ws(req, socket, head, { target: options.readApiUrl, ...forwarding(req, options.trustedProxies) });
      return true;
    },
    close() {
      proxy.close();
      agent.destroy();
    },
  };
}
