import type { AlertItem, AlertView } from '@care/events';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { parseAlertPush, parseCountPush, parseDashboardStatsPush, setPushedFigure, withNewAlert } from './live-figures';

const stats = {
  activeAlerts: 3,
  urgentAlerts: 1,
  openAlerts: 4,
  toDoItems: 7,
  overdueTasks: 2,
  taskCategories: { care: 3, medication: 0, staffing: 2, training: 1, administration: 1 },
  unrecordedVisits: 5,
  welfareConcerns: null,
  incidents: null,
  quickStats: { onTimeRate: 94.2, trainingCompliance: null, clientSatisfaction: 4.5, ratingsCount: 2 },
};

const alert = (id: string, status: AlertView['status'] = 'active', groupKey: string | null = null) =>
  ({
    id,
    title: `Alert ${id}`,
    severity: 'high',
    status,
    createdAt: '2026-11-23T10:00:00.000Z',
    groupKey,
  }) as AlertView;
const item = (id: string): AlertItem => ({ kind: 'alert', alert: alert(id) });
const ids = (list: AlertItem[] | undefined) =>
  list?.map((entry) => (entry.kind === 'alert' ? entry.alert.id : entry.group.key));

describe('pushed figures', () => {
  it('takes a count and the dashboard figures as sent, and drops a malformed push', () => {
    expect(parseCountPush({ count: 4 })).toBe(4);
    expect(parseCountPush({ count: -1 })).toBeUndefined();
    expect(parseCountPush({ count: '4' })).toBeUndefined();
    expect(parseCountPush(null)).toBeUndefined();
    expect(parseDashboardStatsPush(stats)).toEqual(stats);
    expect(parseDashboardStatsPush({ ...stats, taskCategories: { care: 1 } })).toBeUndefined();
    expect(
      parseDashboardStatsPush({ ...stats, quickStats: { ...stats.quickStats, clientSatisfaction: 7 } }),
    ).toBeUndefined();
  });

  it('checks a new alert row before the bell shows it', () => {
    expect(parseAlertPush(alert('a'))?.id).toBe('a');
    expect(parseAlertPush({ id: 'a', title: 'x', severity: 'loud', status: 'active', createdAt: '' })).toBeUndefined();
  });

  it('puts a new alert on top of the bell list once, keeping its length', () => {
    const list = [item('b'), item('c')];
    expect(ids(withNewAlert(list, alert('a'), 2))).toEqual(['a', 'b']);
    expect(ids(withNewAlert(list, alert('c'), 10))).toEqual(['c', 'b']);
    expect(ids(withNewAlert(list, alert('z', 'resolved'), 10))).toEqual(['b', 'c']);
    expect(withNewAlert(undefined, alert('a'), 10)).toBeUndefined();
  });

  it('leaves a new member of a group to its group’s row (reloaded by the notice that follows)', () => {
    expect(ids(withNewAlert([item('b')], alert('a', 'active', 'invoice-overdue'), 10))).toEqual(['b']);
    expect(parseAlertPush({ ...alert('a'), groupKey: undefined })).toBeUndefined();
  });
});

describe('a pushed figure in the cache', () => {
  it('wins over the read that was in flight when it arrived (older answer, landing later)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const key = ['/api/alerts/count'];
    let answer: (value: { count: number }) => void = () => undefined;
    const read = queryClient.fetchQuery({
      queryKey: key,
      queryFn: () => new Promise<{ count: number }>((resolve) => (answer = resolve)),
    });
    setPushedFigure(queryClient, key, { count: 2 });
    answer({ count: 1 });
    await expect(read).resolves.toEqual({ count: 2 });
    expect(queryClient.getQueryData(key)).toEqual({ count: 2 });
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
  });

  it('is simply set when no read is in flight, and the next push replaces it', () => {
    const queryClient = new QueryClient();
    const key = ['/api/dashboard/stats'];
    setPushedFigure(queryClient, key, stats);
    setPushedFigure(queryClient, key, { ...stats, activeAlerts: 4 });
    expect(queryClient.getQueryData(key)).toEqual({ ...stats, activeAlerts: 4 });
  });
});
