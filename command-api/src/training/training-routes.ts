import Router from '@koa/router';
import { createTrainingRequestSchema, renewTrainingRequestSchema, updateTrainingRequestSchema } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { TRAINING_NOT_FOUND } from './decide';
import { TrainingService } from './training-service';

const parseTrainingId = (raw: string | undefined): string => parseRecordId(raw, TRAINING_NOT_FOUND);

/** Record, correct, renew and remove training records; If-Match guards every change to a record. */
export function trainingRoutes(deps: CommandDeps): Router<CommandState> {
  const service = new TrainingService(deps.store);
  const router = new Router<CommandState>({ prefix: '/api/training' });
  router.use(requirePermission('training.write'));

  router.post('/', async (ctx) => {
    const input = parseOr400(createTrainingRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await service.record(input, commandContext(ctx)));
  });

  router.patch('/:id', async (ctx) => {
    const id = parseTrainingId(ctx.params.id);
    const input = parseOr400(updateTrainingRequestSchema, ctx.request.body);
    ctx.body = reply(await service.update(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/renewal', async (ctx) => {
    const id = parseTrainingId(ctx.params.id);
    const input = parseOr400(renewTrainingRequestSchema, ctx.request.body);
    ctx.body = reply(await service.renew(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.delete('/:id', async (ctx) => {
    const id = parseTrainingId(ctx.params.id);
    ctx.body = reply(await service.remove(id, parseIfMatch(ctx), commandContext(ctx)));
  });

  return router;
}
