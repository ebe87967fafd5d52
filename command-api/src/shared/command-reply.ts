import { positionToToken, type Position } from '@care/events';

export interface CommandResult {
  readonly id: string;
  /** The stream's revision after the command: the If-Match for the next edit. */
  readonly revision: bigint;
  /** Global position of the command's last event (undefined when nothing changed). */
  readonly position: Position | undefined;
}

/** The JSON every command answers with; `position` lets the client read its own write. */
export const commandReply = (result: CommandResult) => ({
  id: result.id,
  revision: result.revision.toString(),
  position: result.position ? positionToToken(result.position) : null,
});
