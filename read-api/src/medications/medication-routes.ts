import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import {
  ADMINISTRATION_STATUSES,
  blankAsAbsent,
  can,
  interactionsAmong,
  ROLES,
  REFERENCE_MEDICINES,
  PRESCRIPTION_STATUSES,
  queryDate,
  queryOneOf,
  requiredQueryDate,
  searchText,
  type DrugInteraction,
} from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { READ_MODEL_SCHEMA } from '@care/projector';
import { readScopeOf, type ReadScope } from '../shared/carer-work';
import { optionalBoolean } from '../shared/list-filters';
import { countOf, MAX_PAGE_SIZE, pageOf, pagingFields, sendPage } from '../shared/paging';
import { fullName, peopleNamed } from '../shared/people';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { MedicationQueries } from './medication-queries';
import { attachPdf, renderPdf } from '@care/documents';
import { marChart, marPdfSpec } from './mar-chart';
import { readMarKey } from './mar-key-query';
import { parseQuery } from '../shared/query-parsing';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional());
const uuidField = (label: string) => optional(z.uuid({ error: `${label} must be a valid id` }));
const dateField = queryDate;

export const medicationListQuery = z.object({
  search: optional(searchText()),
  status: queryOneOf(PRESCRIPTION_STATUSES, 'Status'),
  clientId: uuidField('Client'),
  ...pagingFields(),
});
/** The roles whose members may record a dose, so may witness one. */
const WITNESS_ROLES = ROLES.filter((role) => can(role, 'medications.administer'));
export const witnessQuery = z.object({ ...pagingFields({ defaultLimit: MAX_PAGE_SIZE }) });
export const marQuery = z.object({
  clientId: z.uuid({ error: 'Client must be a valid id' }),
  from: requiredQueryDate('From'),
  days: z.coerce
    .number({ error: 'Days must be a whole number from 1 to 31' })
    .int('Days must be a whole number from 1 to 31')
    .min(1, 'Days must be a whole number from 1 to 31')
    .max(31, 'Days must be a whole number from 1 to 31')
    .default(28),
});
export const dueQuery = z.object({
  clientId: uuidField('Client'),
  overdue: optionalBoolean('Overdue'),
  ...pagingFields(),
});
export const recordListQuery = z.object({
  clientId: uuidField('Client'),
  carerId: uuidField('Carer'),
  prescriptionId: uuidField('Medication'),
  medicine: optional(searchText()),
  status: queryOneOf(ADMINISTRATION_STATUSES, 'Status'),
  from: dateField('From'),
  to: dateField('To'),
  ...pagingFields(),
});

const READ = ['medications.read', 'medications.readOwn'] as const;
const scopeOf = (ctx: ParameterizedContext<ReadState>): ReadScope => readScopeOf(ctx.state.session);

/**
 * GET /api/medications (paged: search, status, client), /due (Due & Overdue), /stats (the four cards), /compliance,
 * /interactions (among each client's active medicines), /:id/history; GET /api/medication-records (paged: client,
 * carer, medicine, status, London dates). medications.read: every client; medications.readOwn (carers): the clients
 * on their own visits, decided in the query.
 */
