import type { OfflineCapture } from './offline-capture';

/** Who is issuing a command, and under which request: becomes the metadata of every event it appends. */
export interface CommandContext {
  readonly userId: string;
  readonly requestId: string;
  /** Set when the record was made on a device while offline and sent later from its outbox. */
  readonly capture?: OfflineCapture;
}
