import Router from '@koa/router';
import { createContractRequestSchema, renewContractRequestSchema, setExchangeRatesRequestSchema } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseRecordId } from '../shared/request-parsing';
import { CONTRACT_NOT_FOUND } from './contract-decide';
import { ContractService } from './contract-service';

/** Contracts and Currency Exchange: administrators only (finance.manage). */
export function contractRoutes(deps: CommandDeps): Router<CommandState> {
  const service = new ContractService(deps.store);
  const router = new Router<CommandState>({ prefix: '/api/finance' });
  const manage = requirePermission('finance.manage');

  router.post('/contracts', manage, async (ctx) => {
    ctx.status = 201;
    ctx.body = reply(
      await service.createContract(parseOr400(createContractRequestSchema, ctx.request.body), commandContext(ctx)),
    );
  });

  router.post('/contracts/:id/renew', manage, async (ctx) => {
    const contractId = parseRecordId(ctx.params.id, CONTRACT_NOT_FOUND);
    ctx.body = reply(
      await service.renewContract(
        contractId,
        parseOr400(renewContractRequestSchema, ctx.request.body),
        commandContext(ctx),
      ),
    );
  });

  router.post('/exchange-rates', manage, async (ctx) => {
    ctx.status = 201;
    ctx.body = reply(
      await service.setExchangeRates(parseOr400(setExchangeRatesRequestSchema, ctx.request.body), commandContext(ctx)),
    );
  });

  return router;
}
