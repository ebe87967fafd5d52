import Router from '@koa/router';
import { z } from 'zod';
import { queryInstant, queryText, requiredQueryInstant, TEXT_LIMITS, VIEWED_STREAM_MAX } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import type { ReadDeps } from '../shared/read-deps';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadState } from '../shared/read-state';
import { PostgresAuditLog, type AuditLog } from './audit-log';
import { AuditQueries } from './audit-queries';
import { AuditService } from './audit-service';
import { attachPdf, renderPdf } from '@care/documents';
import { clientFilePdf, recordAsOfPdf, timelinePdf } from './audit-pdf';
import { parseQuery } from '../shared/query-parsing';

export const asOfQuery = z.object({ asOf: queryInstant('As of') });
export const timelineQuery = z.object({ ...pagingFields({ defaultLimit: 100, maxLimit: 500 }) });
export const compareQuery = z.object({
  from: requiredQueryInstant('From'),
  to: requiredQueryInstant('To'),
});
export const searchQuery = z.object({ q: queryText('Search', TEXT_LIMITS.search).min(1, 'Type a name or an id') });
export const viewsQuery = z.object({
  streamId: queryText('Record id', VIEWED_STREAM_MAX).optional(),
  ...pagingFields(),
});

/** A stream id as the audit routes take it: `<kind>-<id>`, letters, digits and a few signs. */
export const streamIdParam = z
  .string()
  .max(VIEWED_STREAM_MAX)
  .regex(/^[a-z][a-z-]*-[A-Za-z0-9._%@+-]+$/, 'Not a record id');

const NOT_FOUND = 'Record not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function streamIdOf(value: string | undefined): string {
  const parsed = streamIdParam.safeParse(value);
  if (!parsed.success) throw new HttpError(404, NOT_FOUND);
  return parsed.data;
}

/**
 * The audit screen's API, for admins and auditors (audit.read): any record's history and state as of
 * an instant, straight from the event log, by one generic mechanism (events/src/audit); a client's whole file as of
 * an instant; who viewed what. Opening a record, a history or a client file is itself logged (RecordViewed).
 */
