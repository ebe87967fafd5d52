import type { AlertView } from '@care/events';
import { describe, expect, it } from 'vitest';
import { mostSevereFirst } from './alert-order';

const alert = (id: string, severity: AlertView['severity'], createdAt: string) =>
  ({ id, title: `Alert ${id}`, severity, status: 'active', createdAt }) as AlertView;

describe("the bell's and Active Alerts' order", () => {
  it('puts a pushed low alert below the critical and high ones already listed, newest first within a severity', () => {
    const listed = [
      alert('low-new', 'low', '2026-11-23T12:00:00.000Z'), // just pushed, so on top
      alert('critical-old', 'critical', '2026-11-23T08:00:00.000Z'),
      alert('high', 'high', '2026-11-23T09:00:00.000Z'),
      alert('critical-new', 'critical', '2026-11-23T10:00:00.000Z'),
      alert('medium', 'medium', '2026-11-23T11:00:00.000Z'),
      alert('low-old-b', 'low', '2026-11-23T07:00:00.000Z'),
      alert('low-old-a', 'low', '2026-11-23T07:00:00.000Z'),
    ];
    expect([...listed].sort(mostSevereFirst).map((item) => item.id)).toEqual([
      'critical-new',
      'critical-old',
      'high',
      'medium',
      'low-new',
      'low-old-b',
      'low-old-a',
    ]);
  });
});
