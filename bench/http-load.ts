import http from 'node:http';

export interface LoadResult {
  readonly requests: number;
  readonly perSec: number;
}

/**
 * A closed-loop load: `connections` keep-alive connections, each sending the next GET as soon as the last reply
 * has been read, for `durationMs`. Every reply must be 200 (a failing request would make a fast, false figure).
 * Bounded in time and only ever pointed at loopback addresses.
 */
export async function keepAliveLoad(url: string, headers: http.OutgoingHttpHeaders, connections: number, durationMs: number): Promise<LoadResult> {
  const target = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error(`load only on loopback, not ${target.hostname}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(target, { agent, headers }, (response) => {
        response.resume();
        response.once('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`GET ${target.pathname} answered ${response.statusCode}`)),
        );
        response.once('error', reject);
      });
      request.once('error', reject);
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
        response.once('end', () => (response.statusCode === 200 ? resolve(bytes) : reject(new Error(`GET ${url} answered ${response.statusCode}`))));
        response.once('error', reject);
      })
      .once('error', reject);
  });
}
