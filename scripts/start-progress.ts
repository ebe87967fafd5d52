/** Milliseconds since some fixed moment: Date.now in use, a counter the tests move by hand. */
export type Clock = () => number;

/** Where progress goes: on a terminal one line is rewritten in place, elsewhere (CI, a log file) plain lines. */
export interface ProgressOutput {
  readonly isTTY: boolean;
  readonly write: (text: string) => void;
}

/** What the demo loader tells about itself: the part it is on, and each command it sent. */
export interface SeedProgress {
  /** A part begins (carers, clients, visits…) with how many items it holds. */
  part(name: string, total: number): void;
  /** One command went through (an item may take several). */
  command(): void;
  /** One item of the current part is in. */
  item(): void;
  /** `count` more items joined the current part (what one step did decides the steps after it). */
  more(count: number): void;
  /** The current part is over. */
  endPart(): void;
}

/** Seconds as people read them: "0.4 s", "2.1 s", "41 s", "3 min 20 s". */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  const rest = whole % 60;
  return `${Math.floor(whole / 60)} min${rest === 0 ? '' : ` ${rest} s`}`;
}

/** A bar of `width` cells, filled in proportion to done/total. */
export function progressBar(done: number, total: number, width = 20): string {
  const filled = total <= 0 ? width : Math.min(width, Math.floor((done / total) * width));
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

/** A line printed as a step begins, and one with its time as it ends. Returns what the step returned. */
export async function timedStep<T>(
  say: (line: string) => void,
  label: string,
  run: () => Promise<T>,
  clock: Clock = Date.now,
): Promise<T> {
  const began = clock();
  say(`${label}…`);
  const result = await run();
  say(`${label}… done in ${formatDuration(clock() - began)}`);
  return result;
}

/** On a terminal the line is redrawn at most this often; the plain output prints a line at most this often. */
const TERMINAL_REDRAW_MS = 100;
const PLAIN_LINE_MS = 10_000;

/**
 * Progress of the demo loader. On a terminal: one line rewritten in place, with a bar, the part's items done out of
 * its total, commands per second and the time left. Elsewhere: a plain line when a part ends, and every ten seconds
 * within a long part, so that a log shows it is moving without being flooded.
 */
export function seedProgress(output: ProgressOutput, clock: Clock = Date.now): SeedProgress {
  let name = '';
  let total = 0;
  let done = 0;
  let commands = 0;
  let partBegan = 0;
  let lastLine = 0;
  const rate = (now: number) => {
    const seconds = (now - partBegan) / 1000;
    return seconds > 0 ? commands / seconds : 0;
  };
  const describe = (now: number) => {
    const perSecond = `${Math.round(rate(now))} commands/s`;
    const left =
      done > 0 && done < total ? `, about ${formatDuration(((now - partBegan) / done) * (total - done))} left` : '';
    return `${name} ${done}/${total}, ${perSecond}${left}`;
  };
  const draw = (now: number) => {
    lastLine = now;
    if (output.isTTY) output.write(`\r${progressBar(done, total)} ${describe(now)}\x1b[K`);
    else output.write(`  ${describe(now)}\n`);
  };
  return {
    part(partName, partTotal) {
      name = partName;
      total = partTotal;
      done = 0;
      commands = 0;
      partBegan = clock();
      lastLine = partBegan;
      if (output.isTTY) draw(partBegan);
    },
    command() {
      commands += 1;
    },
    more(count) {
      total += count;
    },
    item() {
      done += 1;
      const now = clock();
      if (now - lastLine >= (output.isTTY ? TERMINAL_REDRAW_MS : PLAIN_LINE_MS)) draw(now);
    },
    endPart() {
      const now = clock();
      const line = `${name} ${done}/${total} in ${formatDuration(now - partBegan)}`;
      if (output.isTTY) output.write(`\r${progressBar(done, total)} ${line}\x1b[K\n`);
      else output.write(`  ${line}\n`);
    },
  };
}

/** Progress that goes nowhere (the end-to-end tests' quiet starts). */
export const noProgress: SeedProgress = { part() {}, command() {}, item() {}, more() {}, endPart() {} };
