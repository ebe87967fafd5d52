/**
 * The demo quarter's commands in the order they happened. Each step has its simulated instant; steps run one at a
 * time, earliest first (steps at the same instant in the order they were added), so the log records them in time
 * order. A step may add later steps (an invoice run's replies decide which invoices are then sent and paid); a
 * step added for an instant already passed runs at the current instant instead, never back in time.
 */
export interface TimelineStep {
  readonly at: Date;
  /** Runs the step at `at`; may return further steps. */
  readonly run: (at: Date) => Promise<readonly TimelineStep[] | undefined | void>;
}

interface Queued {
  readonly at: number;
  readonly order: number;
  readonly step: TimelineStep;
}

export class Timeline {
  private readonly heap: Queued[] = [];
  private added = 0;
  private now = Number.NEGATIVE_INFINITY;

  /** How many steps were added in all (the progress bar's total grows with them). */
  get total(): number {
    return this.added;
  }

  add(steps: readonly TimelineStep[]): void {
    for (const step of steps) this.push({ at: Math.max(step.at.getTime(), this.now), order: this.added++, step });
  }

  /** Runs every step in time order; `done` is told after each. Stops at the first failure (it is thrown). */
  async run(done: () => void = () => undefined): Promise<void> {
    for (let next = this.pop(); next; next = this.pop()) {
      this.now = next.at;
      const more = await next.step.run(new Date(next.at));
      if (more) this.add(more);
      done();
    }
  }

  private earlier(a: Queued, b: Queued): boolean {
    return a.at < b.at || (a.at === b.at && a.order < b.order);
  }

  private push(item: Queued): void {
    const heap = this.heap;
    heap.push(item);
    for (let index = heap.length - 1; index > 0; ) {
      const parent = (index - 1) >> 1;
      if (!this.earlier(heap[index]!, heap[parent]!)) break;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
  }

  private pop(): Queued | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    heap[0] = last;
    for (let index = 0; ; ) {
      const left = index * 2 + 1;
      const right = left + 1;
      let smallest = index;
      if (left < heap.length && this.earlier(heap[left]!, heap[smallest]!)) smallest = left;
      if (right < heap.length && this.earlier(heap[right]!, heap[smallest]!)) smallest = right;
      if (smallest === index) break;
      [heap[index], heap[smallest]] = [heap[smallest]!, heap[index]!];
      index = smallest;
    }
    return top;
  }
}

/**
 * One record's life as steps: each runs no earlier than the one before it (a step whose own time is earlier, say a
 * time clamped to the present, waits for its predecessor), and a step's reply may be used by the next.
 */
const chainLengths = new WeakMap<readonly TimelineStep[], number>();

/** How many steps `steps` stand for: a chain's whole length, though only its first step is queued at the start. */
export function plannedSteps(steps: readonly TimelineStep[]): number {
  return chainLengths.get(steps) ?? steps.length;
}

export function chain<T>(
  steps: readonly { at: Date; run: (at: Date, previous: T | undefined) => Promise<T> }[],
): TimelineStep[] {
  const first = steps[0];
  if (!first) return [];
  const link = (index: number, previous: T | undefined, notBefore: number): TimelineStep => {
    const step = steps[index]!;
    return {
      at: new Date(Math.max(step.at.getTime(), notBefore)),
      run: async (at) => {
        const reply = await step.run(at, previous);
        return index + 1 < steps.length ? [link(index + 1, reply, at.getTime())] : [];
      },
    };
  };
  const chained = [link(0, undefined, first.at.getTime())];
  chainLengths.set(chained, steps.length);
  return chained;
}
