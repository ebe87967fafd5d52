import { can, type DashboardStats, type Role } from '@care/events';
import { Link, type LinkProps } from '@tanstack/react-router';
import { BellRing, ClipboardList, ClipboardX, HeartHandshake, TriangleAlert, type LucideIcon } from 'lucide-react';

interface Tile {
  readonly label: string;
  readonly testId: string;
  readonly icon: LucideIcon;
  readonly link: Pick<LinkProps, 'to' | 'search'>;
  /** What the figure counts, under it (part of the link's text, so it is read with the figure). */
  readonly note: (stats: DashboardStats) => string;
  readonly value: (stats: DashboardStats) => number | null;
  readonly visible: (role: Role) => boolean;
  readonly tone?: (stats: DashboardStats) => 'alert' | undefined;
}

/** The dashboard's tiles, in order. Each tile opens the list behind its number. */
const TILES: readonly Tile[] = [
  {
    label: 'To Do Items',
    testId: 'tile-todo',
    icon: ClipboardList,
    link: { to: '/tasks', search: { open: true } },
    value: (stats) => stats.toDoItems,
    note: (stats) =>
      stats.overdueTasks > 0 ? `Open tasks, ${stats.overdueTasks} overdue` : 'Open tasks (pending or in progress)',
    visible: (role) => can(role, 'tasks.read') || can(role, 'tasks.readOwn'),
  },
  {
    label: 'Alerts',
    testId: 'tile-alerts',
    icon: BellRing,
    link: { to: '/alerts' },
    value: (stats) => stats.activeAlerts,
    note: (stats) => `Not yet acknowledged${stats.urgentAlerts > 0 ? `, ${stats.urgentAlerts} high or critical` : ''}`,
    visible: (role) => can(role, 'alerts.read') || can(role, 'alerts.readOwn'),
    tone: (stats) => (stats.urgentAlerts > 0 ? 'alert' : undefined),
  },
  {
    label: 'Unrecorded Visits',
    testId: 'tile-unrecorded',
    icon: ClipboardX,
    link: { to: '/visits', search: { unrecorded: true } },
    value: (stats) => stats.unrecordedVisits,
    note: () => 'Past their planned end with no check-out recorded',
    visible: (role) => can(role, 'appointments.read') || can(role, 'appointments.readOwn'),
  },
  {
    label: 'Welfare Concerns',
    testId: 'tile-welfare',
    icon: HeartHandshake,
    link: { to: '/diary', search: { welfare: true } },
    value: (stats) => stats.welfareConcerns,
    note: () => 'Unreviewed diary entries of type incident or observation with priority high or urgent',
    visible: (role) => can(role, 'diary.review'),
  },
  {
    label: 'Incidents',
    testId: 'tile-incidents',
    icon: TriangleAlert,
    link: { to: '/incidents' },
    value: (stats) => stats.incidents,
    note: () => 'Open incidents',
    visible: (role) => can(role, 'alerts.read'),
  },
];

/** The five stat tiles; a figure the caller may not read (null, or a list their role cannot open) is left out. */
export function StatTiles({ role, stats }: { role: Role; stats: DashboardStats | undefined }) {
  const tiles = TILES.filter((tile) => tile.visible(role) && (stats === undefined || tile.value(stats) !== null));
  return (
    <ul className="stat-grid dashboard-tiles" aria-label="Key figures">
      {tiles.map((tile) => {
        const value = stats ? tile.value(stats) : undefined;
        const Icon = tile.icon;
        return (
          <li key={tile.testId}>
            <Link
              {...tile.link}
              className={`card stat-card dashboard-tile${stats && tile.tone?.(stats) ? ' dashboard-tile-alert' : ''}`}
            >
              <span className="stat-icon" aria-hidden>
                <Icon size={22} />
              </span>
              <span className="stat-text">
                <span className="stat-label">{tile.label}</span>
                <span className="stat-value" data-testid={tile.testId}>
                  {value ?? '…'}
                </span>
                <span className="stat-note">{stats ? tile.note(stats) : 'Loading...'}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
