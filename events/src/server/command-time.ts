/**
 * The time a command is decided and recorded at. In the running services it is always this machine's clock. A
 * loader of demo history may run the command handlers inside its own process under a simulated clock that walks
 * through a past quarter, so the demo's events carry the times they would have had if that quarter had been lived
 * (and say in their metadata that they are demo data). Nothing that arrives over the network can set it: only code
 * running in the same process, through `atSimulatedTime`, and the services never call it.
 *
 * It is one value for the whole process, not carried along each request's asynchronous path (Node's
 * AsyncLocalStorage loses it inside request body streams), so such a loader runs one command at a time, and a
 * second simulated command begun while one is under way is refused.
 */
let simulated: number | undefined;

/** Now, for a command: the simulated instant while `atSimulatedTime` runs, the machine's clock otherwise. */
export function commandTime(): Date {
  return simulated === undefined ? new Date() : new Date(simulated);
}

/** The simulated instant when one is in force (the demo loader's), otherwise undefined. */
export function simulatedTime(): Date | undefined {
  return simulated === undefined ? undefined : new Date(simulated);
}

/** Runs `run` to its end with `commandTime()` answering `at`; one at a time. */
export async function atSimulatedTime<T>(at: Date, run: () => Promise<T>): Promise<T> {
  if (simulated !== undefined) throw new Error('A simulated command is already under way: they run one at a time');
  simulated = at.getTime();
  try {
    return await run();
  } finally {
    simulated = undefined;
  }
}
