import { can, EMERGENCY_RULE, type AlertView } from '@care/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Siren } from 'lucide-react';
import { apiGetPage, apiSend, errorReason } from '../../shared/api';
import { useCurrentUser } from '../../shared/current-user';
import { formatDateTime } from '../../shared/format';
import { toast } from '../../shared/toast';
import './emergency.css';

/** The banner stays over every screen: a few emergencies at once, and the count of the rest with the way to them. */
const SHOWN = 5;
/**
 * Active emergencies, unmissable on every screen of those who read every alert (coordinators, administrators).
 * The key is under /api/alerts, so the alerts push reloads it the moment a carer raises one; acknowledging one
 * (someone is on it) takes it off everyone's banner.
 */
const ACTIVE_EMERGENCIES = `/api/alerts?status=active&rule=${EMERGENCY_RULE}&limit=${SHOWN}`;

export function EmergencyBanner() {
  const user = useCurrentUser();
  const staff = can(user.role, 'alerts.read');
  const alerts = useQuery({
    queryKey: [ACTIVE_EMERGENCIES],
    queryFn: () => apiGetPage<AlertView>(ACTIVE_EMERGENCIES),
    enabled: staff,
  });
  const queryClient = useQueryClient();
  const acknowledge = useMutation({
    mutationFn: (alert: AlertView) =>
      apiSend('POST', `/api/alerts/${alert.id}/acknowledge`, {}, { 'If-Match': alert.revision }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey: [url] }) => typeof url === 'string' && url.startsWith('/api/alerts'),
      }),
    onError: (error) => toast({ title: 'Not acknowledged', description: errorReason(error), variant: 'destructive' }),
  });
  // Asked of the server by rule, so no number of other critical alerts can push an emergency off the banner.
  const emergencies = alerts.data?.items ?? [];
  const more = (alerts.data?.total ?? 0) - emergencies.length;
  if (!staff || emergencies.length === 0) return null;
  const mayAcknowledge = can(user.role, 'alerts.manage');
  return (
    <section className="emergency-banner" role="alert" aria-label="Emergencies">
      {emergencies.map((alert) => (
        <div key={alert.id} className="emergency-banner-item">
          <Siren size={24} aria-hidden />
          <div className="emergency-banner-text">
            <strong>{alert.title}</strong>
            <span>{alert.description}</span>
            <span className="emergency-banner-time">Raised {formatDateTime(alert.createdAt)}</span>
          </div>
          {mayAcknowledge && (
            <button
              type="button"
              className="button emergency-banner-button"
              disabled={acknowledge.isPending}
              onClick={() => acknowledge.mutate(alert)}
            >
              Acknowledge
            </button>
          )}
        </div>
      ))}
      {more > 0 && (
        <p className="emergency-banner-more">
          {more} more {more === 1 ? 'emergency' : 'emergencies'} waiting:{' '}
          <Link to="/alerts">see them all on Alerts</Link>
        </p>
      )}
    </section>
  );
}
