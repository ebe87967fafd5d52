import Koa from 'koa';
import Router from '@koa/router';
import type { EventStore } from '@care/events';
import { errorHandler, fallbackReplies, requestContext, securityHeaders, type Logger } from '@care/events/server';
import { carerRoutes } from './carers/carer-routes';
import { CarerService } from './carers/carer-service';
import { authenticate } from './shared/authenticate';
import { commandErrors } from './shared/command-errors';
import type { CommandState } from './shared/command-state';
import { jsonBody } from './shared/json-body';

export function createCommandApp(store: EventStore, logger: Logger): Koa<CommandState> {
  const app = new Koa<CommandState>();
  app.proxy = true;
  const health = new Router<CommandState>();
  health.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  const carers = carerRoutes(new CarerService(store));

  app.use(requestContext(logger));
  app.use(securityHeaders());
  app.use(errorHandler());
  app.use(fallbackReplies());
  app.use(health.routes());
  for (const middleware of jsonBody()) app.use(middleware);
  app.use(authenticate());
  app.use(commandErrors());
  app.use(carers.routes());
  app.use(carers.allowedMethods({ throw: false }));
  return app;
}
