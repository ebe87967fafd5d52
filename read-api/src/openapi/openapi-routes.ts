import Router from '@koa/router';
import type { ReadState } from '../shared/read-state';
import { openApiJson } from './openapi-document';

/** GET /api/openapi.json: the API described for integrators, to any signed-in user (requireSession runs first). */
export function openApiRoutes(): Router<ReadState> {
  const router = new Router<ReadState>();
  router.get('/api/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = openApiJson();
  });
  return router;
}
