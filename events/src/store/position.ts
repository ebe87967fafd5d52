/**
 * A place in the global log. Both adapters order events by (commit, prepare): EventStoreDB natively; the PostgreSQL
 * store uses (transaction id, sequence), which is the commit-safe order (see
 * docs/decisions/0003-commit-safe-global-order.md). On the wire (HTTP replies, query strings) a position is the token
 * "commit.prepare".
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const START_POSITION: Position = { commit: 0n, prepare: 0n };

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function positionToToken(position: Position): string {
  return `${position.commit}.${position.prepare}`;
}

const TOKEN = /^(\d{1,20})\.(\d{1,20})$/;

/** Returns undefined for anything that is not a well-formed token. */
export function positionFromToken(token: string): Position | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}
