import { can, EMERGENCY_RULE, type AlertView } from '@care/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Siren } from 'lucide-react';
import { apiGet, apiSend, errorReason } from '../../shared/api';
import { useCurrentUser } from '../../shared/current-user';
import { formatDateTime } from '../../shared/format';
import { toast } from '../../shared/toast';
import './emergency.css';

/**
 * Active emergencies, unmissable on every screen of those who read every alert (coordinators, administrators).
 * The key is under /api/alerts, so the alerts push reloads it the moment a carer raises one; acknowledging one
 * (someone is on it) takes it off everyone's banner.
 */
const ACTIVE_CRITICAL = '/api/alerts?status=active&severity=critical&limit=50';

export function EmergencyBanner() {
  const user = useCurrentUser();
  const staff = can(user.role, 'alerts.read');
  const alerts = useQuery({
    queryKey: [ACTIVE_CRITICAL],
    queryFn: () => apiGet<AlertView[]>(ACTIVE_CRITICAL),
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
  const emergencies = (alerts.data ?? []).filter((alert) => alert.type === EMERGENCY_RULE);
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
    </section>
  );
}
