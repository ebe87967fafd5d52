import type { AppointmentView, CheckInRequest, CheckOutRequest } from '@care/events';
import { can } from '@care/events';
import { Clock, LogIn, MapPin, TriangleAlert, UserRound } from 'lucide-react';
import { useCurrentUser } from '../../shared/current-user';
import { ReportIncidentDialog } from '../incidents';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAppointmentCommand } from '../../records/appointments/appointment-command';
import { enumLabel, formatDateTime } from '../../shared/format';
import { VisitStatusBadge } from '../../records/visit-records/visit-status-badge';
import { useIsMobile } from '../../shared/use-is-mobile';
import { canCheckIn, canCheckOut, minutesLate, recordedTimes, recordSource } from './check-in-rules';
import { CheckOutForm, type VisitOutcome } from './check-out-form';
import { locate, type VisitPosition } from '../../shared/geolocation';
import { RecordReasonsDialog, type RecordReasons } from './record-reasons-dialog';
import { AtTheDoor } from './at-the-door';
import { prefetchVisitMedications, VisitMedications } from '../medications';
import type { PendingVisit } from '../../shared/offline/pending-records';

type Action = 'check-in' | 'check-out';

/** Where the card is: idle, waiting for the device's position, or asking for the reasons the record needs. */
type Step =
  | { readonly kind: 'idle' }
  | { readonly kind: 'locating'; readonly action: Action }
  | {
      readonly kind: 'reasons';
      readonly action: Action;
      readonly key: string;
      readonly location: VisitPosition | null;
      readonly problem: string | undefined;
      readonly lateMinutes: number;
      readonly outcome?: VisitOutcome;
    };

const clock = (instant: string) => formatDateTime(instant).slice(11);
const clientName = (visit: AppointmentView) => `${visit.client.firstName} ${visit.client.lastName}`.trim();

interface VisitCheckInCardProps {
  /** With what this phone recorded and has not yet sent laid over it. */
  readonly visit: PendingVisit;
  /** Office staff recording for the carer: source Computer, and their own position says nothing of the visit. */
  readonly onBehalf: boolean;
  /** The carer's next visit to start: marked "Next". */
  readonly next?: boolean;
  /** Finished, missed or cancelled: only what happened, without the address, tasks or medicines. */
  readonly compact?: boolean;
}

