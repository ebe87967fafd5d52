/** Who is issuing a command, and under which request: becomes the metadata of every event it appends. */
export interface CommandContext {
  readonly userId: string;
  readonly requestId: string;
}
