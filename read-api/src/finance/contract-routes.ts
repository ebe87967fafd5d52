import Router from '@koa/router';
import { z } from 'zod';
import { blankAsAbsent, CONTRACT_STATUSES, queryOneOf } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { attachPdf, renderPdf } from '@care/documents';
import { SettingsQueries } from '../settings/settings-queries';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { contractPdfSpec } from './contract-pdf';
import { ContractQueries } from './contract-queries';
import { parseQuery } from '../shared/query-parsing';

export const CONTRACT_NOT_FOUND = 'Contract not found';

export const contractListQuery = z.object({
  status: queryOneOf(CONTRACT_STATUSES, 'Status'),
  clientId: z.preprocess(blankAsAbsent, z.uuid({ error: 'Client not found' }).optional()),
  ...pagingFields(),
});

const contractId = (raw: string | undefined): string => {
  const parsed = z.uuid().safeParse(raw);
  if (!parsed.success) throw new HttpError(404, CONTRACT_NOT_FOUND);
  return parsed.data;
};

/** GET /api/finance/contracts..., /api/finance/exchange-rates (finance.read: administrators, coordinators, auditors). */
export function contractReadRoutes(deps: ReadDeps): Router<ReadState> {
  const queries = new ContractQueries(deps.db);
  const settings = new SettingsQueries(deps.db);
  const router = new Router<ReadState>({ prefix: '/api/finance' });
  const read = requirePermission('finance.read');

  router.get('/contracts', read, async (ctx) => {
    const { status, clientId, limit, offset } = parseQuery(contractListQuery, ctx);
    sendPage(ctx, await queries.listContracts({ status, clientId }, { limit, offset }));
  });

  router.get('/contracts/:id', read, async (ctx) => {
    const contract = await queries.contract(contractId(ctx.params.id));
    if (!contract) throw new HttpError(404, CONTRACT_NOT_FOUND);
    ctx.body = contract;
  });

  router.get('/contracts/:id/contract.pdf', read, async (ctx) => {
    const contract = await queries.contract(contractId(ctx.params.id));
    if (!contract) throw new HttpError(404, CONTRACT_NOT_FOUND);
    attachPdf(
      ctx,
      `${contract.contractNumber.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`,
      await renderPdf(contractPdfSpec(contract, await settings.settings())),
    );
  });

  router.get('/exchange-rates', read, async (ctx) => {
    ctx.body = await queries.exchangeRates();
  });

  return router;
}
