import {
  addDays,
  londonToday,
  type IncidentSeverity,
  type IncidentType,
  type ReportIncidentRequest,
} from '@care/events';

/** A command after the report, sent by the coordinator: `/api/incidents/:id<path>`. */
export interface DemoIncidentStep {
  readonly path: string;
  readonly body: Record<string, unknown>;
}

export interface DemoIncident {
  readonly report: ReportIncidentRequest;
  /** Who reports it: the demo carer account (their own incidents), or the coordinator. */
  readonly by: 'carer' | 'coordinator';
  readonly steps: readonly DemoIncidentStep[];
}

type State = 'reported' | 'investigating' | 'resolved' | 'closed' | 'reopened';

interface Row {
  readonly title: string;
  readonly type: IncidentType;
  readonly severity: IncidentSeverity;
  readonly description: string;
  readonly location?: string;
  readonly immediateAction?: string;
  readonly followUp?: string;
  readonly state: State;
  readonly escalate?: boolean;
  /** A CQC notification (met or, when `overdue`, past its due date). */
  readonly cqc?: 'met' | 'overdue';
  readonly candour?: boolean;
  readonly riddor?: boolean;
  readonly referral?: boolean;
}

const FALL = 'Found on the floor at the start of the visit; conscious and talking.';
/** Forty incidents in every type, severity and state, a few escalated, with duties and safeguarding referrals. */
const ROWS: readonly Row[] = [
  {
    title: 'Fall in the bathroom',
    type: 'accident',
    severity: 'high',
    description: FALL,
    location: 'Bathroom',
    immediateAction: 'Called 111',
    followUp: 'Falls team referral',
    state: 'closed',
    cqc: 'met',
  },
  {
    title: 'Missed evening medication',
    type: 'medication_error',
    severity: 'medium',
    description: 'Evening tablets still in the blister pack at the morning visit.',
    state: 'resolved',
  },
  {
    title: 'Unexplained bruising on forearm',
    type: 'safeguarding',
    severity: 'high',
    description: 'Bruising noticed during personal care; client could not say how.',
    state: 'closed',
    referral: true,
    cqc: 'met',
  },
  {
    title: 'Client verbally aggressive to carer',
    type: 'behavioral',
    severity: 'medium',
    description: 'Shouting and swearing when offered a wash; calmed after 10 minutes.',
    state: 'closed',
  },
  {
    title: 'Slip on wet kitchen floor',
    type: 'accident',
    severity: 'low',
    description: 'Client slipped but held the worktop; no injury.',
    location: 'Kitchen',
    state: 'closed',
  },
  {
    title: 'Double dose of paracetamol',
    type: 'medication_error',
    severity: 'high',
    description: 'Two carers each gave the lunchtime dose.',
    immediateAction: 'Rang 111 for advice',
    state: 'resolved',
    escalate: true,
    candour: true,
  },
  {
    title: 'Carer injured back moving client',
    type: 'accident',
    severity: 'high',
    description: 'Carer felt pain in lower back while repositioning in bed.',
    state: 'resolved',
    riddor: true,
  },
  {
    title: 'Money missing from purse',
    type: 'safeguarding',
    severity: 'critical',
    description: 'Client reports £40 missing after a visit; family informed.',
    state: 'resolved',
    referral: true,
  },
  {
    title: 'Wandering outside at night',
    type: 'behavioral',
    severity: 'high',
    description: 'Neighbour found client in the garden at 2am.',
    state: 'resolved',
    followUp: 'Review night sensors',
  },
  {
    title: 'Wrong cream applied',
    type: 'medication_error',
    severity: 'low',
    description: 'Moisturiser used instead of the prescribed barrier cream.',
    state: 'closed',
  },
  {
    title: 'Fall from chair',
    type: 'accident',
    severity: 'medium',
    description: FALL,
    location: 'Living room',
    state: 'resolved',
  },
  {
    title: 'Refused all care',
    type: 'behavioral',
    severity: 'low',
    description: 'Client declined personal care and meals at the visit.',
    state: 'reported',
  },
  {
    title: 'Neglect concern raised by neighbour',
    type: 'safeguarding',
    severity: 'high',
    description: 'Neighbour reports the house is cold and no food in the fridge.',
    state: 'closed',
    referral: true,
    cqc: 'met',
  },
  {
    title: 'Scald from hot drink',
    type: 'accident',
    severity: 'medium',
    description: 'Tea spilt on lap; red skin, no blistering.',
    immediateAction: 'Cooled under running water for 20 minutes',
    state: 'reopened',
  },
  {
    title: 'Insulin given late',
    type: 'medication_error',
    severity: 'medium',
    description: 'Visit ran late; insulin given 90 minutes after the planned time.',
    state: 'investigating',
  },
  {
    title: 'Hit carer during hoisting',
    type: 'behavioral',
    severity: 'high',
    description: 'Client struck out during a hoist transfer; carer bruised.',
    state: 'resolved',
    riddor: true,
  },
  {
    title: 'Fall on the stairs',
    type: 'accident',
    severity: 'critical',
    description: 'Fell three steps; taken to hospital with a suspected hip fracture.',
    state: 'resolved',
    escalate: true,
    cqc: 'met',
    candour: true,
  },
  {
    title: 'Medication out of stock',
    type: 'medication_error',
    severity: 'low',
    description: 'Blister pack ran out two days early.',
    state: 'closed',
  },
  {
    title: 'Visitor pressuring client to sign papers',
    type: 'safeguarding',
    severity: 'critical',
    description: 'A relative was pressing the client to sign a document about the house.',
    state: 'resolved',
    escalate: true,
    referral: true,
  },
  {
    title: 'Throwing food',
    type: 'behavioral',
    severity: 'low',
    description: 'Threw lunch on the floor; settled with music.',
    state: 'closed',
  },
  {
    title: 'Skin tear on shin',
    type: 'accident',
    severity: 'low',
    description: 'Caught leg on the wheelchair footplate.',
    state: 'resolved',
  },
  {
    title: 'Eye drops missed for two days',
    type: 'medication_error',
    severity: 'medium',
    description: 'Drops not on the MAR after the new prescription.',
    state: 'reported',
  },
  {
    title: 'Sexualised comments to carer',
    type: 'behavioral',
    severity: 'medium',
    description: 'Repeated inappropriate remarks during the visit.',
    state: 'investigating',
  },
  {
    title: 'Self-neglect: refusing food for three days',
    type: 'safeguarding',
    severity: 'high',
    description: 'Client has eaten almost nothing since the weekend.',
    state: 'resolved',
    referral: true,
  },
  {
    title: 'Found on the floor overnight',
    type: 'accident',
    severity: 'critical',
    description: 'Lay on the floor for several hours before the morning visit.',
    state: 'closed',
    cqc: 'met',
    candour: true,
  },
  {
    title: 'Warfarin dose confusion',
    type: 'medication_error',
    severity: 'high',
    description: 'New dose letter not shared with the carers.',
    state: 'reopened',
    escalate: true,
  },
  {
    title: 'Agitated after hospital discharge',
    type: 'behavioral',
    severity: 'medium',
    description: 'Very restless and confused the first night home.',
    state: 'resolved',
  },
  {
    title: 'Bruise from bed rail',
    type: 'accident',
    severity: 'low',
    description: 'Small bruise on the arm from the bed rail.',
    state: 'reported',
  },
  {
    title: 'Carer shouted at client',
    type: 'safeguarding',
    severity: 'high',
    description: 'Family heard a carer shouting; carer removed from the rota pending investigation.',
    state: 'investigating',
    referral: true,
  },
  {
    title: 'Patch not removed',
    type: 'medication_error',
    severity: 'low',
    description: 'Old pain patch found under the new one.',
    state: 'closed',
  },
  {
    title: 'Trip over rug',
    type: 'accident',
    severity: 'medium',
    description: FALL,
    location: 'Hallway',
    state: 'closed',
  },
  {
    title: 'Locked carer out',
    type: 'behavioral',
    severity: 'low',
    description: 'Client would not open the door; welfare check by the family.',
    state: 'resolved',
  },
  {
    title: 'Controlled drug count wrong',
    type: 'medication_error',
    severity: 'critical',
    description: 'Morphine liquid volume lower than the record.',
    state: 'resolved',
  },
  {
    title: 'Financial abuse suspected',
    type: 'safeguarding',
    severity: 'medium',
    description: 'Unusual bank withdrawals noticed by the client’s son.',
    state: 'investigating',
    referral: true,
  },
  {
    title: 'Fall in the garden',
    type: 'accident',
    severity: 'medium',
    description: FALL,
    location: 'Garden',
    state: 'investigating',
  },
  {
    title: 'Spat at carer',
    type: 'behavioral',
    severity: 'medium',
    description: 'Client spat during mouth care.',
    state: 'closed',
  },
  {
    title: 'Antibiotic course stopped early',
    type: 'medication_error',
    severity: 'medium',
    description: 'Family threw away the remaining capsules.',
    state: 'resolved',
  },
  {
    title: 'Burn from heater',
    type: 'accident',
    severity: 'high',
    description: 'Red mark on the leg from sitting close to the heater.',
    state: 'reported',
  },
  {
    title: 'Unexplained weight loss and fear of carer',
    type: 'safeguarding',
    severity: 'high',
    description: 'Client seems frightened when a particular carer arrives.',
    state: 'closed',
    referral: true,
  },
  {
    title: 'Kicked furniture',
    type: 'behavioral',
    severity: 'low',
    description: 'Kicked a chair when frustrated; no one hurt.',
    state: 'reported',
  },
];

