import { londonClock, type FillDayPlan, type FillDayProposal } from '@care/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiSend, errorReason } from '../../shared/api';
import { FormDialog } from '../../shared/form-dialog';
import { formatDate } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { toast } from '../../shared/toast';
import { reloadAppointments } from '../../records/appointments/appointment-queries';
import { fillDayQueryOptions } from './get-suggestions';
import { SuggestionReasons } from './suggestion-reasons';
import './suggestions.css';

/** What became of one proposed assignment once applied. */
type Outcome = { assigned: true } | { assigned: false; reason: string };

/** The reasons shown under each proposal: the ones that decided it, not the whole list. */
const REASONS_SHOWN = 3;

/**
 * Fill the day: a carer proposed for every open visit of the day, shown first; "Apply" sends each as an ordinary
 * assignment (with the visit's revision and its own idempotency key, so a retry assigns once), one after another,
 * and shows each refusal with the command side's reason (a clash or leave that arrived meanwhile).
 */
export function FillDayDialog({ date, onClose }: { date: string | undefined; onClose: () => void }) {
  return (
    <FormDialog
      open={date !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={date ? `Fill the day: ${formatDate(date)}` : 'Fill the day'}
    >
      {date && <FillDayProposalList key={date} date={date} onClose={onClose} />}
    </FormDialog>
  );
}

function FillDayProposalList({ date, onClose }: { date: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const plan = useQuery(fillDayQueryOptions(date));
  const [keys] = useState(() => new Map<string, string>());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, Outcome>>(new Map());
  const [applying, setApplying] = useState(false);

  if (plan.isPending) return <ListLoading what="the proposal" />;
  if (plan.isError) return <ListLoadError what="the proposal" error={plan.error} onRetry={() => void plan.refetch()} />;
  const proposals = plan.data.proposals;
  const placed = proposals.filter((proposal) => proposal.proposed !== null);
  const applied = outcomes.size > 0;

  const apply = async (data: FillDayPlan) => {
    setApplying(true);
    const results = new Map<string, Outcome>();
    for (const proposal of data.proposals) {
      if (!proposal.proposed) continue;
      const key = keys.get(proposal.appointmentId) ?? crypto.randomUUID();
      keys.set(proposal.appointmentId, key);
      try {
        await apiSend(
          'POST',
          `/api/appointments/${proposal.appointmentId}/assign`,
          { carerId: proposal.proposed.carerId },
          { 'If-Match': proposal.revision, 'Idempotency-Key': key },
        );
        results.set(proposal.appointmentId, { assigned: true });
      } catch (failure) {
        results.set(proposal.appointmentId, {
          assigned: false,
          reason: failure instanceof Error ? errorReason(failure) : String(failure),
        });
      }
      setOutcomes(new Map(results));
    }
    setApplying(false);
    const refused = [...results.values()].filter((outcome) => !outcome.assigned).length;
    toast({
      title: `${results.size - refused} of ${results.size} visits assigned`,
      ...(refused > 0 && { description: `${refused} refused: the reasons are listed`, variant: 'destructive' }),
    });
    await reloadAppointments(queryClient);
  };

  if (proposals.length === 0) {
    return (
      <>
        <p>No open visits on {formatDate(date)}.</p>
        <div className="dialog-footer">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      <p className="muted small">
        {placed.length} of {proposals.length} open visits can be given a carer. Nothing is assigned until you apply.
      </p>
      <ol className="fill-day-list" aria-label="Proposed assignments">
        {proposals.map((proposal) => (
          <ProposalRow
            key={proposal.appointmentId}
            proposal={proposal}
            outcome={outcomes.get(proposal.appointmentId)}
          />
        ))}
      </ol>
      <div className="dialog-footer">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {applied ? 'Close' : 'Cancel'}
        </button>
        {!applied && (
          <button
            type="button"
            className="button button-primary"
            disabled={applying || placed.length === 0}
            onClick={() => void apply(plan.data)}
          >
            {applying ? 'Assigning…' : `Apply ${placed.length} assignment${placed.length === 1 ? '' : 's'}`}
          </button>
        )}
      </div>
    </>
  );
}

function ProposalRow({ proposal, outcome }: { proposal: FillDayProposal; outcome: Outcome | undefined }) {
  return (
    <li className="fill-day-row" data-testid="fill-day-proposal" data-visit-id={proposal.appointmentId}>
      <span>
        <strong>
          {londonClock(proposal.start)}–{londonClock(proposal.end)}
        </strong>{' '}
        {proposal.clientName}
      </span>
      {proposal.proposed ? (
        <>
          <span>
            Proposed: <strong>{proposal.proposed.carerName}</strong>
          </span>
          <SuggestionReasons reasons={proposal.proposed.reasons.slice(0, REASONS_SHOWN)} />
        </>
      ) : (
        <span className="fill-day-outcome-refused">No carer is free for this visit</span>
      )}
      {outcome?.assigned === true && <span className="fill-day-outcome-assigned">Assigned</span>}
      {outcome?.assigned === false && <span className="fill-day-outcome-refused">Refused: {outcome.reason}</span>}
    </li>
  );
}
