import http from 'node:http';

export interface LoadResult {
  readonly requests: number;
  readonly perSec: number;
}

/** A request other than a plain GET: its method, JSON body and the status every reply must have. */
export interface LoadRequest {
  readonly method: 'POST' | 'PUT' | 'PATCH';
  readonly body: string;
  readonly status: number;
}

/**
 * A closed-loop load: `connections` keep-alive connections, each sending the next request as soon as the last reply
 * has been read, for `durationMs`. Every reply must be 200 (or `request.status`): a failing request would make a
 * fast, false figure. Bounded in time and only ever pointed at loopback addresses.
 */
export async function keepAliveLoad(
  url: string,
  headers: http.OutgoingHttpHeaders,
  connections: number,
  durationMs: number,
  request?: LoadRequest,
): Promise<LoadResult> {
  const target = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname))
    throw new Error(`load only on loopback, not ${target.hostname}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const method = request?.method ?? 'GET';
  const expected = request?.status ?? 200;
  const allHeaders = request
    ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) }
    : headers;
  const get = () =>
    new Promise<void>((resolve, reject) => {
      const outgoing = http.request(target, { agent, headers: allHeaders, method }, (response) => {
        response.resume();
        response.once('end', () =>
          response.statusCode === expected
            ? resolve()
            : reject(new Error(`${method} ${target.pathname} answered ${response.statusCode}`)),
        );
        response.once('error', reject);
      });
      outgoing.once('error', reject);
      outgoing.end(request?.body);
    });
  let requests = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const connection = async () => {
    while (performance.now() < deadline) {
      await get();
      requests += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, connection));
  } finally {
    agent.destroy();
  }
  return { requests, perSec: requests / ((performance.now() - started) / 1000) };
}

/** The bytes on the wire for one GET with the given Accept-Encoding (the body as sent, not decoded). */
export function transferredBytes(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.once('end', () =>
          response.statusCode === 200
            ? resolve(bytes)
            : reject(new Error(`GET ${url} answered ${response.statusCode}`)),
        );
        response.once('error', reject);
      })
      .once('error', reject);
  });
}