export function auditRoutes(deps: ReadDeps, log: AuditLog = new PostgresAuditLog(deps.pool)): Router<ReadState> {
  const queries = new AuditQueries(deps.db);
  const service = new AuditService(log, queries);
  const views = deps.views;
  const router = new Router<ReadState>({ prefix: '/api/audit' });
  router.use(requirePermission('audit.read'));

  router.get('/records', async (ctx) => {
    const { q } = parseQuery(searchQuery, ctx);
    const found = new Map<string, string | null>();
    const asStream = streamIdParam.safeParse(q);
    if (asStream.success && (await log.exists(q))) found.set(q, null);
    if (UUID.test(q)) for (const streamId of await log.streamsOfId(q.toLowerCase())) found.set(streamId, null);
    for (const match of await queries.searchByName(q, 20)) found.set(match.streamId, match.title);
    ctx.body = [...found.entries()].map(([streamId, title]) => ({ ...service.ref(streamId, null), title }));
  });

  router.get('/records/:streamId', async (ctx) => {
    const streamId = streamIdOf(ctx.params.streamId);
    const { asOf } = parseQuery(asOfQuery, ctx);
    const at = asOf ? new Date(asOf) : undefined;
    const view = await service.recordAsOf(streamId, at);
    if (!view) throw new HttpError(404, NOT_FOUND);
    const confidential = view.record.kind === 'diary-entry' && view.state?.isConfidential === true;
    await views.viewed(ctx.state.session.userId, ctx.state.requestId, {
      view: confidential ? 'confidential-diary-entry' : 'record',
      streamId,
      clientId: view.record.kind === 'client' && UUID.test(view.record.id) ? view.record.id : clientIdOf(view.state),
      asOf: at,
    });
    ctx.body = view;
  });

  router.get('/records/:streamId/timeline', async (ctx) => {
    const streamId = streamIdOf(ctx.params.streamId);
    const page = parseQuery(timelineQuery, ctx);
    const timeline = await service.timeline(streamId, page);
    if (!timeline) throw new HttpError(404, NOT_FOUND);
    await views.viewed(ctx.state.session.userId, ctx.state.requestId, {
      view: 'timeline',
      streamId,
      clientId: null,
      asOf: undefined,
    });
    sendPage(ctx, { rows: timeline.rows, total: timeline.total });
  });

  /** The whole timeline as PDF (every event, not a page). */
  router.get('/records/:streamId/timeline.pdf', async (ctx) => {
    const streamId = streamIdOf(ctx.params.streamId);
    const timeline = await service.timeline(streamId, { limit: Number.MAX_SAFE_INTEGER, offset: 0 });
    if (!timeline) throw new HttpError(404, NOT_FOUND);
    await views.viewed(ctx.state.session.userId, ctx.state.requestId, {
      view: 'timeline',
      streamId,
      clientId: null,
      asOf: undefined,
    });
    attachPdf(ctx, `history-${streamId}.pdf`, await renderPdf(timelinePdf(timeline.record, timeline.rows, new Date())));
  });

  router.get('/records/:streamId/as-of.pdf', async (ctx) => {
    const streamId = streamIdOf(ctx.params.streamId);
    const { asOf } = parseQuery(asOfQuery, ctx);
    const at = asOf ? new Date(asOf) : undefined;
    const view = await service.recordAsOf(streamId, at);
    if (!view) throw new HttpError(404, NOT_FOUND);
    const confidential = view.record.kind === 'diary-entry' && view.state?.isConfidential === true;
    await views.viewed(ctx.state.session.userId, ctx.state.requestId, {
      view: confidential ? 'confidential-diary-entry' : 'record',
      streamId,
      clientId: clientIdOf(view.state),
      asOf: at,
    });
    attachPdf(
      ctx,
      `${streamId}${at ? `-as-of-${at.toISOString().slice(0, 16).replace(':', '')}` : ''}.pdf`,
      await renderPdf(recordAsOfPdf(view, new Date())),
    );
  });

  router.get('/records/:streamId/compare', async (ctx) => {
    const streamId = streamIdOf(ctx.params.streamId);
    const { from, to } = parseQuery(compareQuery, ctx);
    const comparison = await service.compare(streamId, new Date(from), new Date(to));
    if (!comparison) throw new HttpError(404, NOT_FOUND);
    await views.viewed(ctx.state.session.userId, ctx.state.requestId, {
      view: 'record',
      streamId,
      clientId: null,
      asOf: new Date(to),
    });
    ctx.body = comparison;
  });

  router.get('/clients/:id/file', async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!UUID.test(id)) throw new HttpError(404, 'Client not found');
    const { asOf } = parseQuery(asOfQuery, ctx);
    const at = asOf ? new Date(asOf) : undefined;
    const file = await service.clientFile(id.toLowerCase(), at);
    if (!file) throw new HttpError(404, 'Client not found');
    await views.viewed(ctx.state.session.userId, ctx.state.requestId, {
      view: 'client-file',
      streamId: `client-${id.toLowerCase()}`,
      clientId: id.toLowerCase(),
      asOf: at,
    });
    ctx.body = file;
  });

  router.get('/clients/:id/file.pdf', async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!UUID.test(id)) throw new HttpError(404, 'Client not found');
    const { asOf } = parseQuery(asOfQuery, ctx);
    const at = asOf ? new Date(asOf) : undefined;
    const file = await service.clientFile(id.toLowerCase(), at);
    if (!file) throw new HttpError(404, 'Client not found');
    await views.viewed(ctx.state.session.userId, ctx.state.requestId, {
      view: 'client-file',
      streamId: `client-${id.toLowerCase()}`,
      clientId: id.toLowerCase(),
      asOf: at,
    });
    attachPdf(ctx, `client-file-${id.toLowerCase()}.pdf`, await renderPdf(clientFilePdf(file, new Date())));
  });

  router.get('/views', async (ctx) => {
    const { streamId, limit, offset } = parseQuery(viewsQuery, ctx);
    const { rows, total } = await queries.views(streamId, { limit, offset });
    const names = await queries.userNames(rows.map((row) => row.userId));
    sendPage(ctx, {
      rows: rows.map(({ userId, ...row }) => ({ ...row, who: { userId, name: names.get(userId) ?? null } })),
      total,
    });
  });

  return router;
}

function clientIdOf(state: Record<string, unknown> | null): string | null {
  const value = state?.clientId;
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
}
