import { can, type AlertView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { apiGet } from '../../shared/api';
import { useCurrentUser } from '../../shared/current-user';

/**
 * The open critical alerts the user may read, newest raised first. The key is under /api/alerts, so the alerts push
 * (`alerts:changed`) reloads it the moment one is raised or escalated to critical, as it does the emergency banner's.
 */
const OPEN_CRITICAL = '/api/alerts?active=true&severity=critical&sort=newest&limit=20';

interface News {
  /** The critical alerts this browser has already shown; undefined until the first list arrives. */
  known: ReadonlySet<string> | undefined;
  /** What the live region says now; `key` changes with each announcement, so even the same words are read again. */
  announcement: { key: number; text: string } | undefined;
  /** The bell stands out until it is opened. */
  unseen: boolean;
}

let news: News = { known: undefined, announcement: undefined, unseen: false };
const listeners = new Set<() => void>();

function update(next: News) {
  news = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Takes in a fresh list of open critical alerts. The first list only records what is already there (nothing is
 * announced on page load); from then on each critical alert not seen before in this browser session is announced.
 * Kept for the whole session, outside any component: crossing between the phone and desktop layouts remounts the
 * bell, and must neither forget what was seen nor announce it again.
 */
export function noteCriticalAlerts(alerts: readonly AlertView[]): void {
  const { known } = news;
  if (known === undefined) {
    update({ ...news, known: new Set(alerts.map((alert) => alert.id)) });
    return;
  }
  const fresh = alerts.filter((alert) => !known.has(alert.id));
  if (fresh.length === 0) return;
  update({
    known: new Set([...known, ...fresh.map((alert) => alert.id)]),
    announcement: {
      key: (news.announcement?.key ?? 0) + 1,
      text: fresh.map((alert) => `New critical alert: ${alert.title}`).join('. '),
    },
    unseen: true,
  });
}

/** True while a new critical alert has arrived that the user has not yet opened the bell for. */
export function useNewCriticalAlertCue(): boolean {
  return useSyncExternalStore(subscribe, () => news.unseen);
}

/** The bell was opened: its list shows the new critical alert, so the cue has done its work. */
export function clearNewCriticalAlertCue(): void {
  if (news.unseen) update({ ...news, unseen: false });
}

/**
 * The one assertive live region of the application shell: "New critical alert: <title>" the moment a critical alert
 * appears that this browser had not seen. Assertive, as the emergency banner is (role="alert"): a critical alert
 * needs someone now, so it interrupts whatever a screen reader is saying. The region is always in the page, empty
 * until there is news, so that assistive technology is already watching it when the words arrive.
 */
export function CriticalAlertAnnouncer() {
  const user = useCurrentUser();
  const mayRead = can(user.role, 'alerts.read') || can(user.role, 'alerts.readOwn');
  const critical = useQuery({
    queryKey: [OPEN_CRITICAL],
    queryFn: () => apiGet<AlertView[]>(OPEN_CRITICAL),
    enabled: mayRead,
  });
  useEffect(() => {
    if (critical.data) noteCriticalAlerts(critical.data);
  }, [critical.data]);
  const announcement = useSyncExternalStore(subscribe, () => news.announcement);
  return (
    <div className="sr-only" role="alert" data-testid="critical-alert-announcer">
      {announcement && <span key={announcement.key}>{announcement.text}</span>}
    </div>
  );
}
