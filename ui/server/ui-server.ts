import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import compression from 'compression';
import sirv from 'sirv';
import type { BlockList } from 'node:net';
import { createApiProxy, isApiRequest, pathOf } from './api-proxy.ts';
import { preferredEncoding } from './content-encoding.ts';

export interface UiServerOptions {
  port: number;
  host?: string;
  /** The Vite build output (ui/dist). */
  distDir: string;
  commandApiUrl: string;
  readApiUrl: string;
  /** The diary maps' tile server, "{z}/{x}/{y}" URL template (MAP_TILE_URL); its origin is allowed as an image source. */
  mapTileUrl?: string;
  /** The attribution the tile server asks for (MAP_TILE_ATTRIBUTION). */
  mapTileAttribution?: string;
  /** TRUSTED_PROXIES: the reverse proxy in front, whose forwarding headers are believed (trusted-proxies.ts). */
  trustedProxies?: BlockList | undefined;
  log?: (obj: object, msg: string) => void;
  /** Told how long each request took (the System Status tab's latency figures). */
  onRequestTimed?: (durationMs: number) => void;
}

export interface UiServer {
  url: string;
  close(): Promise<void>;
}

/** OpenStreetMap's own tiles unless MAP_TILE_URL names another server (their usage policy suits light use). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/** The origin of a tile URL template, for img-src ("{s}" subdomains become a wildcard). */
export function tileOrigin(template: string): string {
  const url = new URL(template.replaceAll('{s}', 'tiles').replace(/\{[a-z]\}/g, '0'));
  return template.includes('{s}') ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}` : url.origin;
}

/** Applied to everything the UI server answers itself (proxied replies carry the services' own headers). */
const securityHeaders = (mapTileUrl: string): Record<string, string> => ({
  'Content-Security-Policy': [
    "default-src 'self'",
    "connect-src 'self' ws: wss:",
    // Leaflet's markers are inline SVG/data; the tiles come from the configured tile server.
    `img-src 'self' data: ${tileOrigin(mapTileUrl)}`,
    // Voice notes: the recorder's preview plays a blob: URL; saved notes play from /api/voice-notes/<id>/audio.
    "media-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
});

const ONE_YEAR_SECONDS = 31_536_000;

/** compression's types speak Express, but it only uses what Node's own request and response have. */
type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The UI's production server: the built SPA plus the one-origin proxy to command-api and read-api.
 */
export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  const log = options.log ?? (() => {});
  const proxy = createApiProxy(options);
  const mapTileUrl = options.mapTileUrl ?? DEFAULT_MAP_TILE_URL;
  const SECURITY_HEADERS = securityHeaders(mapTileUrl);
  const mapConfig = JSON.stringify({
    tileUrl: mapTileUrl,
    attribution: options.mapTileAttribution ?? DEFAULT_MAP_TILE_ATTRIBUTION,
  });
  /*
   * The services answer uncompressed; the front door compresses what it forwards (JSON lists, CSV exports) when
   * the reply is 1 kB or more and the browser accepts br or gzip. Brotli at quality 4 (the package's default) costs
   * about as much CPU as gzip and is smaller. Audio and other incompressible types pass as they are.
   */
  const compressApi = compression({ threshold: 1024 }) as unknown as NodeMiddleware;

  // The build writes a .br and a .gz beside each text file (vite.config.ts): sirv sends the one the browser accepts,
  // with Content-Encoding and Vary: Accept-Encoding, and the original's Content-Type.
  const precompressed = { brotli: true, gzip: true } as const;
  // Vite puts content-hashed files under /assets: they never change, so browsers may keep them for a year.
  const serveAssets = sirv(options.distDir, {
    etag: true,
    maxAge: ONE_YEAR_SECONDS,
    immutable: true,
    dotfiles: false,
    ...precompressed,
  });
  // Everything else (index.html, client routes, the service worker sw.js with its workbox runtime, the manifest) is
  // revalidated so a new release is picked up at once, phones that installed the app included.
  const serveApp = sirv(options.distDir, {
    etag: true,
    single: true,
    dotfiles: false,
    ...precompressed,
    setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
  });

  const notFound = (res: ServerResponse) => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not Found');
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (isApiRequest(req)) {
      // Reads can be long lists; a command's reply is a few hundred bytes, so commands skip compression's wrapping.
      if (req.method === 'GET' || req.method === 'HEAD') compressApi(req, res, () => proxy.handleRequest(req, res));
      else proxy.handleRequest(req, res);
      return;
    }
    if (proxy.handleRequest(req, res)) return;

    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    // sirv only looks for "br" or "gzip" anywhere in the header; it gets the one encoding negotiation chose.
    req.headers['accept-encoding'] = preferredEncoding(req.headers['accept-encoding']) ?? 'identity';
    if (pathOf(req) === '/map-config.json') {
      // Runtime configuration of the diary maps: the tile server can change without rebuilding the UI.
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(mapConfig);
      return;
    }
    // sirv pipes a file stream into the reply without an error handler: a file removed after the server listed it
    // (a new build replacing the old) would throw and end the process. The reply is cut off instead, and logged.
    res.once('pipe', (file: NodeJS.ReadableStream) =>
      file.once('error', (error) => {
        log({ err: error.message, path: pathOf(req) }, 'ui file could not be read');
        res.destroy();
      }),
    );
    if (req.url?.startsWith('/assets/')) {
      serveAssets(req, res, () => notFound(res));
    } else {
      serveApp(req, res, () => notFound(res));
    }
  };

  const server = createServer((req, res) => {
    if (options.onRequestTimed) {
      const started = performance.now();
      res.once('finish', () => options.onRequestTimed?.(performance.now() - started));
    }
    try {
      handle(req, res);
    } catch (error) {
      log({ err: error instanceof Error ? error.message : String(error), path: pathOf(req) }, 'ui server error');
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error');
    }
  });
  // Upgraded sockets leave the HTTP server's bookkeeping, so close() ends them itself.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req, socket: Duplex, head: Buffer) => {
    if (!proxy.handleUpgrade(req, socket, head)) {
      socket.destroy();
      return;
    }
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  log({ url }, 'ui server listening');

  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        proxy.close();
        server.close((error) => (error ? reject(error) : resolve()));
        // Open keep-alive and websocket connections would otherwise hold close() for minutes.
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
      }),
  };
}
