import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALERT_RULE_AUDIENCES, alertAudienceOf, GROUPED_ALERT_RULES } from '@care/events';
import type { CarerDayFact, DiaryFact, IncidentFact, TrainingFact, VisitFact } from '@care/projector/rule-facts';
import { carerOverbooked } from './carer-day-rules';
import { diaryUrgent } from './diary-rules';
import { incidentCritical, incidentDutyOverdue, incidentEscalated } from './incident-rules';
import { ALERT_RULES } from './registry';
import { trainingExpired, trainingExpiring } from './training-rules';
import { visitLate, visitMissed, visitOutcome, visitUnassigned } from './visit-rules';

/** Given the facts the read models hold, when the rule looks at `now`, then these alerts should be open. */
const NOW = new Date('2026-11-23T10:30:00Z');
const visit = (overrides: Partial<VisitFact> = {}): VisitFact => ({
  id: '0190a6b0-0000-7000-8000-000000000001',
  clientId: '0190a6b0-0000-7000-8000-0000000000c1',
  carerId: '0190a6b0-0000-7000-8000-0000000000a1',
  status: 'scheduled',
  runningLate: true,
  scheduledStart: new Date('2026-11-23T10:00:00Z'),
  scheduledEnd: new Date('2026-11-23T11:00:00Z'),
  checkedInAt: null,
  checkInReceivedOfflineAt: null,
  ...overrides,
});

