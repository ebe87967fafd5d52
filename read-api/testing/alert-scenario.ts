import { randomUUID } from 'node:crypto';
import { comparePositions, positionFromToken, RULES_USER } from '@care/events';
import { requester, type ApiReply, type TestUser } from '@care/command-api/testing';
import { AlertTaskLog } from '@care/projector/testing';
import { cancelled, checkedIn, checkedOut, VisitLog } from '../src/appointments/visit-fixtures';
import type { ReadStack } from './read-stack';

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * One agency's alerts, tasks, visits, diary entries and training, written once for the alerts, tasks and dashboard
 * read tests (commands through the command API, alerts, tasks and visits appended to the store), with the users
 * that read them: an administrator, a coordinator and two carers each linked to their own carer record.
 */
export class AlertScenario {
  readonly alerts: AlertTaskLog;
  readonly visits: VisitLog;
  private commandPosition = '';
  coordinator!: TestUser;
  carerA!: TestUser;
  carerB!: TestUser;
  carerIdA = '';
  carerIdB = '';
  clientId = '';
  readonly ids: Record<string, string> = {};

  constructor(private readonly stack: ReadStack) {
    this.alerts = new AlertTaskLog(stack.command.store);
    this.visits = new VisitLog(stack.command.store, stack.command.admin.id);
  }

  get admin(): TestUser {
    return this.stack.command.admin;
  }

  /** The furthest write so far: every read waits for the projections to reach it. */
  get lastPosition(): string {
    const tokens = [this.commandPosition, this.alerts.lastPosition, this.visits.lastPosition].filter(Boolean);
    return tokens.reduce(
      (latest, token) => (comparePositions(positionFromToken(token)!, positionFromToken(latest)!) > 0 ? token : latest),
      tokens[0] ?? '',
    );
  }

  async send(
    method: string,
    path: string,
    body?: unknown,
    user: TestUser = this.stack.command.admin,
  ): Promise<{ id: string }> {
    const reply = await user.request(method, path, body);
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
    this.commandPosition = reply.body?.position ?? this.commandPosition;
    return reply.body as { id: string };
  }

  /** A GET on the read API as `user`, once the projections have every write so far. */
  read(path: string, user: TestUser = this.stack.command.admin): Promise<ApiReply> {
    return requester(this.stack.readUrl, user.cookie)(
      'GET',
      path,
      undefined,
      this.lastPosition ? { 'x-min-position': this.lastPosition } : {},
    );
  }

  async people(): Promise<void> {
    const { command } = this.stack;
    this.coordinator = await command.createUser('coordinator', { firstName: 'Cora', lastName: 'Ndiaye' });
    this.carerA = await command.createUser('carer', { firstName: 'Ann', lastName: 'Archer' });
    this.carerB = await command.createUser('carer', { firstName: 'Ben', lastName: 'Brook' });
    this.carerIdA = await this.carer('Ann', 'Archer', this.carerA.id);
    this.carerIdB = await this.carer('Ben', 'Brook', this.carerB.id);
    this.clientId = (
      await this.send('POST', '/api/clients', {
        clientId: `CL-${randomUUID().slice(0, 8)}`,
        firstName: 'Edith',
        lastName: 'Green',
        dateOfBirth: '1938-05-14',
        address: '4 Mill Lane, Leeds',
        emergencyContact: 'Paul Green',
        emergencyPhone: '07700 900123',
        careLevel: 'medium',
      })
    ).id;
  }

