import type http from 'node:http';
import Koa from 'koa';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing';
import { errorHandler, requestContext, type RequestState } from './http';

let database: TestDatabase;
let pool: pg.Pool;
let server: http.Server;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'), 'error_handler');
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const app = new Koa<RequestState>();
  app.use(requestContext(pino({ level: 'silent' })));
  app.use(errorHandler());
  app.use(async (ctx) => {
    if (ctx.path === '/not-built') ctx.body = (await pool.query('select * from read_model_not_built.carers')).rows;
    else throw new Error('something unexpected');
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server?.close();
  await pool?.end();
  await database?.drop();
});

describe('the error handler', () => {
  it('answers a list whose tables are not built yet with 503 and when to try again', async () => {
    const reply = await fetch(`${url}/not-built`);
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('1');
    expect(await reply.json()).toEqual({ error: 'The lists are still being prepared. Please try again in a moment.' });
  });

  it('answers any other unexpected error with 503 and no details, without a time to try again', async () => {
    const reply = await fetch(`${url}/other`);
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBeNull();
    expect(await reply.json()).toEqual({ error: 'The service could not complete the request. Please try again.' });
  });
});
