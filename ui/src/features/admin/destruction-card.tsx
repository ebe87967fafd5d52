import type { DestructionProposalsView, DestructionProposalView, DestructionSubjectKind } from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiSend, errorReason } from '../../shared/api';
import { useCurrentUser } from '../../shared/current-user';
import { FormDialog } from '../../shared/form-dialog';
import { formatDateTime } from '../../shared/format';
import { LoadMore } from '../../shared/list-states';
import { usePagedView } from '../../shared/paged-view';
import { toast } from '../../shared/toast-store';

const PROPOSALS_PATH = '/api/destruction/proposals';
const PROPOSALS_KEY = [PROPOSALS_PATH];
const KIND_LABELS = { client: 'Client', carer: 'Carer' } as const;
const ruleLabel = (rule: DestructionProposalView['retentionRule']) =>
  rule.rule === 'medication' ? `Medication records, ${rule.years} years` : `Record retention, ${rule.years} years`;

/**
 * Destruction of records past their retention period (docs/features/destruction.md): the proposals, each decided by a
 * second administrator, and the certificates of those carried out. The proposer only sees that it waits.
 */
export function DestructionCard() {
  const me = useCurrentUser();
  const proposals = usePagedView<DestructionProposalView, DestructionProposalsView>(PROPOSALS_PATH);
  const [rejecting, setRejecting] = useState<DestructionProposalView>();
  const [approving, setApproving] = useState<DestructionProposalView>();
  const data = proposals.view;
  return (
    <section className="card admin-card" aria-labelledby="destruction-title">
      <h2 id="destruction-title" className="card-title">
        Destruction of records
      </h2>
      <p className="muted small">
        A proposal to destroy a person's records is carried out only once a second administrator approves it. The
        certificate stays in the log; the person's name does not.
      </p>
      {proposals.isError && <p role="alert">The proposals could not be loaded.</p>}
      {data && !data.available && (
        <p className="muted small">
          Records cannot be destroyed here: this product keeps its events in EventStoreDB, where an event cannot be
          rewritten.
        </p>
      )}
      {data && data.available && data.rows.length === 0 && <p>No destruction has been proposed.</p>}
      {data && data.rows.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="destruction-proposals">
            <thead>
              <tr>
                <th scope="col">Record</th>
                <th scope="col">ID</th>
                <th scope="col">Rule</th>
                <th scope="col">Reason</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.proposalId}>
                  <td data-label="Record">{KIND_LABELS[row.subjectKind]}</td>
                  <td data-label="ID">{row.reference ?? ''}</td>
                  <td data-label="Rule">{ruleLabel(row.retentionRule)}</td>
                  <td data-label="Reason">{row.reason}</td>
                  <td data-label="Outcome">
                    {row.status === 'destroyed' && row.certificate && (
                      <span>
                        Destroyed {formatDateTime(row.certificate.destroyedAt)}: {row.certificate.eventsRewritten}{' '}
                        events rewritten (certificate <code>{row.certificate.eventId.slice(0, 8)}</code>)
                      </span>
                    )}
                    {row.status === 'rejected' && row.rejection && <span>Rejected: {row.rejection.reason}</span>}
                    {row.status === 'proposed' &&
                      (row.proposedBy === me.id ? (
                        <span>Waiting for a second administrator</span>
                      ) : (
                        <span className="toolbar">
                          <button
                            type="button"
                            className="button button-danger-outline button-small"
                            onClick={() => setApproving(row)}
                          >
                            Approve
                          </button>
                          <button
                            type="button"
                            className="button button-secondary button-small"
                            onClick={() => setRejecting(row)}
                          >
                            Reject
                          </button>
                        </span>
                      ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.rows.length > 0 && (
        <LoadMore
          shown={data.rows.length}
          total={data.total}
          hasMore={proposals.hasNextPage}
          loading={proposals.isFetchingNextPage}
          onLoadMore={() => void proposals.fetchNextPage()}
        />
      )}
      <DecisionDialog proposal={approving} decision="approve" onClose={() => setApproving(undefined)} />
      <DecisionDialog proposal={rejecting} decision="reject" onClose={() => setRejecting(undefined)} />
    </section>
  );
}

function DecisionDialog({
  proposal,
  decision,
  onClose,
}: {
  proposal: DestructionProposalView | undefined;
  decision: 'approve' | 'reject';
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const send = useMutation({
    mutationFn: (id: string) =>
      apiSend('POST', `/api/destruction/proposals/${id}/${decision}`, decision === 'reject' ? { reason } : undefined),
    onSuccess: () => {
      toast({ title: decision === 'approve' ? 'Records destroyed' : 'Proposal rejected' });
      void queryClient.invalidateQueries({ queryKey: PROPOSALS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/retention-review'] });
      onClose();
    },
  });
  return (
    <FormDialog
      open={proposal !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={decision === 'approve' ? 'Approve destruction' : 'Reject destruction'}
      size="small"
    >
      {proposal && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate(proposal.proposalId);
          }}
        >
          <p className="small">
            {KIND_LABELS[proposal.subjectKind]} {proposal.reference ?? ''}: {proposal.reason}
          </p>
          {decision === 'approve' ? (
            <p className="small">
              Every event about this person is rewritten and every list rebuilt without them. This cannot be undone.
            </p>
          ) : (
            <>
              <label className="label" htmlFor={reasonId}>
                Reason for rejecting
              </label>
              <textarea
                id={reasonId}
                className="input"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                required
                maxLength={500}
              />
            </>
          )}
          {send.isError && (
            <p className="form-error" role="alert">
              {errorReason(send.error)}
            </p>
          )}
          <div className="dialog-footer">
            <button type="button" className="button button-secondary" onClick={onClose}>
              Cancel
            </button>
            <button
              type="submit"
              className={decision === 'approve' ? 'button button-danger-outline' : 'button button-primary'}
              disabled={send.isPending || (decision === 'reject' && reason.trim() === '')}
            >
              {decision === 'approve' ? 'Destroy records' : 'Reject'}
            </button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}

/** "Propose destruction" on a retention review row: the reason, then the proposal waits for a second administrator. */
export function ProposeDestructionButton({
  subjectKind,
  subjectId,
  label,
}: {
  subjectKind: DestructionSubjectKind;
  subjectId: string;
  label: string;
}) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const propose = useMutation({
    mutationFn: () => apiSend('POST', '/api/destruction/proposals', { subjectKind, subjectId, reason }),
    onSuccess: () => {
      toast({ title: 'Destruction proposed', description: 'A second administrator must approve it.' });
      void queryClient.invalidateQueries({ queryKey: PROPOSALS_KEY });
      setOpen(false);
    },
  });
  return (
    <>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={`Propose destruction of ${label}`}
        onClick={() => setOpen(true)}
      >
        Propose destruction
      </button>
      <FormDialog open={open} onOpenChange={setOpen} title="Propose destruction" size="small">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            propose.mutate();
          }}
        >
          <p className="small">{label}</p>
          <label className="label" htmlFor={reasonId}>
            Reason
          </label>
          <textarea
            id={reasonId}
            className="input"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            maxLength={500}
          />
          {propose.isError && (
            <p className="form-error" role="alert">
              {errorReason(propose.error)}
            </p>
          )}
          <div className="dialog-footer">
            <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button
              type="submit"
              className="button button-primary"
              disabled={propose.isPending || reason.trim() === ''}
            >
              Propose
            </button>
          </div>
        </form>
      </FormDialog>
    </>
  );
}
