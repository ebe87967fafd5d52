import { FEEDBACK_STATUS_LABELS, FEEDBACK_STATUSES, type FeedbackStatus, type FeedbackView } from '@care/events';
import { SelectOptions } from '../../shared/select-options';
import { useUpdateFeedback } from './update-feedback';

/** The feedback's status, saved as soon as another one is chosen. */
export function FeedbackStatusSelect({ feedback, label }: { feedback: FeedbackView; label: string }) {
  const update = useUpdateFeedback();
  const pending = update.isPending ? update.variables.request.status : undefined;
  return (
    <select
      className="input input-compact"
      aria-label={`Status of ${label}`}
      value={pending ?? feedback.status}
      disabled={update.isPending}
      onChange={(event) =>
        update.mutate({
          id: feedback.id,
          revision: feedback.revision,
          request: { status: event.target.value as FeedbackStatus },
        })
      }
    >
      <SelectOptions values={FEEDBACK_STATUSES} label={(status) => FEEDBACK_STATUS_LABELS[status]} />
    </select>
  );
}
