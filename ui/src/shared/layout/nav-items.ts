import { can, type Permission, type Role } from '@care/events';
import type { LinkProps } from '@tanstack/react-router';
import {
  Bell,
  BookOpen,
  CalendarClock,
  CalendarDays,
  CalendarOff,
  ChartColumn,
  History,
  ClipboardCheck,
  FileHeart,
  GraduationCap,
  LayoutDashboard,
  ListChecks,
  MapPinCheck,
  Mic,
  Pill,
  PoundSterling,
  Settings,
  ShieldCheck,
  Siren,
  TriangleAlert,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: NonNullable<LinkProps['to']>;
  icon: LucideIcon;
  /** Shown only to roles with this permission (the server refuses the screen's calls to the others). */
  permission?: Permission;
  /**
   * Further screens that belong to this entry, with no entry of their own: while one is open, this entry shows as
   * the current one, so the navigation always says where the user is.
   */
  also?: readonly string[];
}

/**
 * The sidebar's entries, in order. Every screen of the router belongs to exactly one of them or to Settings
 * (nav-items.unit.test.ts reads the router's paths to hold this).
 */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  // An emergency a carer raises arrives as a critical alert.
  { label: 'Alerts', to: '/alerts', icon: Bell, also: ['/emergency'] },
  { label: 'Tasks', to: '/tasks', icon: ListChecks },
  { label: 'Scheduling', to: '/scheduling', icon: CalendarDays },
  // /appointments is the old address of the daily schedule (it redirects here).
  { label: 'Schedule Day', to: '/schedule-day', icon: CalendarClock, also: ['/appointments'] },
  // Recording a visit (a carer's check-in) and the office's care monitoring and operations are all about visits.
  { label: 'Visits', to: '/visits', icon: ClipboardCheck, also: ['/check-in', '/monitoring', '/manage'] },
  { label: 'Care Plans', to: '/care-plans', icon: FileHeart },
  { label: 'Medications', to: '/medications', icon: Pill },
  { label: 'Finance', to: '/finance', icon: PoundSterling },
  { label: 'Incidents', to: '/incidents', icon: TriangleAlert },
  { label: 'Carers', to: '/carers', icon: Users },
  { label: 'Clients', to: '/clients', icon: UserRound },
  { label: 'Training', to: '/training', icon: GraduationCap },
  // Every role that approves leave may also request it, so one permission covers both.
  { label: 'Leave', to: '/leave', icon: CalendarOff, permission: 'leave.request' },
  // A voice note is saved to the care diary.
  { label: 'Diary', to: '/diary', icon: BookOpen, also: ['/voice-notes'] },
  { label: 'Reports', to: '/reports', icon: ChartColumn },
  { label: 'Admin', to: '/admin', icon: ShieldCheck, permission: 'admin.panel' },
  { label: 'Audit', to: '/audit', icon: History, permission: 'audit.read' },
];

export const SETTINGS_NAV: NavItem = { label: 'Settings', to: '/settings', icon: Settings };

/** The mobile menu's 2-column Quick Actions. */
export const MOBILE_QUICK_ACTIONS: readonly NavItem[] = [
  { label: 'New Visit', to: '/visits/new', icon: ClipboardCheck },
  { label: 'Emergency', to: '/emergency', icon: Siren },
  { label: 'Voice Note', to: '/voice-notes/new', icon: Mic },
  { label: 'Check In', to: '/check-in', icon: MapPinCheck },
];

/** The mobile bottom bar: a few of the sidebar's entries; the menu holds them all. */
export const MOBILE_TABS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'Schedule', to: '/scheduling', icon: CalendarDays, also: ['/schedule-day', '/appointments'] },
  { label: 'Clients', to: '/clients', icon: UserRound },
  { label: 'Medications', to: '/medications', icon: Pill },
  { label: 'Reports', to: '/reports', icon: ChartColumn },
];

/** Whether `pathname` is `path` or a screen below it ("/" matches only itself). */
function within(pathname: string, path: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** Whether the entry is the current one: its own screen (and those below it) or one it holds (`also`). */
export function isNavActive(pathname: string, item: Pick<NavItem, 'to' | 'also'>): boolean {
  return [item.to, ...(item.also ?? [])].some((path) => within(pathname, path));
}

/** The entries this role may open. */
export function navFor(role: Role, items: readonly NavItem[]): NavItem[] {
  return items.filter((item) => item.permission === undefined || can(role, item.permission));
}
