import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import {
  addMarCodeRequestSchema,
  addReferenceMedicineRequestSchema,
  amendAdministrationRequestSchema,
  can,
  changePrescriptionRequestSchema,
  markMissedRequestSchema,
  prescribeRequestSchema,
  prescriptionReasonRequestSchema,
  prnEffectRequestSchema,
  recordAdministrationRequestSchema,
  withdrawMarCodeRequestSchema,
} from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import { CarerWork, writerScopeOf } from '../shared/carer-work';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { PRESCRIPTION_NOT_FOUND, RECORD_NOT_FOUND } from './decide';
import { addMarCode, withdrawMarCode } from './mar-key';
import { PrescriptionService, type MedicationActor } from './prescription-service';
import { addReferenceMedicine } from './reference-medicines';

type Ctx = ParameterizedContext<CommandState>;
const idOf = (ctx: Ctx) => parseRecordId(ctx.params.id, PRESCRIPTION_NOT_FOUND);
const recordIdOf = (ctx: Ctx) => parseRecordId(ctx.params.recordId, RECORD_NOT_FOUND);
const actorOf = (ctx: Ctx): MedicationActor => ({
  userId: ctx.state.session.userId,
  isManager: can(ctx.state.session.role, 'medications.prescribe'),
  scope: writerScopeOf(ctx.state.session),
});

const STEPS = {
  pause: 'PausePrescription',
  resume: 'ResumePrescription',
  discontinue: 'DiscontinuePrescription',
} as const;

/**
 * Medication commands. Prescribing, changing, pausing, resuming, discontinuing, amending records and
 * Mark as Missed: medications.prescribe. Recording a dose's outcome and a PRN dose's effect: medications.administer
 * (a carer only from their own visit to the client, and only for the clients of their work: shared/carer-work.ts).
 */
export function medicationRoutes({ store, carerWindow }: CommandDeps): Router<CommandState> {
  const service = new PrescriptionService(store, undefined, new CarerWork(store, carerWindow));
  const router = new Router<CommandState>({ prefix: '/api/medications' });
  const prescribe = requirePermission('medications.prescribe');
  const administer = requirePermission('medications.administer');

  router.post('/reference', requirePermission('medications.reference'), async (ctx) => {
    const input = parseOr400(addReferenceMedicineRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await addReferenceMedicine(store, input, commandContext(ctx)));
  });

  const keepKey = requirePermission('medications.codes');
  router.post('/mar-codes', keepKey, async (ctx) => {
    const input = parseOr400(addMarCodeRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await addMarCode(store, input, commandContext(ctx)));
  });

  router.post('/mar-codes/:code/withdrawal', keepKey, async (ctx) => {
    const { reason } = parseOr400(withdrawMarCodeRequestSchema, ctx.request.body);
    ctx.body = reply(await withdrawMarCode(store, (ctx.params.code ?? '').toUpperCase(), reason, commandContext(ctx)));
  });

  router.post('/', prescribe, async (ctx) => {
    const input = parseOr400(prescribeRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await service.prescribe(input, commandContext(ctx)));
  });

  router.patch('/:id', prescribe, async (ctx) => {
    const id = idOf(ctx);
    const input = parseOr400(changePrescriptionRequestSchema, ctx.request.body);
    ctx.body = reply(await service.change(id, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  for (const [path, type] of Object.entries(STEPS)) {
    router.post(`/:id/${path}`, prescribe, async (ctx) => {
      const id = idOf(ctx);
      const input = parseOr400(prescriptionReasonRequestSchema, ctx.request.body);
      ctx.body = reply(await service.step(id, type, input.reason, parseIfMatch(ctx), commandContext(ctx)));
    });
  }

  router.post('/:id/administrations', administer, async (ctx) => {
    const id = idOf(ctx);
    const input = parseOr400(recordAdministrationRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await service.record(id, input, actorOf(ctx), commandContext(ctx)));
  });

  router.post('/:id/missed', prescribe, async (ctx) => {
    const id = idOf(ctx);
    const input = parseOr400(markMissedRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(await service.markMissed(id, input.dueAt, input.reason, actorOf(ctx), commandContext(ctx)));
  });

  router.post('/:id/records/:recordId/amend', prescribe, async (ctx) => {
    const id = idOf(ctx);
    const recordId = recordIdOf(ctx);
    const input = parseOr400(amendAdministrationRequestSchema, ctx.request.body);
    ctx.body = reply(await service.amend(id, recordId, input, actorOf(ctx), commandContext(ctx)));
  });

  router.post('/:id/records/:recordId/prn-effect', administer, async (ctx) => {
    const id = idOf(ctx);
    const recordId = recordIdOf(ctx);
    const input = parseOr400(prnEffectRequestSchema, ctx.request.body);
    ctx.body = reply(
      await service.prnEffect(id, recordId, input.effect, input.notes ?? null, actorOf(ctx), commandContext(ctx)),
    );
  });

  return router;
}
