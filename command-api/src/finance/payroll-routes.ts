import type Router from '@koa/router';
import { processPayrollRequestSchema, setLivingWageRequestSchema, setPayrollPolicyRequestSchema } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { CommandDeps } from '../shared/command-deps';
import { commandReply as reply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseRecordId } from '../shared/request-parsing';
import { PAYSLIP_NOT_FOUND } from './payroll-decide';
import { PayrollService } from './payroll-service';
import { readModelPayrollSource, type PayrollSource } from './payroll-source';

/** Payroll commands, on the finance router: administrators only (finance.manage). */
export function addPayrollRoutes(
  router: Router<CommandState>,
  deps: CommandDeps,
  source: PayrollSource = readModelPayrollSource(deps.pool),
): void {
  const service = new PayrollService(deps.store, deps.pool, source);
  const manage = requirePermission('finance.manage');

  router.post('/payroll/process', manage, async (ctx) => {
    const result = await service.process(
      parseOr400(processPayrollRequestSchema, ctx.request.body),
      commandContext(ctx),
    );
    ctx.status = 201;
    ctx.body = {
      ...reply(result),
      periodStart: result.periodStart,
      periodEnd: result.periodEnd,
      payslips: result.payslips,
      belowMinimumWage: result.belowMinimumWage,
      skipped: result.skipped,
    };
  });

  router.post('/payroll/runs/:runId/payslips/:payslipId/send', manage, async (ctx) => {
    const runId = parseRecordId(ctx.params.runId, PAYSLIP_NOT_FOUND);
    const payslipId = parseRecordId(ctx.params.payslipId, PAYSLIP_NOT_FOUND);
    const result = await service.sendPayslip(runId, payslipId, commandContext(ctx));
    ctx.body = { ...reply(result), sentTo: result.sentTo };
  });

  router.put('/payroll/policy', manage, async (ctx) => {
    ctx.body = reply(
      await service.setPolicy(parseOr400(setPayrollPolicyRequestSchema, ctx.request.body), commandContext(ctx)),
    );
  });

  router.post('/payroll/living-wage', manage, async (ctx) => {
    ctx.status = 201;
    ctx.body = reply(
      await service.setLivingWage(parseOr400(setLivingWageRequestSchema, ctx.request.body), commandContext(ctx)),
    );
  });
}
