import { can, type Permission, type Role } from '@care/events';
import type { LinkProps } from '@tanstack/react-router';
import {
  BookOpen,
  CalendarClock,
  CalendarDays,
  ChartColumn,
  History,
  ClipboardCheck,
  FileHeart,
  GraduationCap,
  LayoutDashboard,
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
}

/** The sidebar's entries, in order. */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'Scheduling', to: '/scheduling', icon: CalendarDays },
  { label: 'Schedule Day', to: '/schedule-day', icon: CalendarClock },
  { label: 'Visits', to: '/visits', icon: ClipboardCheck },
  { label: 'Care Plans', to: '/care-plans', icon: FileHeart },
  { label: 'Medications', to: '/medications', icon: Pill },
  { label: 'Finance', to: '/finance', icon: PoundSterling },
  { label: 'Incidents', to: '/incidents', icon: TriangleAlert },
  { label: 'Carers', to: '/carers', icon: Users },
  { label: 'Clients', to: '/clients', icon: UserRound },
  { label: 'Training', to: '/training', icon: GraduationCap },
  { label: 'Diary', to: '/diary', icon: BookOpen },
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

/** The mobile bottom bar. */
export const MOBILE_TABS: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'Schedule', to: '/scheduling', icon: CalendarDays },
  { label: 'Clients', to: '/clients', icon: UserRound },
  { label: 'Medications', to: '/medications', icon: Pill },
  { label: 'Reports', to: '/reports', icon: ChartColumn },
];

/** "/" matches only exactly; every other entry matches its path and anything below it. */
export function isNavActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The entries this role may open. */
export function navFor(role: Role, items: readonly NavItem[]): NavItem[] {
  return items.filter((item) => item.permission === undefined || can(role, item.permission));
}
