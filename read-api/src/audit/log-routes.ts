import Router from '@koa/router';
import { describeBreak, formatDigest, logDigest, sealAll, verifyLog } from '@care/events/server';
import { HttpError, requirePermission } from '@care/events/server';
import type { LogDigestView, LogVerificationView } from '@care/events';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';

export const LOG_NOT_CHAINED =
  'The events are kept in EventStoreDB, which checks its own files: the hash chain covers the PostgreSQL event store only.';

/**
 * The admin panel's log integrity card (audit.verify; docs/decisions/0021-tamper-evident-event-log.md): the same
 * checks as `npm run verify-log` and `npm run log-digest`, on the PostgreSQL event log the read API shares. Events
 * committed but not chained yet are chained first (their place in the order is final), waiting at most a few seconds
 * for open transactions.
 */
export function logRoutes(deps: ReadDeps, { chained }: { chained: boolean }): Router<ReadState> {
  const router = new Router<ReadState>({ prefix: '/api/audit/log' });
  router.use(requirePermission('audit.verify'));
  // The hash chain belongs to the PostgreSQL store: EventStoreDB has no SQL path to edit an event and checks its
  // own chunk files, so with it there is no chain here to verify (docs/features/audit.md), and saying "intact" would lie.
  if (!chained) {
    router.use(() => {
      throw new HttpError(409, LOG_NOT_CHAINED);
    });
  }

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
    const body: LogDigestView = {
      digest: formatDigest(head),
      chainIndex: head.chainIndex.toString(),
      position: head.position,
    };
    ctx.body = body;
  });

  return router;
}
