import type { RaiseEmergencyRequest } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { can } from '@care/events';
import { Info, Phone, PhoneCall, Siren, UserRound } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { errorReason } from '../../shared/api';
import { isNetworkFailure } from '../../shared/offline/outbox-sync';
import { useCurrentUser } from '../../shared/current-user';
import { formatDateTime } from '../../shared/format';
import { locate, type LocateResult } from '../../shared/geolocation';
import { emergencyContextQuery, telHref, useRaiseEmergency } from './emergency-commands';
import './emergency.css';

/** How long Raise emergency waits for a position the page asked for on opening: the alert matters more than the fix. */
const LOCATION_WAIT_MS = 3000;

/**
 * /emergency (the mobile quick action): large controls to call 999 and the agency's on-call
 * number, the emergency contacts of the client of the user's visit in progress or next, and Raise emergency: a
 * critical alert, with the browser's location when it shares one, that reaches the coordinators' screens live.
 */
export function EmergencyPage() {
  const context = useQuery(emergencyContextQuery);
  const raise = useRaiseEmergency();
  // Asked for as the page opens, so a fix is usually ready by the time the button is pressed.
  const position = useRef<Promise<LocateResult> | undefined>(undefined);
  useEffect(() => {
    position.current = locate();
  }, []);
  const [raisedAt, setRaisedAt] = useState<{ at: string; located: boolean }>();

  const onRaise = async () => {
    const fix = await Promise.race([
      position.current ?? locate(),
      new Promise<undefined>((resolve) => window.setTimeout(() => resolve(undefined), LOCATION_WAIT_MS)),
    ]);
    const location = fix?.ok ? fix.location : null;
    const input: RaiseEmergencyRequest = { appointmentId: context.data?.visit?.appointmentId ?? null, location };
    raise.mutate(input, { onSuccess: () => setRaisedAt({ at: new Date().toISOString(), located: location !== null }) });
  };

  const raiseHintId = useId();
  const data = context.data;
  const visit = data?.visit;
  return (
    <section className="page emergency-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Emergency</h1>
          <p className="page-subtitle">If someone is in danger, call 999 first.</p>
        </div>
      </div>

      <div className="emergency-actions">
        <a className="emergency-button emergency-button-999" href={telHref(data?.emergencyNumber ?? '999')}>
          <Phone size={32} aria-hidden />
          <span>Call 999</span>
        </a>
        {data?.onCallPhone ? (
          <a className="emergency-button emergency-button-oncall" href={telHref(data.onCallPhone)}>
            <PhoneCall size={32} aria-hidden />
            <span>
              Call on-call
              <span className="emergency-button-detail">{data.onCallPhone}</span>
            </span>
          </a>
        ) : (
          data && <NoOnCallNumber />
        )}
        <div className="emergency-raise">
          <button
            type="button"
            className="emergency-button emergency-button-raise"
            onClick={() => void onRaise()}
            disabled={raise.isPending || context.isPending}
            aria-describedby={raiseHintId}
          >
            <Siren size={28} aria-hidden />
            <span>{raise.isPending ? 'Raising emergency…' : 'Raise emergency'}</span>
          </button>
          <p id={raiseHintId} className="emergency-raise-hint">
            Alerts the office at once, with your location if your phone shares it.
          </p>
        </div>
      </div>

      <div role="status" aria-live="assertive" className="emergency-status">
        {raisedAt && (
          <p className="card emergency-raised">
            <strong>Emergency raised at {formatDateTime(raisedAt.at)}.</strong> The coordinators have been alerted
            {raisedAt.located
              ? ' with your location.'
              : '. Your location could not be shared: tell them where you are when they call.'}
          </p>
        )}
      </div>
      {raise.isError && (
        <div className="card emergency-failed" role="alert">
          <p>
            {isNetworkFailure(raise.error)
              ? 'The emergency could not be sent: this phone has no connection.'
              : `The emergency could not be raised: ${errorReason(raise.error)}.`}{' '}
            Phone for help now.
          </p>
          <p className="emergency-failed-calls">
            <a href={telHref(data?.emergencyNumber ?? '999')}>Call 999</a>
            {data?.onCallPhone && <a href={telHref(data.onCallPhone)}>Call on-call {data.onCallPhone}</a>}
          </p>
        </div>
      )}

      <section className="card emergency-client" aria-labelledby="emergency-client-title">
        <h2 id="emergency-client-title">Client emergency contacts</h2>
        {context.isPending && <p className="muted">Loading your visit…</p>}
        {context.isError && <p>Your visit could not be loaded. Use the buttons above.</p>}
        {data && !visit && <p className="muted">You have no visit in progress or coming up.</p>}
        {visit && (
          <>
            <p>
              <strong>
                {visit.client.firstName} {visit.client.lastName}
              </strong>
              , {visit.client.address}
              <br />
              <span className="muted">
                {visit.status === 'in_progress' ? 'Visit in progress' : 'Next visit'},{' '}
                {formatDateTime(visit.scheduledStart)}
              </span>
            </p>
            <a className="emergency-contact" href={telHref(visit.client.emergencyPhone)}>
              <UserRound size={24} aria-hidden />
              <span>
                {visit.client.emergencyContact}
                <span className="emergency-button-detail">{visit.client.emergencyPhone}</span>
              </span>
            </a>
            {visit.client.phoneNumber && (
              <a className="emergency-contact" href={telHref(visit.client.phoneNumber)}>
                <Phone size={24} aria-hidden />
                <span>
                  Client&apos;s phone
                  <span className="emergency-button-detail">{visit.client.phoneNumber}</span>
                </span>
              </a>
            )}
          </>
        )}
      </section>
    </section>
  );
}

/**
 * Information, not an action: who can give the number. An administrator can set it, so they are told where, with a
 * link to that page; everyone else is told whom to ask.
 */
function NoOnCallNumber() {
  const role = useCurrentUser().role;
  return (
    <div className="emergency-note">
      <Info size={20} aria-hidden className="emergency-note-icon" />
      {can(role, 'admin.panel') ? (
        <p>
          No on-call number is set. Add it in{' '}
          <Link to="/admin" search={{ tab: 'settings' }}>
            Admin &gt; Settings
          </Link>{' '}
          (Agency Details, On-call number): it then shows here for everyone.
        </p>
      ) : (
        <p>No on-call number has been set up. Ask your {role === 'carer' ? 'coordinator' : 'administrator'} for it.</p>
      )}
    </div>
  );
}