export function medicationRoutes({ db, work }: ReadDeps): Router<ReadState>[] {
  const queries = new MedicationQueries(db, work);
  const medications = new Router<ReadState>({ prefix: '/api/medications' });
  medications.use(requirePermission(...READ));

  medications.get('/', async (ctx) => {
    const { limit, offset, ...filter } = parseQuery(medicationListQuery, ctx);
    sendPage(ctx, await queries.list(filter, scopeOf(ctx), { limit, offset }));
  });

  medications.get('/reference', async (ctx) => {
    const added = await db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('reference_medicines')
      .selectAll()
      .orderBy('name')
      .execute();
    ctx.body = [
      ...REFERENCE_MEDICINES.map(({ name, type, strengths, category, commonDoses, controlledDrug, timeCritical }) => ({
        name,
        type,
        strengths,
        category,
        commonDoses,
        controlledDrug,
        timeCritical,
        builtIn: true,
      })),
      ...added.map((row) => ({
        name: row.name,
        type: row.type,
        strengths: row.strengths,
        category: row.category,
        commonDoses: [],
        controlledDrug: false,
        timeCritical: false,
        builtIn: false,
      })),
    ];
  });

  medications.get('/due', async (ctx) => {
    const { clientId, overdue, limit, offset } = parseQuery(dueQuery, ctx);
    sendPage(ctx, await queries.due(scopeOf(ctx), { clientId, overdueOnly: overdue }, { limit, offset }));
  });

  medications.get('/stats', async (ctx) => {
    ctx.body = await queries.stats(scopeOf(ctx));
  });

  medications.get('/compliance', async (ctx) => {
    ctx.body = await queries.compliance(scopeOf(ctx));
  });

  medications.get('/interactions', async (ctx) => {
    const rows = await db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('prescriptions as p')
      .leftJoin('appointment_client_names as cl', 'cl.id', 'p.client_id')
      .where('p.status', '=', 'active')
      .where(work.client(scopeOf(ctx), 'p.client_id'))
      .select(['p.client_id', 'p.name', 'cl.first_name', 'cl.last_name'])
      .execute();
    const byClient = new Map<string, { clientName: string | null; names: string[] }>();
    for (const row of rows) {
      const entry = byClient.get(row.client_id) ?? { clientName: fullName(row.first_name, row.last_name), names: [] };
      entry.names.push(row.name);
      byClient.set(row.client_id, entry);
    }
    const found: { clientId: string; clientName: string | null; interaction: DrugInteraction }[] = [];
    for (const [clientId, { clientName, names }] of byClient) {
      for (const interaction of interactionsAmong(names)) found.push({ clientId, clientName, interaction });
    }
    const rank = { severe: 0, moderate: 1, mild: 2 };
    ctx.body = found.sort(
      (a, b) =>
        rank[a.interaction.severity] - rank[b.interaction.severity] ||
        (a.clientName ?? '').localeCompare(b.clientName ?? ''),
    );
  });

  const chartOf = async (ctx: ParameterizedContext<ReadState>) => {
    const { clientId, from, days } = parseQuery(marQuery, ctx);
    const chart = await marChart(db, work, scopeOf(ctx), clientId, from, days);
    if (!chart) throw new HttpError(404, 'Client not found');
    return chart;
  };
  medications.get('/mar-codes', async (ctx) => {
    ctx.body = await readMarKey(db);
  });
  medications.get('/mar', async (ctx) => {
    ctx.body = await chartOf(ctx);
  });
  medications.get('/mar.pdf', async (ctx) => {
    const chart = await chartOf(ctx);
    attachPdf(ctx, `MAR ${chart.client.clientId} ${chart.from}.pdf`, await renderPdf(marPdfSpec(chart)));
  });

  // Who may witness a dose (a medicine that needs a second person): the agency's other active staff, names only.
  medications.get('/witnesses', requirePermission('medications.administer'), async (ctx) => {
    const page = parseQuery(witnessQuery, ctx);
    const staff = db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'role'])
      .where('is_active', '=', true)
      .where('role', 'in', WITNESS_ROLES)
      .where('id', '<>', ctx.state.session.userId);
    const rows = await pageOf(staff.orderBy('last_name').orderBy('first_name').orderBy('id'), page);
    sendPage(ctx, {
      rows: rows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, role: row.role })),
      total: await countOf(staff),
    });
  });

  medications.get('/:id/history', async (ctx) => {
    const id = z.uuid().safeParse(ctx.params.id);
    const visible = id.success
      ? await db
          .withSchema(READ_MODEL_SCHEMA)
          .selectFrom('prescriptions as p')
          .select('p.id')
          .where('p.id', '=', id.data)
          .where(work.client(scopeOf(ctx), 'p.client_id'))
          .executeTakeFirst()
      : undefined;
    if (!visible || !id.success) throw new HttpError(404, 'Medication not found');
    const versions = await db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('prescription_versions as v')
      .select(['v.revision', 'v.type', 'v.changes', 'v.reason', 'v.at', 'v.user_id'])
      .where('v.prescription_id', '=', id.data)
      .orderBy('v.revision')
      .execute();
    const person = await peopleNamed(
      db,
      versions.map((v) => v.user_id),
    );
    ctx.body = versions.map((v) => {
      const by = person(v.user_id);
      return {
        revision: String(v.revision),
        type: v.type,
        changes: v.changes,
        reason: v.reason,
        at: v.at.toISOString(),
        by: by ? `${by.firstName} ${by.lastName}` : null,
      };
    });
  });

  const records = new Router<ReadState>({ prefix: '/api/medication-records' });
  records.use(requirePermission(...READ));
  records.get('/', async (ctx) => {
    const { limit, offset, ...filter } = parseQuery(recordListQuery, ctx);
    sendPage(ctx, await queries.records(filter, scopeOf(ctx), { limit, offset }));
  });

  return [medications, records];
}
