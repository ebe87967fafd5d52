import { londonClock, ukDateOfInstant, type LeaveView } from '@care/events';
import { visitsInLeaveReplySchema } from '@care/events/api';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../shared/api';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { serverFormErrors } from '../../shared/form-errors';
import { useApproveLeave } from './leave-commands';
import { LEAVE_KIND_LABELS, leaveDatesText } from './leave-labels';

type VisitInLeave = z.infer<typeof visitsInLeaveReplySchema>['visits'][number];

interface ApproveLeaveDialogProps {
  leave: LeaveView | undefined;
  onOpenChange: (open: boolean) => void;
}

/**
 * Approve a request. When the carer has visits booked in the leave the server refuses with the list of them: the
 * dialog shows them first, and only a second, explicit choice approves and takes the carer off those visits.
 */
export function ApproveLeaveDialog({ leave, onOpenChange }: ApproveLeaveDialogProps) {
  return (
    <FormDialog open={leave !== undefined} onOpenChange={onOpenChange} title="Approve Leave" size="normal">
      {leave && <ApproveLeaveForm leave={leave} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

/** The visits of a 409 reply, or undefined when the refusal is about something else. */
function visitsInTheWay(failure: unknown): VisitInLeave[] | undefined {
  if (!(failure instanceof ApiError) || failure.status !== 409) return undefined;
  const parsed = visitsInLeaveReplySchema.safeParse(failure.body);
  return parsed.success ? parsed.data.visits : undefined;
}

function ApproveLeaveForm({ leave, onDone }: { leave: LeaveView; onDone: () => void }) {
  const approve = useApproveLeave();
  const [visits, setVisits] = useState<VisitInLeave[]>();
  const [formError, setFormError] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    try {
      await approve.mutateAsync({ leave, body: { unassignVisits: visits !== undefined } });
      onDone();
    } catch (failure) {
      const inTheWay = visitsInTheWay(failure);
      if (inTheWay && visits === undefined) setVisits(inTheWay);
      else setFormError(serverFormErrors(failure, []).formError ?? 'The leave could not be approved');
    }
  };

  const count = visits?.length ?? 0;
  const submitLabel = visits
    ? `Approve and unassign ${count} visit${count === 1 ? '' : 's'}`
    : approve.isPending
      ? 'Approving...'
      : 'Approve';

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="dialog-summary">
        <strong>{leave.carerName}</strong>: {LEAVE_KIND_LABELS[leave.kind]}, {leaveDatesText(leave)}
      </p>
      {visits && (
        <div className="leave-visits" role="alert">
          <p>
            {leave.carerName} has {count === 1 ? 'a visit' : `${count} visits`} during this leave.{' '}
            {count === 1 ? 'It' : 'They'} will be unassigned, to be given to another carer:
          </p>
          <ul className="leave-visit-list" aria-label="Visits to be unassigned">
            {visits.map((visit) => (
              <li key={visit.appointmentId} data-testid="leave-visit">
                <span className="leave-visit-when">
                  {ukDateOfInstant(visit.start)} {londonClock(visit.start)}–{londonClock(visit.end)}
                </span>{' '}
                {visit.clientName ?? 'Client no longer listed'}
              </li>
            ))}
          </ul>
        </div>
      )}
      <DialogFormFooter formError={formError} submitLabel={submitLabel} disabled={approve.isPending} />
    </form>
  );
}
