import {
  PAYROLL_PERIOD_KINDS,
  PAYROLL_PERIOD_LABELS,
  type PayrollPeriodKind,
  type PayrollRunView,
  type PayslipView,
} from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorReason } from '../../shared/api';
import { DateInput } from '../../shared/date-fields/date-input';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { formatDate, formatDateTime } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { useFinanceCommand } from './finance-api';
import { formatPence } from './money';
import './payroll.css';
import { PayrollSettings } from './payroll-settings';
import {
  firstOfLastMonth,
  hoursLabel,
  PAYROLL_RUNS_PATH,
  payrollCsvPath,
  payrollPolicyQuery,
  payslipPdfPath,
  runPayslipsPath,
} from './payroll-api';

const periodText = (run: Pick<PayrollRunView, 'periodStart' | 'periodEnd'>) =>
  `${formatDate(run.periodStart)} – ${formatDate(run.periodEnd)}`;

/** Payroll Management: Process Payroll, the period's payslips (paged), View Payslip, Send to Employee, Export CSV. */
export function PayrollTab({ canManage }: { canManage: boolean }) {
  const runs = usePagedList<PayrollRunView>(PAYROLL_RUNS_PATH, {});
  const [runId, setRunId] = useState<string>('');
  const [processing, setProcessing] = useState(false);
  const chosen = runs.items.find((run) => run.runId === runId) ?? runs.items[0];
  useEffect(() => {
    if (runId === '' && runs.items[0]) setRunId(runs.items[0].runId);
  }, [runId, runs.items]);

  return (
    <div className="finance-payroll">
      <div className="card">
        <div className="finance-list-header">
          <div>
            <h2 className="card-title">Payroll Management</h2>
            <p className="page-subtitle">
              Pay from completed visits (actual times), travel between visits, overtime, mileage and the minimum wage
              check.
            </p>
          </div>
          {canManage && (
            <button type="button" className="button button-primary" onClick={() => setProcessing(true)}>
              Process Payroll
            </button>
          )}
        </div>
        <PolicySummary />
        {runs.isPending ? (
          <ListLoading what="payroll periods" />
        ) : runs.isError ? (
          <ListLoadError what="payroll periods" error={runs.error} onRetry={() => void runs.refetch()} />
        ) : !chosen ? (
          <p className="empty-hint">
            No payroll processed yet.{canManage ? ' Process Payroll pays a period from its completed visits.' : ''}
          </p>
        ) : (
          <>
            <div className="finance-list-header">
              <label className="finance-filter">
                Period
                <select className="input" value={chosen.runId} onChange={(event) => setRunId(event.target.value)}>
                  {runs.items.map((run) => (
                    <option key={run.runId} value={run.runId}>
                      {periodText(run)} ({PAYROLL_PERIOD_LABELS[run.periodKind]})
                    </option>
                  ))}
                </select>
              </label>
              <a className="button button-secondary" href={payrollCsvPath(chosen.runId)} download>
                Export CSV
              </a>
            </div>
            {runs.hasNextPage && (
              <LoadMore
                shown={runs.items.length}
                total={runs.total}
                hasMore={runs.hasNextPage}
                loading={runs.isFetchingNextPage}
                onLoadMore={() => void runs.fetchNextPage()}
              />
            )}
            <PayslipList run={chosen} canManage={canManage} />
          </>
        )}
      </div>
      {canManage && <PayrollSettings />}
      {processing && (
        <ProcessPayrollDialog
          onClose={(processedRun) => {
            setProcessing(false);
            if (processedRun) setRunId(processedRun);
          }}
        />
      )}
    </div>
  );
}

function PolicySummary() {
  const policy = useQuery(payrollPolicyQuery());
  if (!policy.data) return null;
  const p = policy.data;
  return (
    <p className="finance-note" data-testid="payroll-policy">
      Travel between visits {p.travelPaid ? 'paid' : 'unpaid'} · overtime beyond {p.contractedHoursPerWeek} h a week at
      1.5 times · mileage {p.mileagePencePerMile}p a mile · deductions estimate: tax {p.taxPercent}%, National Insurance{' '}
      {p.nationalInsurancePercent}%, pension {p.pensionPercent}%, before the payroll bureau&apos;s figures.
    </p>
  );
}

