import { FAMILY_CONCERN_KIND_LABELS, type FamilyConcernView } from '@care/events';
import { formatDateTime } from '../../shared/format';
import { LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { RaiseFamilyConcern } from './family-concern-form';
import './family-concerns.css';

/** The family member's own messages about the client, newest first, with the office's replies (reloaded on a push). */
export function FamilyMessages({ clientId }: { clientId: string }) {
  const path = `/api/family/clients/${clientId}/concerns`;
  const messages = usePagedList<FamilyConcernView>(path, {});
  return (
    <section className="card family-section family-section-messages" aria-labelledby="family-messages-title">
      <h2 id="family-messages-title" className="family-section-title">
        Your messages
      </h2>
      <RaiseFamilyConcern clientId={clientId} />
      {messages.isPending ? (
        <p className="muted" role="status">
          Loading your messages…
        </p>
      ) : messages.isError ? (
        <p className="muted">Your messages could not be loaded.</p>
      ) : messages.items.length === 0 ? (
        <p className="muted">You have not sent the office a message yet.</p>
      ) : (
        <>
          <ul className="family-messages">
            {messages.items.map((message) => (
              <li key={message.id} className="family-message">
                <p className="small muted">
                  {FAMILY_CONCERN_KIND_LABELS[message.kind]}
                  {message.appointmentId ? ' about a visit' : ''}, sent {formatDateTime(message.raisedAt)}
                </p>
                <p className="family-message-text">{message.text}</p>
                {message.reply ? (
                  <div className="family-message-reply">
                    <p className="small muted">
                      The office replied {message.repliedAt ? formatDateTime(message.repliedAt) : ''}
                    </p>
                    <p>{message.reply}</p>
                  </div>
                ) : (
                  <p className="small muted">{message.kind === 'concern' ? 'Waiting for the office to reply.' : ''}</p>
                )}
              </li>
            ))}
          </ul>
          <LoadMore
            shown={messages.items.length}
            total={messages.total}
            hasMore={messages.hasNextPage}
            loading={messages.isFetchingNextPage}
            onLoadMore={() => void messages.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}
