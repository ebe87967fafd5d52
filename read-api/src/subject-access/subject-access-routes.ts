import { Readable } from 'node:stream';
import Router from '@koa/router';
import { z } from 'zod';
import { SUBJECT_KINDS, SubjectAccessExported, subjectAccessStreamId } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { attachPdf, renderPdf } from '@care/documents';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { subjectAccessJson } from './subject-access-json';
import { subjectAccessPdf } from './subject-access-pdf';
import { subjectAccessParts, type Subject } from './subject-access-source';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The files are handed out this long after the administrator recorded the request, as Export Data's archive. */
const FRESH_MS = 10 * 60_000;

const recordedSchema = z.object({
  type: z.literal(SubjectAccessExported.type),
  data: z.object({ subjectKind: z.enum(SUBJECT_KINDS), subjectId: z.string(), reference: z.string().nullable() }),
  metadata: z.object({ userId: z.string(), occurredAt: z.iso.datetime() }),
});

/**
 * The subject access request the administrator recorded in the last 10 minutes (POST /api/admin/subject-access),
 * or undefined. PostgreSQL by its own recorded time; EventStoreDB by the event's occurredAt.
 */
async function recordedRequest({ pool, eventLog }: ReadDeps, id: string, userId: string): Promise<Subject | undefined> {
  const events =
    eventLog.kind === 'postgres'
      ? (
          await pool.query<{ type: string; data: unknown; metadata: unknown }>(
            `SELECT event_type AS type, data, metadata FROM es_events
              WHERE stream_id = $1 AND event_type = 'SubjectAccessExported' AND recorded_at > now() - interval '10 minutes'`,
            [subjectAccessStreamId(id)],
          )
        ).rows
      : await eventLog.store.readStream(subjectAccessStreamId(id));
  for (const event of events) {
    const parsed = recordedSchema.safeParse(event);
    if (!parsed.success || parsed.data.metadata.userId !== userId) continue;
    // EventStoreDB: by the event's own time (PostgreSQL's rows were chosen by their recorded time above).
    if (Date.now() - Date.parse(parsed.data.metadata.occurredAt) >= FRESH_MS && eventLog.kind !== 'postgres') continue;
    const { subjectKind, subjectId, reference } = parsed.data.data;
    return { kind: subjectKind, id: subjectId, reference };
  }
  return undefined;
}

const fileName = (subject: Subject, extension: string) =>
  `subject-access-${subject.kind}-${subject.id}-${new Date().toISOString().slice(0, 10)}.${extension}`;

/**
 * GET /api/admin/subject-access/:id/export.json and .pdf (administrators): a person's whole record, for a request the
 * same administrator recorded in the last 10 minutes; anything else is 404 (another administrator's request too).
 * The JSON streams as it is read; the PDF is the same parts laid out for reading.
 */
export function subjectAccessRoutes(deps: ReadDeps): Router<ReadState> {
  const router = new Router<ReadState>();
  const subjectOf = async (id: string | undefined, userId: string) => {
    if (!id || !UUID.test(id)) throw new HttpError(404, 'Subject access request not found');
    const subject = await recordedRequest(deps, id, userId);
    if (!subject) throw new HttpError(404, 'Subject access request not found');
    return subject;
  };
  router.get('/api/admin/subject-access/:id/export.json', requirePermission('subjectAccess.export'), async (ctx) => {
    const userId = ctx.state.session.userId;
    const subject = await subjectOf(ctx.params.id, userId);
    const parts = subjectAccessParts(deps.pool, deps.eventLog, subject, userId);
    ctx.set('Content-Type', 'application/json; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="${fileName(subject, 'json')}"`);
    ctx.set('Cache-Control', 'no-store');
    const body = Readable.from(subjectAccessJson(parts, subject, new Date()));
    body.on('error', (error) => deps.log.error({ err: error }, 'subject access export failed half way'));
    ctx.body = body;
  });
  router.get('/api/admin/subject-access/:id/export.pdf', requirePermission('subjectAccess.export'), async (ctx) => {
    const userId = ctx.state.session.userId;
    const subject = await subjectOf(ctx.params.id, userId);
    const now = new Date();
    const spec = await subjectAccessPdf(subjectAccessParts(deps.pool, deps.eventLog, subject, userId), subject, now);
    ctx.set('Cache-Control', 'no-store');
    attachPdf(ctx, fileName(subject, 'pdf'), await renderPdf(spec));
  });
  return router;
}
