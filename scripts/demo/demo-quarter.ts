import {
  addDays,
  carerWindowRange,
  DEFAULT_AGENCY_SETTINGS,
  DEFAULT_CARER_WINDOW,
  londonToday,
  type CreateUserRequest,
} from '@care/events';
import type { AdminCredentials } from '../demo-admin';
import type { SeedProgress } from '../start-progress';
import { DEMO_VISIT_DAYS_BACK, demoVisits, type DemoVisit } from './demo-appointments';
import { placeOfAddress } from './demo-places';
import { demoCarePlans, demoCarePlanTemplates } from './demo-care-plans';
import { demoCarers } from './demo-carers';
import { demoClients } from './demo-clients';
import { demoContracts, demoExchangeRates } from './demo-contracts';
import { demoDiaryEntries } from './demo-diary';
import { demoFeedback } from './demo-feedback';
import {
  DEMO_FUNDERS,
  demoFunding,
  demoInvoiceFollowUps,
  demoInvoiceRuns,
  type DemoFunder,
  type IssuedDemoInvoice,
} from './demo-finance';
import { demoIncidents } from './demo-incidents';
import { demoLeave } from './demo-leave';
import { DEMO_MAR_CODES, demoMedications } from './demo-medications';
import { DEMO_PAYROLL_POLICY, demoPayrollPeriods } from './demo-payroll';
import { DEFAULT_VISIT_LATE_GRACE_MINUTES } from '@care/rules';
import { demoShifts } from './demo-shifts';
import { demoTasks } from './demo-tasks';
import { chain, plannedSteps, type Timeline, type TimelineStep } from './demo-timeline';
import { londonAt, type DemoClock } from './demo-times';
import { demoTraining } from './demo-training';
import { demoWorkingPatterns } from './demo-working-patterns';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One demo user's commands at simulated times; `key` names the part, item and step (the request id's tail). */
export type QuarterSend = (at: Date, method: string, path: string, body: unknown, key: string) => Promise<unknown>;

export interface QuarterSenders {
  signIn(credentials: AdminCredentials): Promise<QuarterSend>;
  /** Resolves once the read models have caught up with everything sent so far (invoices and payroll read them). */
  readsCaughtUp(): Promise<void>;
  /** The rules process's visit timeliness check of one visit at `at` (running late, then missed). */
  checkTimeliness(at: Date, visitId: string, key: string): Promise<void>;
}

/** What an earlier, stopped load already did. */
export interface Journal {
  count(type: string): number;
}

export interface QuarterInput {
  readonly clock: DemoClock;
  readonly admin: AdminCredentials;
  readonly senders: QuarterSenders;
  readonly timeline: Timeline;
  readonly journal: Journal;
  readonly progress: SeedProgress;
}

/**
 * The demo agency's quarter. First the office's records as they stood when it opened (staff, carers, clients,
 * templates, funders and settings), entered one after another that morning; then everything that happened over the
 * thirteen weeks, in time order on one timeline: visits booked ten days ahead and checked in and out as they
 * happened, doses given at their rounds, diary notes, incidents worked through, care plans agreed and reviewed,
 * invoices raised every Monday and paid, payroll every Tuesday.
 */
