import { comparePositions, type Position } from '@care/events';

/** The furthest of a command's positions: what the client must wait for to read its own writes. */
export function latestPosition(...positions: (Position | undefined)[]): Position | undefined {
  return positions.reduce<Position | undefined>(
    (max, next) => (next !== undefined && (max === undefined || comparePositions(next, max) > 0) ? next : max),
    undefined,
  );
}