  private async carer(firstName: string, lastName: string, userId: string): Promise<string> {
    const employeeId = `EMP-${randomUUID().slice(0, 8).toUpperCase()}`;
    return (
      await this.send('POST', '/api/carers', {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@example.org`,
        employeeId,
        startDate: '2024-01-08',
        userId,
      })
    ).id;
  }

  /**
   * Alerts: A1 high active, A2 critical acknowledged, A3 medium resolved by the system (carer A); B1 low active, B2
   * high escalated to critical (carer B); N1 medium active, no carer, assigned to the coordinator. Created a minute
   * apart in that order.
   */
  async raiseAlerts(): Promise<void> {
    const { alerts, ids } = this;
    const at = (n: number) => minutesFromNow(-60 + n);
    const a = { carerId: this.carerIdA, clientId: this.clientId };
    ids.A1 = await alerts.raise({ ...a, severity: 'high', title: 'Visit running late' }, { at: at(1) });
    ids.A2 = await alerts.raise(
      { ...a, rule: 'visit_missed', severity: 'critical', title: 'Visit missed' },
      { at: at(2) },
    );
    await alerts.alert(
      ids.A2,
      { type: 'AlertAcknowledged', data: { id: ids.A2, note: 'Calling the family' } },
      this.coordinator.id,
      at(3),
    );
    ids.A3 = await alerts.raise(
      { ...a, rule: 'training_expiring', severity: 'medium', relatedKind: 'training', title: 'First aid expiring' },
      { at: at(4) },
    );
    await alerts.alert(
      ids.A3,
      { type: 'AlertResolved', data: { id: ids.A3, by: 'system', note: 'Renewed' } },
      RULES_USER,
      at(5),
    );
    ids.B1 = await alerts.raise(
      {
        carerId: this.carerIdB,
        severity: 'low',
        rule: 'carer_overbooked',
        relatedKind: 'carer_day',
        title: 'Booked past the day limit',
      },
      { at: at(6) },
    );
    ids.B2 = await alerts.raise(
      { carerId: this.carerIdB, severity: 'high', title: 'Visit running late' },
      { at: at(7) },
    );
    await alerts.alert(
      ids.B2,
      { type: 'AlertEscalated', data: { id: ids.B2, severity: 'critical', reason: 'Client alone' } },
      this.coordinator.id,
      at(8),
    );
    ids.N1 = await alerts.raise(
      { rule: 'visit_unassigned', severity: 'medium', title: 'Visit has no carer' },
      { at: at(9) },
    );
    await alerts.alert(
      ids.N1,
      { type: 'AlertAssigned', data: { id: ids.N1, assignedTo: this.coordinator.id } },
      this.admin.id,
      at(10),
    );
  }

  /**
   * Tasks: T1 care, the coordinator's, overdue; T2 training, carer A's, due tomorrow; T3 staffing, completed; T4 care,
   * carer A's, in progress and overdue; T5 administration, carer B's, cancelled.
   */
  async createTasks(): Promise<void> {
    const { alerts, ids } = this;
    const by = this.admin.id;
    ids.T1 = await alerts.task(
      {
        title: 'Call the family',
        category: 'care',
        assignedTo: this.coordinator.id,
        dueDate: minutesFromNow(-24 * 60),
      },
      by,
      minutesFromNow(-50),
    );
    ids.T2 = await alerts.task(
      { title: 'Book refresher', category: 'training', assignedTo: this.carerA.id, dueDate: minutesFromNow(24 * 60) },
      by,
      minutesFromNow(-49),
    );
    ids.T3 = await alerts.task({ title: 'Cover Friday', category: 'staffing' }, by, minutesFromNow(-48));
    await alerts.taskEvent(
      ids.T3,
      { type: 'TaskCompleted', data: { id: ids.T3, completedAt: minutesFromNow(-5), notes: 'Covered' } },
      by,
    );
    ids.T4 = await alerts.task(
      { title: 'Check the hoist', category: 'care', assignedTo: this.carerA.id, dueDate: minutesFromNow(-60) },
      by,
      minutesFromNow(-47),
    );
    await alerts.taskEvent(ids.T4, { type: 'TaskStarted', data: { id: ids.T4 } }, this.carerA.id);
    ids.T5 = await alerts.task(
      { title: 'Return badge', category: 'administration', assignedTo: this.carerB.id },
      by,
      minutesFromNow(-46),
    );
    await alerts.taskEvent(ids.T5, { type: 'TaskCancelled', data: { id: ids.T5, reason: 'Not needed' } }, by);
  }

  /**
   * Visits: V1 carer A ended 2 h ago, never checked in (unrecorded); V2 carer A on time, rated 4; V3 carer B 40 min
   * late, rated 2; V4 carer B cancelled; V5 carer B tomorrow; V6 carer B checked in, not out (unrecorded).
   */
  async recordVisits(): Promise<void> {
    const { visits, ids } = this;
    const plan = (carerId: string, startMinutes: number) => ({
      clientId: this.clientId,
      carerId,
      scheduledStart: minutesFromNow(startMinutes),
      durationMinutes: 60,
    });
    ids.V1 = await visits.visit(plan(this.carerIdA, -180));
    ids.V2 = await visits.visit(
      plan(this.carerIdA, -300),
      checkedIn(this.carerIdA, minutesFromNow(-295)),
      checkedOut(minutesFromNow(-235), { clientRating: 4 }),
    );
    ids.V3 = await visits.visit(
      plan(this.carerIdB, -26 * 60),
      checkedIn(this.carerIdB, minutesFromNow(-26 * 60 + 40), { lateArrival: true, lateReason: 'Traffic' }),
      checkedOut(minutesFromNow(-26 * 60 + 100), { clientRating: 2 }),
    );
    ids.V4 = await visits.visit(plan(this.carerIdB, -120), cancelled('Client in hospital'));
    ids.V5 = await visits.visit(plan(this.carerIdB, 24 * 60));
    ids.V6 = await visits.visit(plan(this.carerIdB, -240), checkedIn(this.carerIdB, minutesFromNow(-238)));
  }

  /** Diary: one welfare concern (an unreviewed high incident) beside three entries that are not. */
  async writeDiary(): Promise<void> {
    const entry = (fields: Record<string, unknown>) =>
      this.send('POST', '/api/diary', {
        clientId: this.clientId,
        carerId: this.carerIdA,
        entryDate: minutesFromNow(-30),
        content: 'Noted.',
        ...fields,
      });
    this.ids.D1 = (await entry({ entryType: 'incident', priority: 'high', title: 'Fall in the kitchen' })).id;
    const reviewed = (await entry({ entryType: 'observation', priority: 'urgent', title: 'Bruise' })).id;
    await this.send('POST', `/api/diary/${reviewed}/review`, undefined, this.coordinator);
    await entry({ entryType: 'care_note', priority: 'high', title: 'Breakfast' });
    await entry({ entryType: 'observation', priority: 'normal', title: 'Cheerful' });
  }

  /** Training: carer A holds one current required certificate (1 of 8: 13%), carer B none (0%). */
  async recordTraining(): Promise<void> {
    await this.send('POST', '/api/training', {
      carerId: this.carerIdA,
      trainingType: 'first_aid',
      completedDate: '2026-01-05',
    });
  }
}
