import type { RequestListener } from 'node:http';
import inject from 'light-my-request';
import type pg from 'pg';
import type { EventStore } from '@care/events';
import { atSimulatedTime, createLogger } from '@care/events/server';
import { createCommandApp } from '@care/command-api';
import type { AdminCredentials } from '../demo-admin';

/**
 * One demo user's commands, each decided at its simulated time `at` under the request id `requestId` (the
 * correlation id of what it appends). Replies with the command's JSON answer; a refusal throws.
 */
export type TimedSend = (at: Date, method: string, path: string, body: unknown, requestId: string) => Promise<unknown>;

/**
 * The command API's own routes, run inside the demo loader's process rather than over the network: every command
 * passes the same session check, permissions, request validation and `decide` as a user's would, but is decided at
 * the simulated time it is sent at, so the demo's quarter is recorded as if it had been lived. The clock is set by
 * `atSimulatedTime` around the call and nowhere else, so no request from outside can move it.
 */
export class InProcessCommands {
  private readonly handler: RequestListener;
  private readonly origin: string;

  constructor(store: EventStore, pool: pg.Pool, publicUrl: string) {
    // Its own log lines would be one per command: only warnings and errors are worth keeping.
    const { app } = createCommandApp({ store, pool, logger: createLogger('demo-loader', 'warn'), publicUrl });
    const callback = app.callback();
    // Koa answers its own errors (500 at worst) inside the promise it returns: nothing is left to handle here.
    this.handler = (request, response) => void callback(request, response);
    this.origin = new URL(publicUrl).origin;
  }

  /** Signs `credentials` in (at the machine's time: sessions are real) and returns their sender. */
  async signIn(credentials: AdminCredentials): Promise<TimedSend> {
    const login = await inject(this.handler, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', origin: this.origin },
      payload: JSON.stringify(credentials),
    });
    if (login.statusCode !== 200)
      throw new Error(`Demo user ${credentials.email} could not sign in: ${login.statusCode} ${login.body}`);
    const setCookie = login.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
      .map((header) => String(header).split(';')[0])
      .join('; ');
    return async (at, method, path, body, requestId) => {
      const response = await atSimulatedTime(at, () =>
        inject(this.handler, {
          method: method as 'POST',
          url: path,
          headers: { 'content-type': 'application/json', origin: this.origin, cookie, 'x-request-id': requestId },
          payload: JSON.stringify(body ?? {}),
        }),
      );
      if (response.statusCode >= 300)
        throw new Error(
          `Demo data refused at ${at.toISOString()}: ${method} ${path} ${response.statusCode} ${response.body}`,
        );
      return response.body === '' ? {} : (JSON.parse(response.body) as unknown);
    };
  }
}
