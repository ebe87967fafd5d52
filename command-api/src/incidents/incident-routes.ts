import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { v7 as uuidv7 } from 'uuid';
import {
  amendIncidentRequestSchema,
  can,
  closeIncidentRequestSchema,
  escalateIncidentRequestSchema,
  followUpDoneRequestSchema,
  incidentDutyRequestSchema,
  incidentDutyStepRequestSchema,
  incidentNoteRequestSchema,
  reopenIncidentRequestSchema,
  reportFromDiaryRequestSchema,
  reportIncidentRequestSchema,
  resolveIncidentRequestSchema,
  safeguardingReferralRequestSchema,
  safeguardingReferralUpdateRequestSchema,
} from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import { CarerWork, writerScopeOf } from '../shared/carer-work';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { INCIDENT_NOT_FOUND, REFERRAL_NOT_FOUND } from './decide';
import { IncidentService, todayInLondon, type IncidentReporter } from './incident-service';

const incidentIdOf = (ctx: ParameterizedContext<CommandState>) => parseRecordId(ctx.params.id, INCIDENT_NOT_FOUND);
const bodyOf = (ctx: ParameterizedContext<CommandState>): unknown => ctx.request.body ?? {};

function reporterOf(ctx: ParameterizedContext<CommandState>): IncidentReporter {
  const { userId, role } = ctx.state.session;
  return { userId, mayNameAnyRecord: can(role, 'incidents.manage'), scope: writerScopeOf(ctx.state.session) };
}

/**
 * Incident commands. Report (incidents.report: every role; a carer names only their own visit or diary entry);
 * everything else (incidents.manage). Every command on an existing incident accepts If-Match.
 */
