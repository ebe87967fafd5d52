import { describe, expect, it } from 'vitest';
import type { Place, WorkingPattern } from '@care/events';
import { rankCarers, type CandidateCarer, type HeldVisit, type OpenVisit, type RotaFacts } from './carer-ranking';
import { fillDay } from './fill-day';

/** A Tuesday in winter (London = UTC), so the instants read as the wall clock. */
const DATE = '2027-01-12';
const at = (time: string) => `${DATE}T${time}:00.000Z`;
/** Points along a street heading east from the client: 0.009° of latitude is about 1 km. */
const place = (kmNorth: number): Place => ({
  coordinates: { latitude: 51.5 + kmNorth * 0.009, longitude: -0.12 },
  postcode: null,
});

const visit = (id: string, clientId: string, start: string, end: string, visitType = 'personal_care'): OpenVisit => ({
  id,
  clientId,
  clientName: `Client ${clientId}`,
  start: at(start),
  end: at(end),
  visitType,
  date: DATE,
  revision: '0',
});
const held = (appointmentId: string, clientId: string, start: string, end: string): HeldVisit => ({
  appointmentId,
  clientId,
  start: at(start),
  end: at(end),
  date: DATE,
});
const carer = (id: string, overrides: Partial<CandidateCarer> = {}): CandidateCarer => ({
  id,
  name: `Carer ${id}`,
  maxClientsPerDay: 8,
  travelMode: 'car',
  pattern: null,
  medicationTrained: true,
  ...overrides,
});
const weekdays = (start: string, end: string): WorkingPattern => ({
  weekly: ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, start, end })),
  exceptions: [],
  contractedHoursPerWeek: 37.5,
  weeklyHoursLimit: 48,
});

function facts(overrides: Partial<RotaFacts>): RotaFacts {
  return {
    carers: [],
    held: new Map(),
    leave: new Map(),
    weekMinutes: new Map(),
    recentVisits: new Map(),
    clientCarers: new Map(),
    places: new Map([
      ['home', place(0)],
      ['near', place(1)],
      ['far', place(25)],
      ['other', place(0.5)],
    ]),
    clientNames: new Map(),
    ...overrides,
  };
}

