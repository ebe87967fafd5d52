import { FEEDBACK_LIMITS, type FeedbackView } from '@care/events';
import { useState } from 'react';
import { useUpdateFeedback } from './update-feedback';

/**
 * An administrator's notes on one piece of feedback: edit, then Save (blank clears them). The draft is kept
 * while the row reloads, so a status change in the same row does not throw away unsaved notes.
 */
export function AdminNotesEditor({ feedback, label }: { feedback: FeedbackView; label: string }) {
  const saved = feedback.adminNotes ?? '';
  const [draft, setDraft] = useState(saved);
  const update = useUpdateFeedback();
  const changed = draft.trim() !== saved;
  const saving = update.isPending;

  return (
    <form
      className="feedback-notes"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ id: feedback.id, revision: feedback.revision, request: { adminNotes: draft } });
      }}
    >
      <textarea
        className="input"
        rows={2}
        maxLength={FEEDBACK_LIMITS.adminNotes}
        aria-label={`Admin notes on ${label}`}
        placeholder="Add notes..."
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <button type="submit" className="button button-secondary button-small" disabled={!changed || saving}>
        {saving ? 'Saving...' : 'Save'}
        <span className="sr-only"> notes on {label}</span>
      </button>
    </form>
  );
}
