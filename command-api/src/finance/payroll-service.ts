import { commandTime } from '@care/events/server';
import { v7 as uuidv7 } from 'uuid';
import {
  londonToday,
  PAYROLL_PERIODS_STREAM_ID,
  PAYROLL_POLICY_STREAM_ID,
  payrollPeriodEnd,
  payrollRunStreamId,
  type EventStore,
  type ProcessPayrollCommandInput,
  type SetLivingWageCommandInput,
  type SetPayrollPolicyCommandInput,
} from '@care/events';
import type pg from 'pg';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream } from '../shared/event-stream';
import { enqueueMail } from '../mail/outbox';
import {
  decideProcessPayroll,
  decideSendPayslip,
  evolvePeriods,
  evolvePolicy,
  evolveRun,
  initialPeriodsState,
  initialPolicyState,
  initialRunState,
  type PayrollPeriodsEvent,
  type PayrollPolicyEvent,
  type PayrollRunEvent,
  type PayslipState,
  type PeriodsState,
  type PolicyState,
} from './payroll-decide';
import type { PayrollSource } from './payroll-source';

export interface ProcessResult extends CommandResult {
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly payslips: number;
  readonly belowMinimumWage: number;
  readonly skipped: readonly { readonly carerId: string; readonly reason: string }[];
}

/** Runs the payroll commands: load, decide, append with the expected revision. */
export class PayrollService {
  constructor(
    private readonly store: EventStore,
    private readonly pool: pg.Pool,
    private readonly source: PayrollSource,
  ) {}

  async setPolicy(input: SetPayrollPolicyCommandInput, context: CommandContext): Promise<CommandResult> {
    return this.onPolicy([{ type: 'PayrollPolicySet', data: input }], context);
  }

  async setLivingWage(input: SetLivingWageCommandInput, context: CommandContext): Promise<CommandResult> {
    return this.onPolicy([{ type: 'LivingWageRateSet', data: input }], context);
  }

  /**
   * The period is claimed on the payroll-periods stream with its expected revision BEFORE any payslip is
   * written: two admins processing overlapping periods at once cannot both succeed (the second gets 409).
   */
  async process(
    input: ProcessPayrollCommandInput,
    context: CommandContext,
    today: string = londonToday(commandTime()),
  ): Promise<ProcessResult> {
    const periodEnd = payrollPeriodEnd(input.periodStart, input.periodKind);
    const policy = await loadStream<PayrollPolicyEvent, PolicyState>(
      this.store,
      PAYROLL_POLICY_STREAM_ID,
      evolvePolicy,
      initialPolicyState,
    );
    const periods = await loadStream<PayrollPeriodsEvent, PeriodsState>(
      this.store,
      PAYROLL_PERIODS_STREAM_ID,
      evolvePeriods,
      initialPeriodsState,
    );
    const carers = await this.source.carersToPay(input.periodStart, periodEnd);
    const runId = uuidv7();
    const payslipIds = new Map(carers.map((carer) => [carer.carerId, uuidv7()]));
    const decision = decideProcessPayroll(
      {
        runId,
        payslipIds: (carerId) => payslipIds.get(carerId) ?? uuidv7(),
        periodKind: input.periodKind,
        periodStart: input.periodStart,
        periodEnd,
        today,
        carers,
      },
      periods.state,
      policy.state,
    );
    await appendEvents(this.store, PAYROLL_PERIODS_STREAM_ID, [decision.period], periods.revision, context);
    const appended = await appendEvents(this.store, payrollRunStreamId(runId), decision.payslips, 'no_stream', context);
    return {
      id: runId,
      revision: appended.nextExpectedRevision,
      position: appended.position,
      periodStart: input.periodStart,
      periodEnd,
      payslips: decision.payslips.length,
      belowMinimumWage: decision.payslips.filter((payslip) => payslip.data.belowMinimumWage).length,
      skipped: decision.skipped,
    };
  }

  /** Send to Employee: the mail goes through the outbox (delivered when mail is set up), then PayslipSent. */
  async sendPayslip(
    runId: string,
    payslipId: string,
    context: CommandContext,
  ): Promise<CommandResult & { sentTo: string }> {
    const streamId = payrollRunStreamId(runId);
    const loaded = await loadStream<PayrollRunEvent, PayslipState>(this.store, streamId, evolveRun, initialRunState);
    const carerId = loaded.state.payslips.get(payslipId)?.carerId;
    const carer = carerId === undefined ? null : await this.source.carerEmail(carerId);
    const events = decideSendPayslip(loaded.state, runId, payslipId, carer?.email ?? null);
    const appended = await appendEvents(this.store, streamId, events, loaded.revision, context);
    if (carer) {
      await enqueueMail(this.pool, {
        kind: 'payslip',
        to: carer.email,
        subject: 'Your payslip is ready',
        text: [
          `Hello ${carer.name},`,
          '',
          'Your payslip is ready. Sign in and open "My payslips" to view and download it as a PDF.',
          "Tax, National Insurance and pension on it are an estimate before the payroll bureau's figures.",
        ].join('\n'),
      });
    }
    return {
      id: payslipId,
      revision: appended.nextExpectedRevision,
      position: appended.position,
      sentTo: carer?.email ?? '',
    };
  }

  private async onPolicy(events: PayrollPolicyEvent[], context: CommandContext): Promise<CommandResult> {
    const loaded = await loadStream<PayrollPolicyEvent, PolicyState>(
      this.store,
      PAYROLL_POLICY_STREAM_ID,
      evolvePolicy,
      initialPolicyState,
    );
    const appended = await appendEvents(this.store, PAYROLL_POLICY_STREAM_ID, events, loaded.revision, context);
    return { id: PAYROLL_POLICY_STREAM_ID, revision: appended.nextExpectedRevision, position: appended.position };
  }
}