describe('visit rules', () => {
  it('says a missed visit was checked in later, and when a check-in recorded offline reached the server', () => {
    const checkedIn = visit({ status: 'in_progress', checkedInAt: new Date('2026-11-23T10:02:00Z') });
    expect(visitOutcome(checkedIn)).toBe('Checked in at 10:02');
    expect(visitOutcome({ ...checkedIn, checkInReceivedOfflineAt: new Date('2026-11-23T11:31:00Z') })).toBe(
      "Checked in at 10:02, recorded offline on the carer's phone and received at 11:31",
    );
  });

  it('given a visit raised as running late, raises a late-visit alert the visit’s carer may read', () => {
    const [alert, ...rest] = visitLate.holds([visit()], NOW);
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({
      subject: visit().id,
      title: 'Visit running late',
      description: 'No check-in yet for the visit planned at 10:00 on 23/11/2026.',
      relatedKind: 'appointment',
      relatedId: visit().id,
      carerId: visit().carerId,
      clientId: visit().clientId,
      appointmentId: visit().id,
      actionRequired: 'Contact the carer and the client',
    });
    expect(visitLate.severity).toBe('high');
  });

  it('given no late visit (checked in meanwhile), nothing holds, so the runner resolves what was raised', () => {
    expect(visitLate.holds([], NOW)).toEqual([]);
  });

  it('given a missed visit, raises a critical alert', () => {
    const [alert] = visitMissed.holds([visit({ status: 'missed' })], NOW);
    expect(visitMissed.severity).toBe('critical');
    expect(alert).toMatchObject({
      title: 'Visit missed',
      carerId: visit().carerId,
      actionRequired: 'Check on the client now and record what happened',
    });
  });

  it("given a missed visit, says whether the carer's app was offline, so the office can tell no signal from no visit", () => {
    const missed = (carerAppLastOnline: Date | null) =>
      visitMissed.holds([visit({ status: 'missed', carerAppLastOnline })], NOW)[0]!.description;
    expect(missed(new Date('2026-11-23T08:47:00Z'))).toBe(
      "Nobody checked in to the visit planned at 10:00 on 23/11/2026, and its planned end has passed. The carer's app has been offline since 08:47 on 23/11/2026.",
    );
    expect(missed(new Date('2026-11-23T10:29:00Z'))).toMatch(/ The carer's app is online\.$/);
    expect(missed(null)).toMatch(/ The carer's app has not been online\.$/);
  });

  it('given a visit within 24 hours with no carer, raises a medium alert only staff read', () => {
    const [alert] = visitUnassigned.holds([visit({ carerId: null, runningLate: false })], NOW);
    expect(visitUnassigned.severity).toBe('medium');
    expect(alert).toMatchObject({ title: 'Visit has no carer', carerId: null, actionRequired: 'Assign a carer' });
  });
});

const training = (overrides: Partial<TrainingFact> = {}): TrainingFact => ({
  id: '0190a6b0-0000-7000-8000-0000000000f1',
  carerId: '0190a6b0-0000-7000-8000-0000000000a1',
  carerFirstName: 'Nadia',
  carerLastName: 'Hussain',
  carerActive: true,
  trainingType: 'first_aid',
  expiryDate: '2026-12-10',
  ...overrides,
});

describe('training rules', () => {
  it('given a certificate expiring in 17 days, raises a medium alert for the carer, due on the expiry date', () => {
    const [alert] = trainingExpiring.holds([training()], NOW);
    expect(trainingExpiring.severity).toBe('medium');
    expect(alert).toMatchObject({
      subject: `${training().carerId}/first_aid/2026-12-10`,
      title: 'First Aid training expiring',
      description: "Nadia Hussain's First Aid certificate expires on 10/12/2026.",
      carerId: training().carerId,
      relatedKind: 'training',
      relatedId: training().id,
      dueDate: '2026-12-10T23:59:59.000Z',
    });
  });

  it('given an expired certificate, raises a high alert; a renewal is a new certificate and so a new subject', () => {
    const [expired] = trainingExpired.holds([training({ expiryDate: '2026-11-01' })], NOW);
    expect(trainingExpired.severity).toBe('high');
    expect(expired).toMatchObject({
      title: 'First Aid training expired',
      subject: `${training().carerId}/first_aid/2026-11-01`,
    });
    const [renewed] = trainingExpiring.holds([training({ expiryDate: '2027-11-01' })], NOW);
    expect(renewed?.subject).not.toBe(expired?.subject);
  });
});

describe('carer day rule', () => {
  it('given a carer booked with more clients than their maximum, raises a low alert for that carer and day', () => {
    const day: CarerDayFact = {
      carerId: '0190a6b0-0000-7000-8000-0000000000a1',
      carerFirstName: 'Nadia',
      carerLastName: 'Hussain',
      date: '2026-11-24',
      clients: 9,
      maxClientsPerDay: 8,
    };
    const [alert] = carerOverbooked.holds([day], NOW);
    expect(carerOverbooked.severity).toBe('low');
    expect(alert).toMatchObject({
      subject: `${day.carerId}/2026-11-24`,
      description: 'Nadia Hussain is booked with 9 clients on 24/11/2026; their maximum is 8.',
      relatedKind: 'carer_day',
      carerId: day.carerId,
    });
  });
});

describe('diary rule', () => {
  const entry = (overrides: Partial<DiaryFact> = {}): DiaryFact => ({
    id: '0190a6b0-0000-7000-8000-0000000000d1',
    carerId: '0190a6b0-0000-7000-8000-0000000000a1',
    clientId: '0190a6b0-0000-7000-8000-0000000000c1',
    entryType: 'incident',
    priority: 'normal',
    title: 'Fall in the kitchen',
    isConfidential: false,
    reviewed: false,
    carerName: 'Nadia Hussain',
    clientName: 'Edith Green',
    createdAt: NOW,
    ...overrides,
  });

  it('given an unreviewed incident entry, raises a high alert for staff only', () => {
    const [alert] = diaryUrgent.holds([entry()], NOW);
    expect(diaryUrgent.severity).toBe('high');
    expect(alert).toMatchObject({
      title: 'Incident recorded in the diary',
      description: '"Fall in the kitchen" by Nadia Hussain about Edith Green.',
      carerId: null,
      clientId: entry().clientId,
      relatedKind: 'diary_entry',
    });
  });

  it('keeps a confidential entry’s title out of the alert', () => {
    const [alert] = diaryUrgent.holds(
      [entry({ isConfidential: true, entryType: 'care_note', priority: 'urgent' })],
      NOW,
    );
    expect(alert?.title).toBe('Urgent diary entry');
    expect(alert?.description).toBe('A confidential entry by Nadia Hussain about Edith Green.');
  });
});

describe('the rule registry', () => {
  it('has unique names and is listed in docs/features/alerts.md with each rule’s severity', () => {
    const names = ALERT_RULES.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    const alertsDoc = readFileSync(new URL('../../../docs/features/alerts.md', import.meta.url), 'utf8');
    const rows = [...alertsDoc.matchAll(/^\| `([a-z-]+)` \| (low|medium|high|critical) \|/gm)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(rows).toEqual(ALERT_RULES.map((rule) => [rule.name, rule.severity]));
  });

  it('gives every rule an audience, as the alerts table of docs/features/alerts.md says', () => {
    const alertsDoc = readFileSync(new URL('../../../docs/features/alerts.md', import.meta.url), 'utf8');
    const documented = Object.fromEntries(
      [...alertsDoc.matchAll(/^\| `([a-z-]+)` \| [a-z]+ \| ([a-z]+) \| ([a-z ]+) \|/gm)].map((match) => [
        match[1],
        { audience: match[2], grouped: match[3] !== 'no' },
      ]),
    );
    expect(Object.keys(ALERT_RULE_AUDIENCES).sort()).toEqual(ALERT_RULES.map((rule) => rule.name).sort());
    for (const rule of ALERT_RULES)
      expect({ rule: rule.name, ...documented[rule.name] }).toEqual({
        rule: rule.name,
        audience: alertAudienceOf(rule.name),
        grouped: GROUPED_ALERT_RULES.has(rule.name),
      });
  });

  it('never groups a critical rule: each missed visit, critical incident or time-critical dose stands alone', () => {
    const groupedCritical = ALERT_RULES.filter(
      (rule) => rule.severity === 'critical' && GROUPED_ALERT_RULES.has(rule.name),
    );
    expect(groupedCritical).toEqual([]);
  });
});

const incident = (overrides: Partial<IncidentFact> = {}): IncidentFact => ({
  id: '0190a6b0-0000-7000-8000-0000000001a1',
  type: 'accident',
  severity: 'critical',
  status: 'reported',
  title: 'Fall in the hallway',
  clientId: '0190a6b0-0000-7000-8000-0000000000c1',
  clientName: 'Edith Green',
  dateOccurred: new Date('2026-11-23T08:00:00Z'),
  escalatedAt: null,
  escalationReason: null,
  duties: [],
  ...overrides,
});

describe('incident rules', () => {
  it('given a critical incident reported, raises a critical alert for the office (no carer reads it)', () => {
    const [alert, ...rest] = incidentCritical.holds([incident()], NOW);
    expect(rest).toEqual([]);
    expect(incidentCritical.severity).toBe('critical');
    expect(alert).toMatchObject({
      subject: incident().id,
      title: 'Critical incident reported',
      description: 'Accident (Critical): "Fall in the hallway" about Edith Green.',
      relatedKind: 'incident',
      relatedId: incident().id,
      carerId: null,
      clientId: incident().clientId,
      actionRequired: 'Investigate the incident now',
    });
  });

  it('given a safeguarding incident of any severity, says so', () => {
    const [alert] = incidentCritical.holds([incident({ type: 'safeguarding', severity: 'medium' })], NOW);
    expect(alert).toMatchObject({
      title: 'Safeguarding incident reported',
      actionRequired: 'Make the person safe, then consider a safeguarding referral',
    });
  });

  it('given an escalated incident, raises one high alert per escalation', () => {
    const escalatedAt = new Date('2026-11-23T09:15:00Z');
    const [alert] = incidentEscalated.holds(
      [incident({ severity: 'critical', escalatedAt, escalationReason: 'Admitted to hospital' })],
      NOW,
    );
    expect(incidentEscalated.severity).toBe('high');
    expect(alert).toMatchObject({
      subject: `${incident().id}/2026-11-23T09:15:00.000Z`,
      title: 'Incident escalated',
      description: '"Fall in the hallway" about Edith Green was escalated (now Critical): Admitted to hospital',
    });
  });

  it('given a duty past its due date and not met, raises a high alert per duty; met or not yet due, nothing', () => {
    const duties = [
      { duty: 'cqc_notification', dueDate: '2026-11-22', met: false },
      { duty: 'riddor', dueDate: '2026-11-22', met: true },
      { duty: 'duty_of_candour', dueDate: '2026-11-23', met: false },
    ];
    const alerts = incidentDutyOverdue.holds([incident({ duties })], NOW);
    expect(alerts.map((alert) => [alert.subject, alert.title, alert.description])).toEqual([
      [
        `${incident().id}/cqc_notification`,
        'CQC notification overdue',
        'CQC notification for "Fall in the hallway" about Edith Green was due on 22/11/2026.',
      ],
    ]);
    expect(incidentDutyOverdue.severity).toBe('high');
  });
});