function PayslipList({ run, canManage }: { run: PayrollRunView; canManage: boolean }) {
  const payslips = usePagedList<PayslipView>(runPayslipsPath(run.runId), {});
  const rows = payslips.items;
  const below = rows.filter((row) => row.belowMinimumWage).length;
  if (payslips.isPending) return <ListLoading what="payslips" />;
  if (payslips.isError)
    return <ListLoadError what="payslips" error={payslips.error} onRetry={() => void payslips.refetch()} />;
  return (
    <>
      {below > 0 && (
        <p className="finance-warning" role="status">
          {below} {below === 1 ? 'carer is' : 'carers are'} paid below the National Living Wage for all working time
          (travel included) in this period.
        </p>
      )}
      <div className="table-wrap">
        <table className="data-table payroll-table" data-testid="payslip-table">
          <caption className="sr-only">Payslips for {periodText(run)}</caption>
          <thead>
            <tr>
              <th scope="col">Carer</th>
              <th scope="col">Hours</th>
              <th scope="col">Gross</th>
              <th scope="col">Deductions (est.)</th>
              <th scope="col">Net</th>
              <th scope="col">Min. wage</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((payslip) => (
              <tr key={payslip.payslipId} data-testid={`payslip-${payslip.carerName ?? payslip.carerId}`}>
                <td>
                  {payslip.carerName ?? 'Carer'}
                  {payslip.employeeId ? <span className="finance-muted"> {payslip.employeeId}</span> : null}
                </td>
                <td data-label="Hours">
                  {hoursLabel(payslip.workedMinutes)}
                  {payslip.overtimeMinutes > 0 ? (
                    <span className="finance-muted"> incl. {hoursLabel(payslip.overtimeMinutes)} overtime</span>
                  ) : null}
                </td>
                <td data-label="Gross">{formatPence(payslip.grossPence)}</td>
                <td data-label="Deductions (est.)">{formatPence(payslip.deductionsPence)}</td>
                <td data-label="Net">{formatPence(payslip.netPence)}</td>
                <td data-label="Min. wage">
                  {payslip.belowMinimumWage ? (
                    <span className="badge finance-status-overdue">Below minimum wage</span>
                  ) : (
                    <span className="badge finance-status-paid">OK</span>
                  )}
                </td>
                <td>
                  <span className="badge finance-status-processing">Processed</span>
                  {payslip.sentAt ? (
                    <span className="finance-muted"> Sent {formatDateTime(payslip.sentAt)}</span>
                  ) : null}
                </td>
                <td className="finance-actions">
                  <a
                    className="button button-secondary button-small"
                    href={payslipPdfPath(payslip)}
                    target="_blank"
                    rel="noreferrer"
                  >
                    View Payslip<span className="sr-only"> of {payslip.carerName}</span>
                  </a>
                  {canManage && <SendPayslip payslip={payslip} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore
        shown={rows.length}
        total={payslips.total}
        hasMore={payslips.hasNextPage}
        loading={payslips.isFetchingNextPage}
        onLoadMore={() => void payslips.fetchNextPage()}
      />
    </>
  );
}

function SendPayslip({ payslip }: { payslip: PayslipView }) {
  const send = useFinanceCommand<PayslipView, { sentTo: string }>(
    (sent) =>
      `/api/finance/payroll/runs/${encodeURIComponent(sent.runId)}/payslips/${encodeURIComponent(sent.payslipId)}/send`,
    () => ({}),
    (reply) => ({ title: 'Payslip sent', description: `Queued by mail to ${reply.sentTo}` }),
  );
  return (
    <button
      type="button"
      className="button button-primary button-small"
      disabled={send.isPending}
      onClick={() => send.mutate(payslip)}
    >
      {payslip.sentAt ? 'Send again' : 'Send to Employee'}
      <span className="sr-only"> {payslip.carerName}</span>
    </button>
  );
}

interface ProcessReply {
  id: string;
  payslips: number;
  belowMinimumWage: number;
  periodStart: string;
  periodEnd: string;
  skipped: { carerId: string; reason: string }[];
}

function ProcessPayrollDialog({ onClose }: { onClose: (runId?: string) => void }) {
  const id = useId();
  const [periodStart, setPeriodStart] = useState(firstOfLastMonth());
  const [periodKind, setPeriodKind] = useState<PayrollPeriodKind>('month');
  const process = useFinanceCommand<{ periodStart: string; periodKind: PayrollPeriodKind }, ProcessReply>(
    () => '/api/finance/payroll/process',
    (input) => input,
    (reply) => ({
      title: `Payroll processed: ${reply.payslips} ${reply.payslips === 1 ? 'payslip' : 'payslips'}`,
      description: [
        `${formatDate(reply.periodStart)} – ${formatDate(reply.periodEnd)}.`,
        reply.belowMinimumWage > 0 ? `${reply.belowMinimumWage} below the National Living Wage.` : '',
        reply.skipped.length > 0 ? `${reply.skipped.length} not paid: no hourly rate on the carer record.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    }),
  );
  return (
    <FormDialog open onOpenChange={(open) => !open && onClose()} title="Process Payroll" size="small">
      <form
        className="payroll-dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          process.mutate({ periodStart, periodKind }, { onSuccess: (reply) => onClose(reply.id) });
        }}
      >
        <p>
          Pays every carer for the completed visits of the period. A period is processed once: one that overlaps a
          processed period is refused, so no visit is paid twice.
        </p>
        <div className="finance-field">
          <label htmlFor={`${id}-start`}>Period start</label>
          <DateInput
            id={`${id}-start`}
            value={periodStart}
            onChange={(event) => setPeriodStart(event.target.value)}
            required
          />
        </div>
        <div className="finance-field">
          <label htmlFor={`${id}-kind`}>Pay period</label>
          <select
            id={`${id}-kind`}
            className="input"
            value={periodKind}
            onChange={(event) => setPeriodKind(event.target.value as PayrollPeriodKind)}
          >
            {PAYROLL_PERIOD_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {PAYROLL_PERIOD_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <DialogFormFooter
          formError={process.error ? errorReason(process.error) : undefined}
          submitLabel="Process"
          disabled={process.isPending}
        />
      </form>
    </FormDialog>
  );
}
