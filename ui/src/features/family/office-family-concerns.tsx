import { useQueryClient } from '@tanstack/react-query';
import {
  can,
  FAMILY_CONCERN_KIND_LABELS,
  FAMILY_CONCERN_TEXT_MAX,
  FAMILY_RELATIONSHIP_LABELS,
  replyFamilyConcernRequestSchema,
  type OfficeFamilyConcernView,
} from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { apiSend } from '../../shared/api';
import { useCurrentUser } from '../../shared/current-user';
import { formatDateTime } from '../../shared/format';
import { Field, fieldAria } from '../../shared/form-field';
import { LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { serverFormErrors } from '../../shared/form-errors';
import { toast } from '../../shared/toast';
import './family-concerns.css';

const OPEN_PATH = '/api/family-concerns';

/**
 * The family members' concerns waiting for the office's reply: welfare items beside the diary's (the dashboard tile
 * counts both). Each has Reply to family; the reply resolves its alert and reaches the family member.
 */
export function OfficeFamilyConcerns() {
  const { role } = useCurrentUser();
  const canRead = can(role, 'familyConcerns.read');
  const concerns = usePagedList<OfficeFamilyConcernView>(OPEN_PATH, { open: 'true' }, { enabled: canRead });
  if (!canRead || concerns.items.length === 0) return null;
  return (
    <section className="card family-concerns-office" aria-labelledby="family-concerns-office-title">
      <h2 id="family-concerns-office-title" className="card-title">
        Concerns from families ({concerns.total})
      </h2>
      <ul className="family-messages">
        {concerns.items.map((concern) => (
          <OfficeConcern key={concern.id} concern={concern} canReply={can(role, 'familyConcerns.reply')} />
        ))}
      </ul>
      <LoadMore
        shown={concerns.items.length}
        total={concerns.total}
        hasMore={concerns.hasNextPage}
        loading={concerns.isFetchingNextPage}
        onLoadMore={() => void concerns.fetchNextPage()}
      />
    </section>
  );
}

function OfficeConcern({ concern, canReply }: { concern: OfficeFamilyConcernView; canReply: boolean }) {
  const [replying, setReplying] = useState(false);
  const who = concern.raisedBy.name ?? 'A family member';
  const relationship = concern.raisedBy.relationship ? FAMILY_RELATIONSHIP_LABELS[concern.raisedBy.relationship] : null;
  return (
    <li className="family-message">
      <p className="small muted">
        {FAMILY_CONCERN_KIND_LABELS[concern.kind]} about {concern.client.firstName} {concern.client.lastName}
        {concern.appointmentId ? ' (about a visit)' : ''} from {who}
        {relationship ? `, ${relationship.toLowerCase()}` : ''}, {formatDateTime(concern.raisedAt)}
      </p>
      <p className="family-message-text">{concern.text}</p>
      {canReply &&
        (replying ? (
          <ReplyForm concernId={concern.id} onDone={() => setReplying(false)} />
        ) : (
          <button type="button" className="button button-secondary button-small" onClick={() => setReplying(true)}>
            Reply to family
          </button>
        ))}
    </li>
  );
}

function ReplyForm({ concernId, onDone }: { concernId: string; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = replyFamilyConcernRequestSchema.safeParse({ reply });
    if (!check.success) {
      setError(check.error.issues[0]?.message);
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    try {
      await apiSend('POST', `/api/family-concerns/${encodeURIComponent(concernId)}/reply`, { reply });
      toast({ title: 'Reply sent to the family' });
      await queryClient.invalidateQueries({ queryKey: [OPEN_PATH] });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, ['reply'] as const);
      setError(found.fieldErrors.reply ?? found.formError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Field id={id} label="Reply to family" required error={error} wide>
        <textarea
          id={id}
          className="input"
          rows={3}
          maxLength={FAMILY_CONCERN_TEXT_MAX}
          value={reply}
          {...fieldAria(id, error)}
          onChange={(event) => {
            setReply(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send reply'}
        </button>
      </div>
    </form>
  );
}