export function VisitCheckInCard({ visit, onBehalf, next = false, compact = false }: VisitCheckInCardProps) {
  const narrowScreen = useIsMobile();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [reporting, setReporting] = useState(false);
  const role = useCurrentUser().role;
  const canReport = can(role, 'incidents.report') && visit.status !== 'cancelled';
  const queryClient = useQueryClient();
  const upcoming = !compact && canCheckIn(visit) && can(role, 'medications.administer');
  useEffect(() => {
    if (upcoming) prefetchVisitMedications(queryClient, visit.clientId);
  }, [upcoming, queryClient, visit.clientId]);
  // No If-Match: the timeliness policy may add "running late" to the stream at any moment, and decide refuses
  // a check-in or check-out the visit's state does not allow (cancelled, already completed) on its own.
  const checkIn = useAppointmentCommand<CheckInRequest>({ success: 'Checked in', failure: 'Failed to check in' });
  const checkOut = useAppointmentCommand<CheckOutRequest>({ success: 'Checked out', failure: 'Failed to check out' });
  const path = (action: Action) => `/api/appointments/${encodeURIComponent(visit.id)}/${action}`;
  const busy = step.kind !== 'idle' || checkIn.isPending || checkOut.isPending;

  const send = (
    action: Action,
    key: string,
    location: VisitPosition | null,
    reasons: RecordReasons,
    outcome?: VisitOutcome,
  ) => {
    const where = {
      source: recordSource({ onBehalf, located: location !== null, narrowScreen }),
      location,
      manualInputReason: reasons.manualInputReason,
      // A manual entry's real time: the server keeps it beside its own, with the manual entry's reason.
      ...(reasons.enteredAt !== undefined && { handEnteredReason: reasons.manualInputReason }),
    };
    const time = reasons.enteredAt;
    const done = { onSettled: () => setStep({ kind: 'idle' }) };
    const offline = {
      id: key,
      label: `${action === 'check-in' ? 'Check in' : 'Check out'}: ${clientName(visit)}`,
      kind: action,
      visitId: visit.id,
    };
    if (action === 'check-in') {
      checkIn.mutate(
        {
          method: 'POST',
          path: path(action),
          body: { ...where, lateReason: reasons.lateReason, ...(time && { checkedInAt: time }) },
          offline,
        },
        done,
      );
    } else {
      checkOut.mutate(
        {
          method: 'POST',
          path: path(action),
          body: { ...outcome, ...where, ...(time && { checkedOutAt: time }) },
          offline,
        },
        done,
      );
    }
  };

  /** Position first (unless staff record it); then the reasons the record needs, if any; then the command. */
  const record = async (action: Action, outcome?: VisitOutcome) => {
    // One key for this tap, whatever follows (the reasons dialog, a resend from the phone): it records once.
    const key = crypto.randomUUID();
    const lateMinutes = action === 'check-in' ? minutesLate(visit, new Date()) : 0;
    let location: VisitPosition | null = null;
    let problem: string | undefined;
    if (!onBehalf) {
      setStep({ kind: 'locating', action });
      const found = await locate();
      if (found.ok) location = found.location;
      else problem = found.problem;
    }
    if (problem === undefined && lateMinutes === 0) send(action, key, location, {}, outcome);
    else setStep({ kind: 'reasons', action, key, location, problem, lateMinutes, outcome });
  };

  const recorded = recordedTimes(visit, clock);
  return (
    <article
      className={`card check-in-card check-in-card-${visit.status}${next ? ' check-in-card-next' : ''}${compact ? ' check-in-card-compact' : ''}`}
      data-testid="check-in-visit"
      aria-label={`Visit to ${clientName(visit)}`}
    >
      <header className="check-in-card-header">
        <div>
          <h3 className="check-in-client">{clientName(visit)}</h3>
          <p className="check-in-line">
            <Clock size={16} aria-hidden />
            <span>
              {visit.startTime} – {visit.endTime}
            </span>
            <span className="muted check-in-type">
              <span aria-hidden className="check-in-type-dot">
                ·{' '}
              </span>
              {enumLabel(visit.visitType)}
            </span>
          </p>
        </div>
        <span className="check-in-badges">
          {next && <span className="badge check-in-next-badge">Next</span>}
          <VisitStatusBadge status={visit.status} />
          {visit.runningLate && visit.status === 'scheduled' && (
            <span className="badge punctuality-late">Running late</span>
          )}
        </span>
      </header>
      {!compact && (
        <p className="check-in-line">
          <MapPin size={16} aria-hidden />
          <span>{visit.client.address}</span>
        </p>
      )}
      {onBehalf && (
        <p className="check-in-line">
          <UserRound size={16} aria-hidden />
          <span>{visit.carer ? `${visit.carer.user.firstName} ${visit.carer.user.lastName}` : 'Unassigned'}</span>
        </p>
      )}
      {visit.tasks.length > 0 && visit.status !== 'in_progress' && !compact && (
        <ul className="check-in-tasks" aria-label="Tasks">
          {visit.tasks.map((task) => (
            <li key={task}>{task}</li>
          ))}
        </ul>
      )}
      {recorded && (
        <p className="small muted">
          {recorded}
          {visit.waitingToSend.length > 0 && <strong className="check-in-waiting"> · waiting to send</strong>}
        </p>
      )}

      {!compact && !onBehalf && <AtTheDoor visit={visit} />}
      {canCheckIn(visit) && (
        <button
          type="button"
          // A missed visit can still be checked in (a phone that was offline), but it is not the next job.
          className={
            compact ? 'button button-secondary check-in-button-secondary' : 'button button-primary check-in-button'
          }
          disabled={busy}
          onClick={() => void record('check-in')}
        >
          <LogIn size={20} aria-hidden />
          {step.kind === 'locating' ? 'Finding your location...' : checkIn.isPending ? 'Checking in...' : 'Check In'}
        </button>
      )}
      {visit.status === 'in_progress' && <VisitMedications visit={visit} />}
      {canCheckOut(visit) && (
        <>
          {step.kind === 'locating' && (
            <p className="check-in-notice" role="status">
              Finding your location...
            </p>
          )}
          <CheckOutForm visit={visit} busy={busy} onSubmit={(outcome) => void record('check-out', outcome)} />
        </>
      )}

      {canReport && (
        <>
          <button
            type="button"
            className={`button button-secondary check-in-report${compact ? ' button-small' : ''}`}
            onClick={() => setReporting(true)}
          >
            <TriangleAlert size={18} aria-hidden />
            Report Incident
          </button>
          <ReportIncidentDialog
            open={reporting}
            onOpenChange={setReporting}
            visit={{ id: visit.id, clientName: clientName(visit) }}
          />
        </>
      )}

      {step.kind === 'reasons' && (
        <RecordReasonsDialog
          title={step.action === 'check-in' ? `Check In: ${clientName(visit)}` : `Check Out: ${clientName(visit)}`}
          locationProblem={step.problem}
          lateMinutes={step.lateMinutes}
          submitLabel={step.action === 'check-in' ? 'Check In' : 'Check Out'}
          pending={checkIn.isPending || checkOut.isPending}
          onCancel={() => setStep({ kind: 'idle' })}
          onConfirm={(reasons) => send(step.action, step.key, step.location, reasons, step.outcome)}
        />
      )}
    </article>
  );
}