export async function demoQuarter({ clock, admin, senders, timeline, progress }: QuarterInput): Promise<{
  counts: Record<string, number>;
  users: { email: string; role: string }[];
}> {
  const today = clock.today;
  const now = clock.now;
  let opening = 0;
  /** The opening morning's records, a minute apart in the order they are entered. */
  const nextOpening = () => clock.afterOpening(opening++ / 4);
  const asAdmin = await senders.signIn(admin);
  const createEach = async <T>(
    part: string,
    items: readonly T[],
    send: (item: T, key: (step: number) => string) => Promise<unknown>,
  ): Promise<string[]> => {
    progress.part(part, items.length);
    const ids: string[] = [];
    for (const [index, item] of items.entries()) {
      ids.push(await idOf(send(item, (step) => `${part}.${index}.${step}`)));
      progress.item();
    }
    progress.endPart();
    return ids;
  };

  // The opening morning.
  const users: CreateUserRequest[] = [
    {
      email: 'coordinator@demo.example',
      firstName: 'Cora',
      lastName: 'Ndiaye',
      role: 'coordinator',
      password: admin.password,
    },
    { email: 'carer@demo.example', firstName: 'Amelia', lastName: 'Hughes', role: 'carer', password: admin.password },
    // Reads everything, writes nothing: the audit screen.
    {
      email: 'auditor@demo.example',
      firstName: 'Ian',
      lastName: 'Ashworth',
      role: 'auditor',
      password: admin.password,
    },
  ];
  const userIds = await createEach('users', users, (user, key) =>
    asAdmin(nextOpening(), 'POST', '/api/users', user, key(0)),
  );
  const asCoordinator = await senders.signIn({ email: users[0]!.email, password: admin.password });
  const asCarer = await senders.signIn({ email: users[1]!.email, password: admin.password });
  // The first demo carer is the demo carer account's own record ("their own records").
  const carers = demoCarers().map((carer, index) =>
    index === 0 ? { ...carer, userId: userIds[1], email: users[1]!.email } : carer,
  );
  const carerIds = await createEach('carers', carers, (carer, key) =>
    asAdmin(nextOpening(), 'POST', '/api/carers', carer, key(0)),
  );
  // Each carer's usual hours, contracted hours and weekly limit, set as their records are entered.
  // Not through createEach, which needs a created id: a resumed load answers a PUT it already sent without one.
  const patterns = demoWorkingPatterns(carerIds.length, addDays(today, -120));
  progress.part('working-patterns', patterns.length);
  for (const [index, pattern] of patterns.entries()) {
    const path = `/api/carers/${carerIds[index]!}/working-pattern`;
    await asAdmin(nextOpening(), 'PUT', path, pattern, `working-patterns.${index}.0`);
    progress.item();
  }
  progress.endPart();
  const clients = demoClients(carerIds);
  const clientIds = await createEach('clients', clients, (client, key) =>
    asAdmin(nextOpening(), 'POST', '/api/clients', client, key(0)),
  );
  const templates = demoCarePlanTemplates();
  const templateIdList = await createEach('care-plan-templates', templates, (template, key) =>
    asAdmin(nextOpening(), 'POST', '/api/care-plans/templates', template, key(0)),
  );
  const templateIds = Object.fromEntries(
    templates.map((template, index) => [template.kind, templateIdList[index]!]),
  ) as Record<(typeof templates)[number]['kind'] | 'other', string>;
  // The safeguarding team's contact is an agency setting (admin panel, Settings), read by the incidents screen.
  await asAdmin(
    nextOpening(),
    'PUT',
    '/api/settings',
    {
      ...DEFAULT_AGENCY_SETTINGS,
      safeguardingTeamName: 'Leeds Adult Social Care: Safeguarding',
      safeguardingTeamPhone: '0113 222 4401',
      safeguardingOutOfHoursPhone: '0113 240 9536',
      safeguardingTeamEmail: 'safeguarding@leeds.example',
      safeguardingTeamNotes: 'Monday to Friday 8:30 to 17:00; out of hours, the Emergency Duty Team.',
    },
    'settings.0.0',
  );
  for (const [index, code] of DEMO_MAR_CODES.entries())
    await asAdmin(nextOpening(), 'POST', '/api/medications/mar-codes', code, `mar-codes.${index}.0`);
  const funderIds = {} as Record<DemoFunder['key'], string>;
  const funderKeyOf = new Map<string, DemoFunder['key']>();
  const funderList = await createEach('funders', DEMO_FUNDERS, async ({ funder, rates }, key) => {
    const reply = await asAdmin(nextOpening(), 'POST', '/api/finance/funders', funder, key(0));
    const id = await idOf(reply);
    for (const [index, rate] of rates.entries())
      await asAdmin(nextOpening(), 'POST', `/api/finance/funders/${id}/rates`, rate, key(index + 1));
    return reply;
  });
  DEMO_FUNDERS.forEach(({ key }, index) => {
    funderIds[key] = funderList[index]!;
    funderKeyOf.set(funderList[index]!, key);
  });
  await asAdmin(nextOpening(), 'PUT', '/api/finance/payroll/policy', DEMO_PAYROLL_POLICY, 'payroll-policy.0.0');

  // The quarter, in time order, from the opening morning's last record on.
  const begins = nextOpening();
  /** Steps planned in all (a record's later steps join the timeline only once the one before has run). */
  let planned = 0;
  const add = (steps: readonly TimelineStep[]) => {
    planned += plannedSteps(steps);
    timeline.add(steps);
  };
  /** When a step runs: at `at`, kept inside the quarter and after the opening morning. */
  const when = (at: Date | number) =>
    clock.within(Math.max(typeof at === 'number' ? at : at.getTime(), begins.getTime()));
  /** One command of a record's life, answering its reply to the next. */
  const step = (at: Date | number, run: (at: Date, previous: unknown) => Promise<unknown>) => ({ at: when(at), run });
  const counts: Record<string, number> = {};

  // Training as it stood when the quarter began; the refreshers that fell due are recorded as the carers pass them.
  const training = demoTraining(carerIds, today);
  training.forEach(({ record, renewal }, index) => {
    let id = '';
    add(
      chain([
        step(clock.notBeforeItsDates(record, begins, '17:00'), async (at) => {
          const reply = await asAdmin(at, 'POST', '/api/training', record, `training.${index}.0`);
          id = idFrom(reply);
          return reply;
        }),
        ...(renewal === null
          ? []
          : [
              step(clock.notBeforeItsDates(renewal, begins, '17:00'), (at) =>
                asAdmin(at, 'POST', `/api/training/${id}/renewal`, renewal, `training.${index}.1`),
              ),
            ]),
      ]),
    );
  });
  demoFeedback().forEach((item, index) =>
    add(
      chain([
        step(begins.getTime() + (index + 1) * 10 * DAY + 6 * HOUR, (at) =>
          asAdmin(at, 'POST', '/api/feedback', item, `feedback.${index}.0`),
        ),
      ]),
    ),
  );
  // Care plans from the first morning: a plan's tasks are what a visit booked without its own gets.
  const planClients = clientIds.flatMap((id, index) =>
    clients[index]!.isActive !== false ? [{ id, firstName: clients[index]!.firstName }] : [],
  );
  const carePlans = demoCarePlans(planClients, templateIds, today);
  carePlans.forEach((plan, index) => {
    const key = (n: number) => `care-plans.${index}.${n}`;
    const steps = [
      step(begins.getTime() + index * MINUTE, (at) =>
        asCoordinator(at, 'POST', '/api/care-plans', plan.create, key(0)),
      ),
    ];
    let id = '';
    const created = (previous: unknown) => (id ||= idFrom(previous));
    if (plan.agree) {
      const agree = plan.agree;
      steps.push(
        step(clock.notBeforeItsDates(agree, begins, '11:00'), async (at, previous) => {
          created(previous);
          return asCoordinator(at, 'POST', `/api/care-plans/${id}/agreement`, { ...agree, version: 1 }, key(1));
        }),
      );
    }
    if (plan.update) {
      const update = plan.update;
      steps.push(
        step(londonAt(addDays(today, -6), '10:00'), async (at, previous) => {
          created(previous);
          return asCoordinator(at, 'PATCH', `/api/care-plans/${id}`, update, key(2));
        }),
      );
      if (plan.agreeUpdate && plan.agree) {
        const agree = plan.agree;
        steps.push(
          step(londonAt(addDays(today, -5), '11:00'), (at) =>
            asCoordinator(
              at,
              'POST',
              `/api/care-plans/${id}/agreement`,
              { ...agree, agreedOn: londonToday(at), version: 2 },
              key(3),
            ),
          ),
        );
      }
    }
    if (plan.status) {
      const status = plan.status;
      steps.push(
        step(londonAt(addDays(today, -3), '14:00'), async (at, previous) => {
          created(previous);
          return asCoordinator(at, 'POST', `/api/care-plans/${id}/status`, status, key(4));
        }),
      );
    }
    if (plan.review) {
      const review = plan.review;
      const reviewed = step(clock.notBeforeItsDates(review, begins, '14:00'), async (at, previous) => {
        created(previous);
        return asCoordinator(at, 'POST', `/api/care-plans/${id}/reviews`, review, key(5));
      });
      // Before the first later step (the others keep their order: an agreement names the version it agrees).
      const later = steps.findIndex((other, n) => n > 0 && other.at > reviewed.at);
      steps.splice(later === -1 ? steps.length : later, 0, reviewed);
    }
    add(chain(steps));
  });
  // Contracts and the exchange rates an admin typed in, on the days they took effect.
  const activeCarerIds = carerIds.filter((_, index) => carers[index]!.isActive !== false);
  const activeClientIds = clientIds.filter((_, index) => clients[index]!.isActive !== false);
  demoExchangeRates(today).forEach((setting, index) =>
    add(
      chain([
        step(clock.notBeforeItsDates(setting, begins, '09:00'), (at) =>
          asAdmin(at, 'POST', '/api/finance/exchange-rates', setting, `exchange-rates.${index}.0`),
        ),
      ]),
    ),
  );
  const contracts = demoContracts(activeClientIds, today);
  contracts.forEach((contract, index) =>
    add(
      chain([
        step(contract.startDate <= today ? londonAt(contract.startDate, '09:30') : begins, (at) =>
          asAdmin(at, 'POST', '/api/finance/contracts', contract, `contracts.${index}.0`),
        ),
      ]),
    ),
  );
  demoFunding(clientIds, funderIds).forEach(({ clientId, body }, index) =>
    add(
      chain([
        step(begins, (at) =>
          asAdmin(at, 'PUT', `/api/finance/clients/${clientId}/funding`, body, `funding.${index}.0`),
        ),
      ]),
    ),
  );

  // Visits: booked ten days ahead (the first ten days on the opening morning), then their day as it went.
  // Each check-in at the client's home, in the client's town.
  const clientPlaces = new Map(clientIds.map((id, index) => [id, placeOfAddress(clients[index]!.address)]));
  const visitPlan = demoVisits(activeCarerIds, activeClientIds, now, (clientId) => clientPlaces.get(clientId)!);
  visitPlan.forEach(({ schedule, steps, missed: nobodyCame }, index) => {
    const key = (n: number) => `visits.${index}.${n}`;
    let id = '';
    // A visit nobody checked in to: the rules process raised it running late, then missed, as its time passed (the
    // office's follow-up, if any, comes after).
    const start = Date.parse(schedule.scheduledStart);
    const end = start + Number(schedule.durationMinutes) * MINUTE;
    const missed = nobodyCame === true && schedule.carerId !== null && end < now.getTime() - MINUTE;
    const timeliness = missed
      ? [start + (DEFAULT_VISIT_LATE_GRACE_MINUTES + 1) * MINUTE, end + MINUTE].map((at, n) =>
          step(at, async (when) => {
            await senders.checkTimeliness(when, id, key(n + 1));
            return { id };
          }),
        )
      : [];
    add(
      chain([
        step(start - 10 * DAY, async (at) => {
          const reply = await asAdmin(at, 'POST', '/api/appointments', schedule, key(0));
          id = idFrom(reply);
          return reply;
        }),
        ...timeliness,
        ...steps.map((visitStep, n) =>
          step(visitStep.at, async (at, previous) => {
            id ||= idFrom(previous);
            // The demo carer records their own visits on their phone; the office records the rest.
            const byCarer = schedule.carerId === carerIds[0] && visitStep.action.startsWith('check-');
            return (byCarer ? asCarer : asAdmin)(
              at,
              'POST',
              `/api/appointments/${id}/${visitStep.action}`,
              visitStep.body,
              key(n + 1 + timeliness.length),
            );
          }),
        ),
      ]),
    );
  });
  // The demo carer writes only about the clients of their own visits (the command API refuses the rest).
  const ownClients = clientsOfWork(visitPlan, carerIds[0], now);
  const ownClient = (clientId: string, index: number) =>
    ownClients.includes(clientId) ? clientId : (ownClients[index % ownClients.length] ?? clientId);
  const diaryEntries = demoDiaryEntries(carerIds, clientIds, now).map((entry, index) =>
    entry.carerId === carerIds[0] ? { ...entry, clientId: ownClient(entry.clientId, index) } : entry,
  );
  diaryEntries.forEach((entry, index) => {
    const written = Date.parse(entry.entryDate);
    // The coordinator reads an urgent note or an incident within a couple of hours; the last day's may still be unread.
    const needsReview = entry.priority === 'urgent' || entry.entryType === 'incident';
    const reviewed = needsReview && written < now.getTime() - DAY ? written + 2 * HOUR : null;
    let id = '';
    add(
      chain([
        step(written, async (at) => {
          const reply = await (entry.carerId === carerIds[0] && ownClients.includes(entry.clientId)
            ? asCarer
            : asAdmin)(at, 'POST', '/api/diary', entry, `diary.${index}.0`);
          id = idFrom(reply);
          return reply;
        }),
        ...(reviewed === null
          ? []
          : [step(reviewed, (at) => asCoordinator(at, 'POST', `/api/diary/${id}/review`, {}, `diary.${index}.1`))]),
      ]),
    );
  });
  const shifts = demoShifts(activeCarerIds, today);
  shifts.forEach((shift, index) =>
    add(
      chain([
        step(Date.parse(shift.startTime) - 7 * DAY, (at) =>
          asAdmin(at, 'POST', '/api/shifts', shift, `shifts.${index}.0`),
        ),
      ]),
    ),
  );
  // Tasks come from the coordinator in the last days; each assignee starts and completes their own.
  const people = { coordinatorId: userIds[0]!, carerUserId: userIds[1]! };
  const tasks = demoTasks(people, carerIds, clientIds, now);
  tasks.forEach(({ create, steps }, index) => {
    const key = (n: number) => `tasks.${index}.${n}`;
    const due = typeof create.dueDate === 'string' ? Date.parse(create.dueDate) : now.getTime();
    const created = Math.min(now.getTime() - 2 * DAY, due - DAY) + index * 10 * MINUTE;
    const byAssignee = create.assignedTo === people.carerUserId ? asCarer : asCoordinator;
    let id = '';
    add(
      chain([
        step(created, (at) => asCoordinator(at, 'POST', '/api/tasks', create, key(0))),
        ...steps.map((taskStep, n) =>
          step(created + (n + 1) * 3 * HOUR, async (at, previous) => {
            id ||= idFrom(previous);
            return byAssignee(at, 'POST', `/api/tasks/${id}/${taskStep.action}`, taskStep.body, key(n + 1));
          }),
        ),
      ]),
    );
  });
  // Incidents: reported within the hour, then worked through by the coordinator over the following days.
  const incidents = demoIncidents(people.coordinatorId, carerIds, clientIds, now).map((incident, index) =>
    incident.by === 'carer' && typeof incident.report.clientId === 'string'
      ? { ...incident, report: { ...incident.report, clientId: ownClient(incident.report.clientId, index) } }
      : incident,
  );
  incidents.forEach(({ report, by, steps }, index) => {
    const key = (n: number) => `incidents.${index}.${n}`;
    const reported = Date.parse(String(report.dateOccurred)) + 30 * MINUTE;
    let id = '';
    add(
      chain([
        step(reported, (at) =>
          (by === 'carer' ? asCarer : asCoordinator)(at, 'POST', '/api/incidents', report, key(0)),
        ),
        ...steps.map((incidentStep, n) =>
          step(
            clock.notBeforeItsDates(incidentStep.body, new Date(reported + (n + 1) * 5 * HOUR), '10:00'),
            async (at, previous) => {
              id ||= idFrom(previous);
              return asCoordinator(
                at,
                'POST',
                `/api/incidents/${id}${incidentStep.path}`,
                incidentStep.body,
                key(n + 1),
              );
            },
          ),
        ),
      ]),
    );
  });
  // Medicines: prescribed the day before they start, each dose recorded as it is given.
  const medicationClients = clientIds
    .map((id, index) => ({
      id,
      allergies: clients[index]!.allergies ?? [],
      active: clients[index]!.isActive !== false,
    }))
    .filter((client) => client.active);
  const medications = demoMedications(medicationClients, now);
  medications.forEach(({ prescribe, records }, index) => {
    const key = (n: number) => `medications.${index}.${n}`;
    let id = '';
    add(
      chain([
        step(londonAt(addDays(prescribe.startDate ?? today, -1), '16:00'), (at) =>
          asCoordinator(at, 'POST', '/api/medications', prescribe, key(0)),
        ),
        ...records.map((record, n) =>
          step(Date.parse(String(record.administeredAt)), async (at, previous) => {
            id ||= idFrom(previous);
            return asCoordinator(at, 'POST', `/api/medications/${id}/administrations`, record, key(n + 1));
          }),
        ),
      ]),
    );
  });
  // The board's weekly overview and the month's detailed figures, asked for this week.
  const reportSchedules = [
    { name: 'Weekly overview for the board', report: 'overview', format: 'pdf', frequency: 'weekly' },
    { name: 'Monthly detailed analytics', report: 'detailed', format: 'csv', frequency: 'monthly' },
  ] as const;
  reportSchedules.forEach((schedule, index) =>
    add(
      chain([
        step(now.getTime() - (3 - index) * HOUR, (at) =>
          asCoordinator(
            at,
            'POST',
            '/api/report-schedules',
            { ...schedule, region: '', carerId: '' },
            `report-schedules.${index}.0`,
          ),
        ),
      ]),
    ),
  );

  // Every Monday the last week's invoices; sent that day, then paid (or not) as the funders pay.
  const runs = demoInvoiceRuns(today, DEMO_VISIT_DAYS_BACK);
  const newestRun = runs.at(-1)?.issuedOn ?? today;
  const issued: IssuedDemoInvoice[] = [];
  runs.forEach((run, index) =>
    add([
      {
        at: when(londonAt(run.issuedOn, '09:30')),
        run: async (at: Date) => {
          await senders.readsCaughtUp();
          const reply = (await asAdmin(
            at,
            'POST',
            '/api/finance/invoices/generate',
            run,
            `invoice-runs.${index}.0`,
          )) as {
            invoices: { id: string; funderId: string; totalPence: number }[];
          };
          const mine = reply.invoices.map((invoice) => ({
            id: invoice.id,
            totalPence: invoice.totalPence,
            issuedOn: run.issuedOn,
            funderKey: funderKeyOf.get(invoice.funderId) ?? 'council',
          }));
          const before = issued.length;
          issued.push(...mine);
          const ids = new Set(mine.map((invoice) => invoice.id));
          const followUps = demoInvoiceFollowUps(issued, today, newestRun).filter((followUp) =>
            ids.has(followUp.invoiceId),
          );
          progress.more(followUps.length);
          return followUps.map((followUp, n) => {
            const body = followUp.body as Record<string, unknown>;
            const due =
              followUp.path === 'payments'
                ? clock.notBeforeItsDates(body, at, '11:00')
                : followUp.path === 'credit-notes'
                  ? new Date(at.getTime() + 3 * DAY)
                  : new Date(at.getTime() + HOUR);
            const followKey = `invoice-steps.${before}.${n}`;
            const path =
              followUp.path === 'draft'
                ? `/api/finance/invoices/${followUp.invoiceId}`
                : `/api/finance/invoices/${followUp.invoiceId}/${followUp.path}`;
            const method = followUp.path === 'draft' ? 'PATCH' : 'POST';
            return {
              at: when(due),
              run: async (stepAt: Date) => {
                await asAdmin(stepAt, method, path, body, followKey);
              },
            };
          });
        },
      },
    ]),
  );
  // Every Tuesday the last week's payroll.
  const periods = demoPayrollPeriods(today, DEMO_VISIT_DAYS_BACK);
  periods.forEach((period, index) =>
    add([
      {
        at: when(londonAt(addDays(period.periodStart, 8), '10:00')),
        run: async (at: Date) => {
          await senders.readsCaughtUp();
          await asAdmin(at, 'POST', '/api/finance/payroll/process', period, `payroll.${index}.0`);
        },
      },
    ]),
  );

  // Leave: a request in every state, asked by the demo carer for herself or by the office for a carer, decided by
  // the administrator (an approver never decides a request of their own).
  demoLeave(today).forEach(({ carerIndex, request, requestedDaysAgo, outcome }, index) => {
    const key = (n: number) => `leave.${index}.${n}`;
    const asked = now.getTime() - requestedDaysAgo * DAY;
    const asker = carerIndex === 0 ? asCarer : asCoordinator;
    let id = '';
    const steps = [
      step(asked, (at) => asker(at, 'POST', '/api/leave', { ...request, carerId: carerIds[carerIndex]! }, key(0))),
    ];
    if (outcome.kind !== 'waiting') {
      const decided = asked + outcome.daysAfterRequest * DAY;
      steps.push(
        step(decided, async (at, previous) => {
          id ||= idFrom(previous);
          return outcome.kind === 'declined'
            ? asAdmin(at, 'POST', `/api/leave/${id}/decline`, { reason: outcome.reason }, key(1))
            : asAdmin(at, 'POST', `/api/leave/${id}/approve`, {}, key(1));
        }),
      );
      if (outcome.kind === 'cancelled') {
        const cancelled = asked + outcome.cancelledDaysAfterRequest * DAY;
        steps.push(
          step(cancelled, (at) =>
            asCoordinator(at, 'POST', `/api/leave/${id}/cancel`, { reason: outcome.reason }, key(2)),
          ),
        );
      }
    }
    add(chain(steps));
  });

  progress.part('the quarter', planned);
  await timeline.run(() => progress.item());
  progress.endPart();

  const medicationRecords = medications.reduce((sum, { records }) => sum + records.length, 0);
  Object.assign(counts, {
    carers: carerIds.length,
    clients: clientIds.length,
    'training records': training.length,
    'diary entries': diaryEntries.length,
    'feedback items': demoFeedback().length,
    visits: visitPlan.length,
    shifts: shifts.length,
    tasks: tasks.length,
    'care plans': carePlans.length,
    incidents: incidents.length,
    prescriptions: medications.length,
    'medication records': medicationRecords,
    'report schedules': reportSchedules.length,
    contracts: contracts.length,
    'payroll periods': periods.length,
    invoices: issued.length,
    'leave requests': demoLeave(today).length,
  });
  return { counts, users: users.map(({ email, role }) => ({ email, role: role ?? 'carer' })) };
}

async function idOf(reply: Promise<unknown> | unknown): Promise<string> {
  return idFrom(await reply);
}

function idFrom(reply: unknown): string {
  const id = (reply as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') throw new Error(`Demo data: a create replied without an id: ${JSON.stringify(reply)}`);
  return id;
}

/** The clients of a carer's work: on their visits from 7 days back to 14 ahead (London dates) that are not cancelled. */
function clientsOfWork(visits: readonly DemoVisit[], carerId: string | undefined, now: Date): string[] {
  const { from, to } = carerWindowRange(DEFAULT_CARER_WINDOW, londonToday(now));
  const clients = new Set<string>();
  for (const { schedule, steps } of visits) {
    const date = londonToday(new Date(schedule.scheduledStart));
    const cancelled = steps.some((visitStep) => visitStep.action === 'cancel');
    if (schedule.carerId === carerId && !cancelled && date >= from && date <= to) clients.add(schedule.clientId);
  }
  return [...clients];
}
