import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import {
  comparePositions,
  RULES_USER,
  START_POSITION,
  type EventStore,
  type Position,
  type Subscription,
} from '@care/events';
import type { Logger } from '@care/events/server';
import type { ReadModelDatabase } from '@care/projector';
import { alertsOfRule } from '@care/projector/rule-facts';
import { AlertService, type CommandContext } from '@care/command-api';
import type { RegisteredRule } from './rule';
import { RULE_SWITCHES_PROJECTION, switchedOffRules } from './rule-switches';
import { ensureRunnerTables, loadCheckpoint, projectionsReached, saveCheckpoint } from './runner-checkpoint';

export interface RuleRunnerOptions {
  readonly rules: readonly RegisteredRule[];
  /** Every rule is evaluated this often: time alone makes a visit late or a certificate expire. */
  readonly intervalMs: number;
  /** The checkpoint row's name: runners of one name share it (they are copies of each other). */
  readonly name?: string;
  readonly now?: () => Date;
  /** How long to wait for the projections a rule reads to reach an event before evaluating anyway. */
  readonly projectionWaitMs?: number;
}

export interface RuleRun {
  readonly raised: number;
  readonly resolved: number;
  readonly reopened: number;
}

export interface RuleRunnerDeps {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly db: Kysely<ReadModelDatabase>;
  readonly logger: Logger;
}

const SWITCH_EVENTS = ['AlertRuleSwitchedOff', 'AlertRuleSwitchedOn'];
const POLL_MS = 20;
/**
 * How long a checkpoint past events no rule watches may wait to be written. Under a stream of such events (a
 * feedback form, a diary note) the runner committed once per batch; a crash meanwhile only re-reads them.
 */
const QUIET_SAVE_MS = 1000;

/**
 * Runs the alert rules (docs/decisions/0016-alert-rules-in-one-registry.md). It follows the log from its own
 * checkpoint; after events a rule watches, it waits for the projections the rule reads to reach them, then evaluates
 * the rule: raise what holds and is not raised, resolve what it raised that stopped holding, reopen what the system
 * resolved that holds again. A clock evaluates every rule each interval. Every append goes through AlertService on
 * the alert's own stream (raise expects no stream), so any number of runners, a crash at any instant or a replay
 * append each change once.
 */
export class RuleRunner {
  private readonly alerts: AlertService;
  private readonly name: string;
  private readonly now: () => Date;
  private subscription: Subscription | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Rules waiting to be evaluated, and the log position they must see. */
  private pending = new Set<RegisteredRule>();
  private target: Position | undefined;
  private running: Promise<void> | undefined;
  private idleWaiters: (() => void)[] = [];
  /** A checkpoint past unwatched events only, waiting for QUIET_SAVE_MS (or a rule run's save, which covers it). */
  private quiet: { position: Position; timer: NodeJS.Timeout } | undefined;
  /** A rule was switched off or on since the last evaluation: wait for the switches' read model too. */
  private switchesChanged = false;

  constructor(
    private readonly deps: RuleRunnerDeps,
    private readonly options: RuleRunnerOptions,
  ) {
    this.alerts = new AlertService(deps.store);
    this.name = options.name ?? 'alert-rules';
    this.now = options.now ?? (() => new Date());
  }

