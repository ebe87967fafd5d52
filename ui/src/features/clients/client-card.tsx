import type { CareLevel, ClientView } from '@care/events';
import { Cake, HeartPulse, MapPin, Navigation, Pencil, Phone, Trash2, UserRound } from 'lucide-react';
import { formatDate } from '../../shared/format';
import { REMOVED_CARER } from './carer-choices';
import { ageInYears } from './client-age';
import { ExportRecordButton } from '../subject-access';
import { FamilyAccessButton } from '../family';

/** The card shows up to two medical conditions and a count of the rest, so cards stay one size. */
const CONDITIONS_SHOWN = 2;

const CARE_LEVEL_LABELS: Record<CareLevel, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export function clientFullName(client: Pick<ClientView, 'firstName' | 'lastName'>): string {
  return `${client.firstName} ${client.lastName}`.trim();
}

function keyworkerName(client: ClientView): string {
  if (client.keyworkerCarer)
    return `${client.keyworkerCarer.user.firstName} ${client.keyworkerCarer.user.lastName}`.trim();
  return client.keyworkerCarerId ? REMOVED_CARER : 'Not assigned';
}

interface ClientCardProps {
  client: ClientView;
  /** Today in Europe/London, for the age. */
  today: string;
  onEdit: (client: ClientView) => void;
  onDelete: (client: ClientView) => void;
  deleting: boolean;
  /** Edit and Delete are offered only to roles allowed to change clients. */
  canWrite: boolean;
}

export function ClientCard({ client, today, onEdit, onDelete, deleting, canWrite }: ClientCardProps) {
  const name = clientFullName(client);
  const age = ageInYears(client.dateOfBirth, today);
  const shown = client.medicalConditions.slice(0, CONDITIONS_SHOWN);
  const more = client.medicalConditions.length - shown.length;
  const level = CARE_LEVEL_LABELS[client.careLevel] ?? client.careLevel;
  return (
    <article className="card client-card" data-testid="client-card" aria-label={name}>
      <header className="client-card-header">
        <div className="client-card-title">
          <h2 className="client-name">{name}</h2>
          <p className="muted small">{client.clientId}</p>
        </div>
        <div className="client-badges">
          {!client.isActive && <span className="badge badge-muted">Inactive</span>}
          <span className={`badge care-level care-level-${client.careLevel}`} title={`Care level: ${level}`}>
            <span className="sr-only">Care level: </span>
            {level}
          </span>
        </div>
      </header>

      <ul className="contact-list">
        <li>
          <Cake size={14} aria-hidden />
          <span>
            <span className="sr-only">Date of birth: </span>
            {formatDate(client.dateOfBirth)}
            {age !== undefined && <span className="muted"> (age {age})</span>}
          </span>
        </li>
        <li>
          <UserRound size={14} aria-hidden />
          <span className="truncate">
            Keyworker: <span className={client.keyworkerCarer ? undefined : 'muted'}>{keyworkerName(client)}</span>
          </span>
        </li>
        {client.phoneNumber && (
          <li>
            <Phone size={14} aria-hidden />
            <span>
              <span className="sr-only">Phone: </span>
              {client.phoneNumber}
            </span>
          </li>
        )}
        <li className="client-address">
          <MapPin size={14} aria-hidden />
          <span>
            <span className="sr-only">Address: </span>
            {client.address}
            {client.postcode && !client.address.toUpperCase().includes(client.postcode) && ` ${client.postcode}`}
          </span>
        </li>
        <li className="client-location">
          <Navigation size={14} aria-hidden />
          <span className={client.location ? undefined : 'muted'}>{locationText(client)}</span>
        </li>
      </ul>

      {client.medicalConditions.length > 0 && (
        <div className="client-conditions">
          <HeartPulse size={14} aria-hidden className="client-conditions-icon" />
          <ul className="chips" aria-label="Medical conditions">
            {shown.map((condition) => (
              <li key={condition} className="chip">
                {condition}
              </li>
            ))}
            {more > 0 && (
              <li className="chip chip-more" title={client.medicalConditions.slice(CONDITIONS_SHOWN).join(', ')}>
                <span aria-hidden>+{more}</span>
                <span className="sr-only">and {more} more</span>
              </li>
            )}
          </ul>
        </div>
      )}

      {canWrite && (
        <footer className="card-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={`Edit ${name}`}
            onClick={() => onEdit(client)}
          >
            <Pencil size={14} aria-hidden />
            Edit
          </button>
          <ExportRecordButton subjectKind="client" subjectId={client.id} name={name} />
          <FamilyAccessButton clientId={client.id} name={name} />
          <button
            type="button"
            className="button button-danger-outline button-small card-action-apart"
            aria-label={`Delete ${name}`}
            disabled={deleting}
            onClick={() => onDelete(client)}
          >
            <Trash2 size={14} aria-hidden />
            Delete
          </button>
        </footer>
      )}
    </article>
  );
}

/** Where travel to the client is measured from, and whether it was recorded or learnt. */
function locationText(client: ClientView): string {
  if (!client.location) return 'Location not known: travel to this client cannot be estimated';
  const point = `${client.location.latitude.toFixed(4)}, ${client.location.longitude.toFixed(4)}`;
  return client.location.basis === 'recorded' ? `Location ${point} (recorded)` : `Location ${point} (from check-ins)`;
}
