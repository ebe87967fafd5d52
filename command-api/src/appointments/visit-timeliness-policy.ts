import type { CommandDeps } from '../shared/command-deps';

export interface VisitTimelinessOptions {
  /** Minutes after the scheduled start before a visit without a check-in is raised as running late. */
  readonly lateGraceMinutes: number;
  readonly intervalMs: number;
}

/** STUB (issue 5): replaced by the appointments slice. Returns a function that stops the policy. */
export function startVisitTimelinessPolicy(_deps: CommandDeps, _options: VisitTimelinessOptions): () => void {
  return () => undefined;
}
