import Router from '@koa/router';
import { describeBreak, formatDigest, logDigest, sealAll, verifyLog } from '@care/events/server';
import { requirePermission } from '@care/events/server';
import type { LogDigestView, LogVerificationView } from '@care/events';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';

/**
 * The admin panel's log integrity card (issue 20, audit.verify): the same checks as `npm run verify-log` and
 * `npm run log-digest`, on the PostgreSQL event log the read API shares. Events committed but not chained yet are
 * chained first (their place in the order is final), waiting at most a few seconds for open transactions.
 */
export function logRoutes(deps: ReadDeps): Router<ReadState> {
  const router = new Router<ReadState>({ prefix: '/api/audit/log' });
  router.use(requirePermission('audit.verify'));

  router.get('/verify', async (ctx) => {
    await sealAll(deps.pool, { timeoutMs: 3000 });
    const started = performance.now();
    const result = await verifyLog(deps.pool);
    const body: LogVerificationView = {
      ok: result.ok,
      checked: result.checked,
      seconds: Math.round(performance.now() - started) / 1000,
      digest: formatDigest(result.head),
      problem: result.firstBreak ? describeBreak(result.firstBreak) : null,
      unsealed: result.unsealed,
    };
    ctx.body = body;
  });

  router.get('/digest', async (ctx) => {
    await sealAll(deps.pool, { timeoutMs: 3000 });
    const head = await logDigest(deps.pool);
    const body: LogDigestView = { digest: formatDigest(head), chainIndex: head.chainIndex.toString(), position: head.position };
    ctx.body = body;
  });

  return router;
}