const HOUR = 3_600_000;

/**
 * About forty incidents over the six weeks before the seed, the same every time apart from their dates, sent through
 * the incident commands (scripts/demo-seed.ts) by the demo carer (their own) or the coordinator: every type, severity
 * and state (reported, investigating, resolved, closed, and reopened), some escalated, statutory duties met in time,
 * safeguarding referrals; the critical and safeguarding ones still open are the last fortnight's. The first few are the
 * demo carer's.
 */
export function demoIncidents(
  coordinatorId: string,
  carerIds: readonly string[],
  clientIds: readonly string[],
  now: Date,
): DemoIncident[] {
  const today = londonToday(now);
  return ROWS.map((row, index) => {
    // Spread over 42 days back, newest last; hours vary so the times look real.
    const occurred = new Date(now.getTime() - (42 - index) * 24 * HOUR + ((index * 7) % 12) * HOUR - 6 * HOUR);
    const byCarer = index % 8 === 0;
    const report: ReportIncidentRequest = {
      type: row.type,
      severity: row.severity,
      title: row.title,
      description: row.description,
      location: row.location ?? null,
      clientId: clientIds[(index * 3) % clientIds.length] ?? null,
      // The demo carer names no one else; the coordinator names the carer on the visit.
      carerId: byCarer ? (carerIds[0] ?? null) : (carerIds[(index * 5) % carerIds.length] ?? null),
      immediateAction: row.immediateAction ?? null,
      followUpRequired: row.followUp !== undefined,
      followUpNotes: row.followUp ?? null,
      dateOccurred: occurred.toISOString(),
    };
    const occurredOn = occurred.toISOString().slice(0, 10);
    const steps: DemoIncidentStep[] = [];
    if (row.referral)
      steps.push({
        path: '/safeguarding-referrals',
        body: {
          referredOn: occurredOn < today ? addDays(occurredOn, 1) : today,
          referredTo: 'Leeds Adult Social Care',
          localAuthorityReference: `LA-${2400 + index}`,
        },
      });
    if (row.cqc) {
      const reason = row.type === 'safeguarding' ? 'abuse_or_allegation' : 'serious_injury';
      steps.push({
        path: '/duties',
        body: {
          duty: 'cqc_notification',
          reason,
          dueDate: row.cqc === 'overdue' ? addDays(today, -2) : addDays(occurredOn, 1),
        },
      });
      if (row.cqc === 'met')
        steps.push({
          path: '/duties/steps',
          body: {
            duty: 'cqc_notification',
            step: 'notification_sent',
            doneOn: occurredOn < today ? addDays(occurredOn, 1) : today,
            reference: `CQC-${90_000 + index}`,
          },
        });
    }
    // Duties are met within their time, as an office that keeps up with them does (a few days after the incident).
    const daysAfter = (days: number) => (addDays(occurredOn, days) < today ? addDays(occurredOn, days) : today);
    if (row.riddor) {
      steps.push({ path: '/duties', body: { duty: 'riddor', reason: 'over_seven_day_injury' } });
      steps.push({
        path: '/duties/steps',
        body: { duty: 'riddor', step: 'report_sent', doneOn: daysAfter(9), reference: `RIDDOR-${51_000 + index}` },
      });
    }
    if (row.candour) {
      steps.push({ path: '/duties', body: { duty: 'duty_of_candour', reason: 'moderate_harm' } });
      steps.push({
        path: '/duties/steps',
        body: { duty: 'duty_of_candour', step: 'apology_given', doneOn: daysAfter(1), reference: null },
      });
      steps.push({
        path: '/duties/steps',
        body: { duty: 'duty_of_candour', step: 'written_notice_sent', doneOn: daysAfter(4), reference: null },
      });
    }
    if (row.state !== 'reported') {
      steps.push({ path: '/investigate', body: {} });
      steps.push({ path: '/notes', body: { note: 'Spoke to the carer and the family; statements taken.' } });
    }
    if (row.escalate)
      steps.push({
        path: '/escalate',
        body: {
          severity: row.severity === 'critical' ? null : 'critical',
          escalatedTo: row.severity === 'critical' ? coordinatorId : null,
          reason: 'Needs the registered manager',
        },
      });
    if (row.state === 'resolved' || row.state === 'closed' || row.state === 'reopened') {
      steps.push({
        path: '/resolve',
        body: { resolutionSummary: 'Cause found; care plan and risk assessment updated.' },
      });
    }
    if (row.state === 'closed')
      steps.push({
        path: '/close',
        body: { followUpWaivedReason: row.followUp ? 'Referral already made by the GP' : null },
      });
    if (row.state === 'reopened')
      steps.push({ path: '/reopen', body: { reason: 'It happened again the following week' } });
    return { report, by: byCarer ? 'carer' : 'coordinator', steps };
  });
}
