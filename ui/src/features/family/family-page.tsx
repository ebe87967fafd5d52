import { useQuery } from '@tanstack/react-query';
import type { FamilyClientView } from '@care/events';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { useCurrentUser } from '../../shared/current-user';
import { NotFoundPage } from '../../shared/not-found-page';
import { CHOSEN_CLIENT_KEY, FAMILY_PATH } from './family-path';
import { familyClientsQuery } from './family-portal-queries';
import { clientName } from './family-portal-text';
import { AgencyContacts, FamilyCarePlan, FamilyMedicines, FamilyVisits } from './family-sections';
import { FamilyMessages } from './family-messages';
import { FamilyNotFound } from './family-not-found';
import './family-portal.css';

const RELATIONSHIP_WORDS: Record<FamilyClientView['relationship'], string> = {
  client: 'Your own care',
  relative: 'You follow their care as a relative',
  attorney: 'You follow their care as their attorney',
};

function rememberedClient(): string | null {
  try {
    return window.localStorage.getItem(CHOSEN_CLIENT_KEY);
  } catch {
    return null; // storage blocked: nothing is remembered
  }
}

function remember(clientId: string): void {
  try {
    window.localStorage.setItem(CHOSEN_CLIENT_KEY, clientId);
  } catch {
    // storage blocked: the choice is simply not remembered
  }
}

/**
 * /family: the family portal. One client opens at once; with several, /family opens the one chosen last time (or
 * asks), and `?client=<id>` opens a given one. A client who is not theirs is "not found", as the server says it.
 * Staff who open /family see "not found": the portal is for family accounts only.
 */
export function FamilyPage({ clientId }: { clientId?: string | undefined }) {
  const user = useCurrentUser();
  if (user.role !== 'family') return <NotFoundPage />;
  return <FamilyPortal clientId={clientId} />;
}

function FamilyPortal({ clientId }: { clientId?: string | undefined }) {
  const clients = useQuery(familyClientsQuery);
  if (clients.isPending) return <ListLoading what="your clients" />;
  if (clients.isError)
    return <ListLoadError what="your clients" error={clients.error} onRetry={() => void clients.refetch()} />;
  const list = clients.data;
  if (list.length === 0)
    return (
      <section className="page family-page">
        <h1 className="page-title">Family portal</h1>
        <div className="card empty-state">
          <p>You have no access to anyone's care at the moment. If you think this is wrong, contact the agency.</p>
        </div>
        <AgencyContacts />
      </section>
    );
  const wanted = clientId ?? rememberedClient() ?? (list.length === 1 ? list[0]!.id : undefined);
  // A remembered client whose access has ended gives way to the only one left.
  const chosen =
    list.find((client) => client.id === wanted) ?? (clientId === undefined && list.length === 1 ? list[0] : undefined);
  if (clientId !== undefined && !chosen) return <FamilyNotFound what="client" />;
  if (!chosen) return <ClientChoice clients={list} />;
  return <ClientCare client={chosen} others={list.length > 1 ? list : []} />;
}

/** Several clients and none chosen yet: whose care to open. */
function ClientChoice({ clients }: { clients: readonly FamilyClientView[] }) {
  return (
    <section className="page family-page">
      <h1 className="page-title">Whose care would you like to see?</h1>
      <ul className="family-client-choice">
        {clients.map((client) => (
          <li key={client.id}>
            <Link to={FAMILY_PATH} search={{ client: client.id }} className="card family-client-link">
              <span className="family-client-name">{clientName(client)}</span>
              <span className="muted small">{RELATIONSHIP_WORDS[client.relationship]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One client's care: the agency's contacts, next and past visits, medicines when shared, and the care plan. */
function ClientCare({ client, others }: { client: FamilyClientView; others: readonly FamilyClientView[] }) {
  useEffect(() => remember(client.id), [client.id]);
  return (
    <section className="page family-page">
      <header className="family-header">
        <h1 className="page-title">{clientName(client)}</h1>
        <p className="page-subtitle">{RELATIONSHIP_WORDS[client.relationship]}</p>
        {others.length > 0 && (
          <nav aria-label="Your clients" className="family-client-switch">
            <ul>
              {others.map((other) => (
                <li key={other.id}>
                  <Link
                    to={FAMILY_PATH}
                    search={{ client: other.id }}
                    className={`chip${other.id === client.id ? ' active' : ''}`}
                    aria-current={other.id === client.id ? 'page' : undefined}
                  >
                    {clientName(other)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      {/* Keyed by client: another client's lists start afresh rather than show the last one's rows. */}
      <div className="family-layout" key={client.id}>
        <div className="family-contact">
          <AgencyContacts />
        </div>
        <div className="family-main">
          <FamilyVisits clientId={client.id} when="upcoming" />
          <FamilyVisits clientId={client.id} when="past" />
        </div>
        <div className="family-side">
          {client.medicationsShared && <FamilyMedicines clientId={client.id} />}
          <FamilyCarePlan clientId={client.id} />
          <FamilyMessages clientId={client.id} />
        </div>
      </div>
    </section>
  );
}
