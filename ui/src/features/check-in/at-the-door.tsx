import type { AppointmentView, CarePlanView, ClientView, EmergencyContactView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { DoorOpen, Phone } from 'lucide-react';
import { apiGetPage } from '../../shared/api';
import { apiGetAll, withParams } from '../../shared/paged-list';
import './at-the-door.css';

/**
 * The clients on the carer's visits (the read API gives a carer only those): one list for every card, kept in the
 * phone's local copy (shared/offline/local-copy.ts) so it opens without signal. Not GET /api/clients/:id, which
 * records that the client's file was opened each time it is read.
 */
export const doorClientsQueryOptions = {
  queryKey: ['/api/clients', 'all'] as const,
  queryFn: () => apiGetAll<ClientView>('/api/clients'),
};

/** The client's care plan in use (a carer reads only those of the clients on their visits), or null. */
export function doorCarePlanQueryOptions(clientId: string) {
  const path = withParams('/api/care-plans', { clientId });
  return {
    queryKey: [path] as const,
    queryFn: async () => (await apiGetPage<CarePlanView>(path)).items[0] ?? null,
  };
}

/** The plan's contacts, then the client record's own one when the plan does not already list that number. */
export function emergencyContactsOf(
  client: Pick<ClientView, 'emergencyContact' | 'emergencyPhone'> | undefined,
  plan: Pick<CarePlanView, 'emergencyContacts'> | null | undefined,
): EmergencyContactView[] {
  const contacts = [...(plan?.emergencyContacts ?? [])];
  const phone = client?.emergencyPhone.trim() ?? '';
  if (client && phone !== '' && !contacts.some((contact) => sameNumber(contact.phone, phone)))
    contacts.push({ name: client.emergencyContact.trim() || 'Emergency contact', phone, relationship: '' });
  return contacts;
}

const sameNumber = (a: string, b: string) => a.replace(/[^\d+]/g, '') === b.replace(/[^\d+]/g, '');

/**
 * "Before you go in": what a carer reads on the doorstep, from the phone's copy when there is no signal: how to get
 * in and what to know first (the client's care instructions), the care plan's tasks of this kind of visit, allergies, and whom
 * to call in an emergency.
 */
export function AtTheDoor({ visit }: { visit: AppointmentView }) {
  const clients = useQuery(doorClientsQueryOptions);
  const plan = useQuery(doorCarePlanQueryOptions(visit.clientId));
  const client = clients.data?.find((candidate) => candidate.id === visit.clientId);
  // The care plan's tasks for this kind of visit (the card itself lists the tasks the visit was booked with).
  const tasks = plan.data?.visitTasks.find((entry) => entry.visitType === visit.visitType)?.tasks ?? [];
  const allergies = [...new Set([...(client?.allergies ?? []), ...(plan.data?.allergies ?? [])])];
  const contacts = emergencyContactsOf(client, plan.data);
  const loading = clients.isPending || plan.isPending;
  const instructions = client?.careInstructions?.trim();

  return (
    <details className="at-the-door" data-testid="at-the-door">
      <summary>
        <DoorOpen size={18} aria-hidden />
        Before you go in
      </summary>
      {loading && !client ? (
        <p className="small muted">
          {clients.fetchStatus === 'paused' ? 'Not saved on this phone yet: connect to load it.' : 'Loading...'}
        </p>
      ) : (
        <dl className="at-the-door-list">
          <dt>Access and care notes</dt>
          <dd>{instructions || <span className="muted">None recorded</span>}</dd>
          <dt>Care plan tasks</dt>
          <dd>
            {tasks.length > 0 ? (
              <ul>
                {tasks.map((task) => (
                  <li key={task}>{task}</li>
                ))}
              </ul>
            ) : (
              <span className="muted">None in the care plan</span>
            )}
          </dd>
          <dt>Allergies</dt>
          <dd className={allergies.length > 0 ? 'at-the-door-allergies' : undefined}>
            {allergies.length > 0 ? allergies.join(', ') : <span className="muted">None recorded</span>}
          </dd>
          <dt>Emergency contacts</dt>
          <dd>
            {contacts.length > 0 ? (
              <ul>
                {contacts.map((contact) => (
                  <li key={`${contact.name}/${contact.phone}`}>
                    {contact.name}
                    {contact.relationship && <span className="muted"> ({contact.relationship})</span>}:{' '}
                    <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="at-the-door-phone">
                      <Phone size={14} aria-hidden />
                      {contact.phone}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted">None recorded</span>
            )}
          </dd>
        </dl>
      )}
    </details>
  );
}