describe('ranking carers for an open visit', () => {
  const medication = visit('v1', 'home', '10:00', '10:30', 'medication');

  it('puts the trained carer who knows the client and is nearby first, and never one on leave, busy or untrained', () => {
    const rota = facts({
      carers: [
        carer('far'),
        carer('near'),
        carer('untrained', { medicationTrained: false }),
        carer('leave'),
        carer('busy'),
      ],
      held: new Map([
        ['near', [held('n1', 'near', '09:00', '09:40')]],
        ['far', [held('f1', 'far', '08:00', '08:30')]],
        ['busy', [held('b1', 'other', '10:15', '11:00')]],
      ]),
      leave: new Map([['leave', [{ start: at('00:00'), end: `2027-01-13T00:00:00.000Z` }]]]),
      recentVisits: new Map([['home', new Map([['near', 3]])]]),
    });

    const { suggestions, excluded } = rankCarers(medication, rota);

    expect(suggestions.map((s) => s.carerId)).toEqual(['near', 'far']);
    expect(excluded).toEqual({ onLeave: 1, busy: 1, untrained: 1, overLimit: 0, fullDay: 0 });
    const [best] = suggestions;
    expect(best!.recentVisits).toBe(3);
    expect(best!.travelMinutes).toBeGreaterThan(0);
    expect(best!.travelMinutes!).toBeLessThan(suggestions[1]!.travelMinutes!);
    expect(best!.reasons.map((reason) => reason.text)).toEqual(
      expect.arrayContaining([
        'Visited Client home 3 times in the last 30 days',
        'Medication training current',
        expect.stringMatching(/^About \d+ min from /),
      ]),
    );
  });

  it('counts continuity above a shorter journey, and a gap too short to travel in against the carer', () => {
    const later = visit('v2', 'home', '10:00', '10:30');
    const rota = facts({
      carers: [carer('stranger'), carer('regular'), carer('rushed')],
      held: new Map([
        ['stranger', [held('s1', 'other', '09:00', '09:30')]],
        ['regular', [held('r1', 'near', '09:00', '09:30')]],
        ['rushed', [held('x1', 'far', '09:00', '09:55')]],
      ]),
      recentVisits: new Map([['home', new Map([['regular', 1]])]]),
    });
    const { suggestions } = rankCarers(later, rota);
    expect(suggestions.map((s) => s.carerId)).toEqual(['regular', 'stranger', 'rushed']);
    const rushed = suggestions.find((s) => s.carerId === 'rushed')!;
    expect(rushed.reasons).toContainEqual(
      expect.objectContaining({ kind: 'travel', effect: 'against', text: expect.stringMatching(/^Only 5 min after/) }),
    );
  });

  it('prefers a carer inside their working pattern, and leaves out one the visit would take over their weekly limit', () => {
    const rota = facts({
      carers: [
        carer('evenings', { pattern: weekdays('16:00', '22:00') }),
        carer('days', { pattern: weekdays('08:00', '16:00') }),
        carer('full', { pattern: { ...weekdays('08:00', '16:00'), weeklyHoursLimit: 48 } }),
      ],
      weekMinutes: new Map([['full', 48 * 60 - 15]]),
    });
    const { suggestions, excluded } = rankCarers(visit('v3', 'home', '10:00', '10:30'), rota);
    expect(suggestions.map((s) => [s.carerId, s.availability])).toEqual([
      ['days', 'inside'],
      ['evenings', 'outside'],
    ]);
    expect(excluded.overLimit).toBe(1);
  });

  it('leaves out a carer whose day already holds their most clients, unless the visit is to one of them', () => {
    const rota = facts({
      carers: [carer('one', { maxClientsPerDay: 1 }), carer('two', { maxClientsPerDay: 1 })],
      held: new Map([
        ['one', [held('o1', 'home', '08:00', '08:30')]],
        ['two', [held('t1', 'other', '08:00', '08:30')]],
      ]),
    });
    const { suggestions, excluded } = rankCarers(visit('v4', 'home', '12:00', '12:30'), rota);
    expect(suggestions.map((s) => s.carerId)).toEqual(['one']);
    expect(excluded.fullDay).toBe(1);
  });

  it('counts no journey between two visits to the same client in a row', () => {
    const rota = facts({
      carers: [carer('there'), carer('across')],
      held: new Map([
        ['there', [held('t1', 'far', '09:00', '09:55')]],
        ['across', [held('a1', 'near', '09:00', '09:55')]],
      ]),
    });
    const { suggestions } = rankCarers(visit('v5', 'far', '10:00', '10:30'), rota);
    expect(suggestions.map((s) => [s.carerId, s.travelMinutes])).toEqual([
      ['there', 0],
      ['across', expect.any(Number)],
    ]);
    expect(suggestions[0]!.reasons).toContainEqual({
      kind: 'travel',
      effect: 'for',
      text: 'Already with Client far just before',
    });
  });
});

describe('filling the day', () => {
  it('never gives one carer two visits at overlapping times, and leaves a visit nobody can take without a carer', () => {
    const visits = [
      visit('a', 'home', '09:00', '10:00'),
      visit('b', 'near', '09:30', '10:30'),
      visit('c', 'other', '09:45', '10:15'),
    ];
    const plan = fillDay(visits, facts({ carers: [carer('x'), carer('y')] }));
    expect(plan.map((p) => p.appointmentId)).toEqual(['a', 'b', 'c']);
    const placed = plan.filter((p) => p.proposed !== null);
    expect(placed).toHaveLength(2);
    expect(new Set(placed.map((p) => p.proposed!.carerId)).size).toBe(2);
  });

  it('places first the visit fewest carers can do, so the only trained carer goes to the medication visit', () => {
    const visits = [visit('care', 'home', '09:00', '10:00'), visit('meds', 'near', '09:00', '09:30', 'medication')];
    const rota = facts({
      carers: [carer('trained'), carer('untrained', { medicationTrained: false })],
      recentVisits: new Map([['home', new Map([['trained', 5]])]]),
    });
    const plan = fillDay(visits, rota);
    expect(Object.fromEntries(plan.map((p) => [p.appointmentId, p.proposed?.carerId]))).toEqual({
      care: 'untrained',
      meds: 'trained',
    });
  });

  it('chains a carer through the day, counting each placed visit in their week', () => {
    const visits = [visit('first', 'home', '09:00', '10:00'), visit('second', 'near', '11:00', '12:00')];
    const rota = facts({
      carers: [carer('only', { pattern: { ...weekdays('08:00', '16:00'), weeklyHoursLimit: 10 } })],
      weekMinutes: new Map([['only', 8.5 * 60]]),
    });
    const plan = fillDay(visits, rota);
    expect(plan.map((p) => p.proposed?.carerId ?? null)).toEqual(['only', null]);
  });
});