export function incidentRoutes({ store, carerWindow }: CommandDeps): Router<CommandState> {
  const service = new IncidentService(store, new CarerWork(store, carerWindow));
  const router = new Router<CommandState>({ prefix: '/api/incidents' });
  const report = requirePermission('incidents.report');
  const manage = requirePermission('incidents.manage');

  router.post('/', report, async (ctx) => {
    const input = parseOr400(reportIncidentRequestSchema, ctx.request.body);
    const result = await service.report(
      {
        type: input.type,
        severity: input.severity,
        title: input.title,
        description: input.description,
        location: input.location ?? null,
        clientId: input.clientId ?? null,
        carerId: input.carerId ?? null,
        witnessDetails: input.witnessDetails ?? null,
        immediateAction: input.immediateAction ?? null,
        followUpRequired: input.followUpRequired,
        followUpNotes: input.followUpNotes ?? null,
        dateOccurred: input.dateOccurred,
        appointmentId: input.appointmentId ?? null,
      },
      reporterOf(ctx),
      commandContext(ctx),
    );
    ctx.status = 201;
    ctx.body = reply(result);
  });

  router.post('/from-diary-entry', report, async (ctx) => {
    const input = parseOr400(reportFromDiaryRequestSchema, ctx.request.body);
    const result = await service.reportFromDiary(
      input.diaryEntryId,
      { type: input.type, severity: input.severity },
      reporterOf(ctx),
      commandContext(ctx),
    );
    ctx.status = 201;
    ctx.body = reply(result);
  });

  router.post('/:id/amend', manage, async (ctx) => {
    const id = incidentIdOf(ctx);
    const { reason, ...changes } = parseOr400(amendIncidentRequestSchema, ctx.request.body);
    ctx.body = reply(await service.amend(id, changes, reason, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/investigate', manage, async (ctx) => {
    const id = incidentIdOf(ctx);
    ctx.body = reply(await service.command({ type: 'StartInvestigation', id }, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.post('/:id/notes', manage, async (ctx) => {
    const id = incidentIdOf(ctx);
    const input = parseOr400(incidentNoteRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(
      await service.command(
        { type: 'AddInvestigationNote', id, noteId: uuidv7(), note: input.note },
        parseIfMatch(ctx),
        commandContext(ctx),
      ),
    );
  });

  router.post('/:id/follow-up', manage, async (ctx) => {
    const id = incidentIdOf(ctx);
    const input = parseOr400(followUpDoneRequestSchema, ctx.request.body);
    ctx.body = reply(
      await service.command(
        { type: 'CompleteFollowUp', id, notes: input.notes },
        parseIfMatch(ctx),
        commandContext(ctx),
      ),
    );
  });

  router.post('/:id/resolve', manage, async (ctx) => {
    const id = incidentIdOf(ctx);
    const input = parseOr400(resolveIncidentRequestSchema, ctx.request.body);
    ctx.body = reply(
      await service.command(
        { type: 'ResolveIncident', id, resolutionSummary: input.resolutionSummary },
        parseIfMatch(ctx),
        commandContext(ctx),
      ),
    );
  });

  router.post('/:id/close', manage, async (ctx) => {
    const id = incidentIdOf(ctx);
    const input = parseOr400(closeIncidentRequestSchema, bodyOf(ctx));
    ctx.body = reply(
      await service.command(
        { type: 'CloseIncident', id, followUpWaivedReason: input.followUpWaivedReason ?? null },
        parseIfMatch(ctx),
        commandContext(ctx),
      ),
    );
  });

  router.post('/:id/reopen', manage, async (ctx) => {
    const id = incidentIdOf(ctx);
    const input = parseOr400(reopenIncidentRequestSchema, ctx.request.body);
    ctx.body = reply(
      await service.command(
        { type: 'ReopenIncident', id, reason: input.reason },
        parseIfMatch(ctx),
        commandContext(ctx),
      ),
    );
  });

  router.post('/:id/escalate', manage, async (ctx) => {
    const id = incidentIdOf(ctx);
    const input = parseOr400(escalateIncidentRequestSchema, ctx.request.body);
    ctx.body = reply(
      await service.escalate(
        id,
        input.severity ?? null,
        input.escalatedTo ?? null,
        input.reason,
        parseIfMatch(ctx),
        commandContext(ctx),
      ),
    );
  });

  router.post('/:id/safeguarding-referrals', manage, async (ctx) => {
    const id = incidentIdOf(ctx);
    const input = parseOr400(safeguardingReferralRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = reply(
      await service.command(
        {
          type: 'ReferToSafeguarding',
          id,
          referralId: uuidv7(),
          referredOn: input.referredOn,
          referredTo: input.referredTo,
          localAuthorityReference: input.localAuthorityReference ?? null,
          outcome: input.outcome ?? null,
          today: todayInLondon(),
        },
        parseIfMatch(ctx),
        commandContext(ctx),
      ),
    );
  });

  router.patch('/:id/safeguarding-referrals/:referralId', manage, async (ctx) => {
    const id = incidentIdOf(ctx);
    const referralId = parseRecordId(ctx.params.referralId, REFERRAL_NOT_FOUND);
    const input = parseOr400(safeguardingReferralUpdateRequestSchema, ctx.request.body);
    ctx.body = reply(
      await service.command(
        {
          type: 'UpdateSafeguardingReferral',
          id,
          referralId,
          localAuthorityReference: input.localAuthorityReference,
          outcome: input.outcome,
        },
        parseIfMatch(ctx),
        commandContext(ctx),
      ),
    );
  });

  router.post('/:id/duties', manage, async (ctx) => {
    const id = incidentIdOf(ctx);
    const input = parseOr400(incidentDutyRequestSchema, ctx.request.body);
    ctx.body = reply(
      await service.command(
        { type: 'IdentifyDuty', id, duty: input.duty, reason: input.reason, dueDate: input.dueDate ?? null },
        parseIfMatch(ctx),
        commandContext(ctx),
      ),
    );
  });

  router.post('/:id/duties/steps', manage, async (ctx) => {
    const id = incidentIdOf(ctx);
    const input = parseOr400(incidentDutyStepRequestSchema, ctx.request.body);
    ctx.body = reply(
      await service.command(
        {
          type: 'RecordDutyStep',
          id,
          duty: input.duty,
          step: input.step,
          doneOn: input.doneOn,
          reference: input.reference ?? null,
          today: todayInLondon(),
        },
        parseIfMatch(ctx),
        commandContext(ctx),
      ),
    );
  });

  return router;
}