  async start(): Promise<void> {
    await ensureRunnerTables(this.deps.pool);
    const from = await loadCheckpoint(this.deps.pool, this.name);
    // Every rule once at start: whatever became due while no runner was looking is raised now.
    this.request(this.options.rules, undefined);
    this.subscription = await this.deps.store.subscribe({
      after: from,
      onBatch: async (events) => {
        const last = events.at(-1);
        if (!last) return;
        const types = new Set(events.map((event) => event.type));
        // A rule switched off or on: every rule is looked at again once the switches' read model has it.
        const switched = SWITCH_EVENTS.some((type) => types.has(type));
        if (switched) this.switchesChanged = true;
        this.request(
          switched
            ? this.options.rules
            : this.options.rules.filter((rule) => rule.watches.some((type) => types.has(type))),
          last.position,
        );
      },
      onError: (error) => this.deps.logger.error({ err: error }, 'rule runner subscription failed'),
    });
    this.timer = setInterval(() => this.request(this.options.rules, undefined), this.options.intervalMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.subscription?.stop();
    await this.running;
    await this.saveQuietPosition();
  }

  /** Resolves once nothing is pending or being evaluated (tests). */
  idle(): Promise<void> {
    if (!this.running && this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Evaluates one rule at `now` and makes the alerts agree with it. A rule an administrator switched off holds for
   * nothing: it raises none, and resolves each of its open alerts with a note saying who switched it off and why.
   * Switched on again, what the system resolved and still holds is reopened like any condition that holds again.
   */
  async evaluate(rule: RegisteredRule, now: Date): Promise<RuleRun> {
    const context: CommandContext = { userId: RULES_USER, requestId: `rules-${randomUUID()}` };
    const off = (await switchedOffRules(this.deps.db)).get(rule.name);
    if (off) return this.resolveAll(rule, off.note, context);
    const drafts = await rule.evaluate(this.deps.db, now);
    const subjects = drafts.map((draft) => draft.subject);
    const known = new Map(
      (await alertsOfRule(this.deps.db, rule.name, subjects)).map((alert) => [alert.subject, alert]),
    );
    const holding = new Set<string>();
    const run = { raised: 0, resolved: 0, reopened: 0 };
    for (const { subject, ...draft } of drafts) {
      holding.add(subject);
      const alert = known.get(subject);
      if (!alert) {
        const raised = await this.alerts.raise(
          { rule: rule.name, subject, severity: rule.severity, ...draft },
          context,
        );
        if (raised.raised) run.raised += 1;
      } else if (alert.status === 'resolved' && alert.resolvedBySystem) {
        // A person's resolution stands: only what the system cleared comes back by itself.
        if (await this.alerts.reopenBySystem(alert.id, `It holds again: ${draft.description}`, context))
          run.reopened += 1;
      }
    }
    const stopped = [...known.values()].filter((alert) => alert.status !== 'resolved' && !holding.has(alert.subject));
    if (stopped.length > 0) {
      const ids = new Map(stopped.map((alert) => [alert.subject, alert.id]));
      for (const cleared of await rule.whyCleared(this.deps.db, [...ids.keys()], now)) {
        const id = ids.get(cleared.subject);
        if (id && (await this.alerts.resolveBySystem(id, cleared.note, context))) run.resolved += 1;
      }
    }
    return run;
  }

  private async resolveAll(rule: RegisteredRule, note: string, context: CommandContext): Promise<RuleRun> {
    const run = { raised: 0, resolved: 0, reopened: 0 };
    for (const alert of await alertsOfRule(this.deps.db, rule.name, [])) {
      if (alert.status !== 'resolved' && (await this.alerts.resolveBySystem(alert.id, note, context)))
        run.resolved += 1;
    }
    return run;
  }

  private request(rules: readonly RegisteredRule[], position: Position | undefined): void {
    if (this.stopped) return;
    for (const rule of rules) this.pending.add(rule);
    if (position && (!this.target || comparePositions(position, this.target) > 0)) this.target = position;
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
      if (this.pending.size > 0 && !this.stopped) this.request([], undefined);
      else for (const resolve of this.idleWaiters.splice(0)) resolve();
    });
  }

  private async drain(): Promise<void> {
    // Events no rule watches still move the checkpoint: nothing was due after them.
    while ((this.pending.size > 0 || this.target) && !this.stopped) {
      const rules = [...this.pending];
      const target = this.target;
      this.pending = new Set();
      this.target = undefined;
      if (rules.length === 0) {
        this.saveLater(target ?? START_POSITION);
        continue;
      }
      const reads = rules.flatMap((rule) => rule.reads);
      if (this.switchesChanged) reads.push(RULE_SWITCHES_PROJECTION);
      this.switchesChanged = false;
      if (target) await this.waitForProjections([...new Set(reads)], target);
      const now = this.now();
      for (const rule of rules) {
        try {
          const run = await this.evaluate(rule, now);
          if (run.raised + run.resolved + run.reopened > 0)
            this.deps.logger.info({ rule: rule.name, ...run }, 'alert rule');
        } catch (error) {
          // The next event or tick evaluates it again: every step is idempotent.
          this.deps.logger.error({ err: error, rule: rule.name }, 'alert rule failed');
        }
      }
      // A tick without events still records when the rules last ran (the checkpoint only moves forward).
      await this.saveQuietly(target ?? START_POSITION, now);
    }
  }

  private saveLater(position: Position): void {
    if (this.quiet) {
      if (comparePositions(position, this.quiet.position) > 0) this.quiet.position = position;
      return;
    }
    const timer = setTimeout(() => void this.saveQuietPosition(), QUIET_SAVE_MS);
    timer.unref();
    this.quiet = { position, timer };
  }

  private async saveQuietPosition(): Promise<void> {
    const quiet = this.quiet;
    if (!quiet) return;
    this.quiet = undefined;
    clearTimeout(quiet.timer);
    await this.saveQuietly(quiet.position, null);
  }

  private async saveQuietly(position: Position, ranAt: Date | null): Promise<void> {
    try {
      await saveCheckpoint(this.deps.pool, this.name, position, ranAt);
    } catch (error) {
      this.deps.logger.error({ err: error }, 'rule runner checkpoint failed');
    }
  }

  private async waitForProjections(names: readonly string[], target: Position): Promise<void> {
    const deadline = Date.now() + (this.options.projectionWaitMs ?? 10_000);
    while (!this.stopped && Date.now() < deadline) {
      try {
        if (await projectionsReached(this.deps.pool, names, target)) return;
      } catch {
        // No status table yet (the projector has not started): wait like for a lagging projection.
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    this.deps.logger.warn(
      { projections: names },
      'rule runner: projections did not reach the log in time; evaluating anyway',
    );
  }
}
