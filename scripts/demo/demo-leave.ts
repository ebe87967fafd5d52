import { addDays, type RequestLeaveRequest } from '@care/events';

/** What became of a demo leave request: still waiting, approved, declined, or approved and later cancelled. */
export type DemoLeaveOutcome =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'approved'; readonly daysAfterRequest: number }
  | { readonly kind: 'declined'; readonly daysAfterRequest: number; readonly reason: string }
  | {
      readonly kind: 'cancelled';
      readonly daysAfterRequest: number;
      readonly cancelledDaysAfterRequest: number;
      readonly reason: string;
    };

export interface DemoLeave {
  /** The carer's place in the demo carers' list; the first is the demo carer account, who asks for their own. */
  readonly carerIndex: number;
  readonly request: Omit<RequestLeaveRequest, 'carerId'>;
  /** Days before today the request was made. */
  readonly requestedDaysAgo: number;
  readonly outcome: DemoLeaveOutcome;
}

/**
 * A few leave requests in every state, so the Leave screen and the rota's leave chips have something to show on a
 * fresh demo. Every leave lies beyond the two weeks of booked visits, so approving one unassigns no visit and no later
 * step of the demo books over it.
 */
export function demoLeave(today: string): DemoLeave[] {
  const on = (days: number) => addDays(today, days);
  return [
    {
      carerIndex: 0,
      request: { kind: 'annual', from: on(28), to: on(32), note: 'Family holiday, booked last month' },
      requestedDaysAgo: 3,
      outcome: { kind: 'waiting' },
    },
    {
      carerIndex: 1,
      request: { kind: 'annual', from: on(21), to: on(25) },
      requestedDaysAgo: 20,
      outcome: { kind: 'approved', daysAfterRequest: 1 },
    },
    {
      carerIndex: 2,
      request: {
        kind: 'training',
        from: on(16),
        to: on(16),
        dayPart: 'morning',
        note: 'Moving and handling refresher',
      },
      requestedDaysAgo: 6,
      outcome: { kind: 'approved', daysAfterRequest: 1 },
    },
    {
      carerIndex: 4,
      request: { kind: 'annual', from: on(17), to: on(18) },
      requestedDaysAgo: 8,
      outcome: {
        kind: 'declined',
        daysAfterRequest: 1,
        reason: 'Three carers are already off that week; please choose other dates',
      },
    },
    {
      carerIndex: 6,
      request: { kind: 'annual', from: on(30), to: on(31) },
      requestedDaysAgo: 12,
      outcome: { kind: 'cancelled', daysAfterRequest: 1, cancelledDaysAfterRequest: 8, reason: 'Plans changed' },
    },
  ];
}
