import {
  workingPatternStreamId,
  WrongExpectedRevisionError,
  type EventStore,
  type RecordedWorkingPattern,
  type SetWorkingPatternInput,
  type WorkingPatternEvent,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream, type LoadedStream } from '../shared/event-stream';
import { loadCarer } from '../appointments/visit-parties';
import { DomainError } from '../shared/domain-error';
import {
  decideWorkingPattern,
  evolveWorkingPattern,
  initialWorkingPatternState,
  type WorkingPatternState,
} from './working-pattern-decide';

/**
 * Carers' working patterns, one stream per carer. A visit booking reads the carer's pattern here (never from a
 * read model, which may lag behind the last change) to warn when the visit is outside it.
 */
export class WorkingPatterns {
  constructor(private readonly store: EventStore) {}

  /** The carer's pattern as last set, or null when none was recorded. */
  async of(carerId: string): Promise<RecordedWorkingPattern | null> {
    return (await this.load(carerId)).state.pattern;
  }

  /** PUT /api/carers/:id/working-pattern: a carer not registered, or removed, answers 404. */
  async set(
    carerId: string,
    input: SetWorkingPatternInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const carer = await loadCarer(this.store, carerId);
    if (!carer.exists || carer.removed) throw new DomainError('not_found', 'Carer not found');
    const streamId = workingPatternStreamId(carerId);
    const loaded = await this.load(carerId);
    if (ifMatch !== undefined && loaded.revision !== ifMatch)
      throw new WrongExpectedRevisionError(streamId, ifMatch, loaded.revision);
    const { weekly, contractedHoursPerWeek, weeklyHoursLimit, optedOutOn } = input;
    const exceptions = input.exceptions.map((exception) => ({ ...exception, note: exception.note ?? null }));
    const events = decideWorkingPattern(
      {
        type: 'SetWorkingPattern',
        carerId,
        pattern: { weekly, exceptions, contractedHoursPerWeek, weeklyHoursLimit, optedOutOn },
      },
      loaded.state,
    );
    if (events.length === 0)
      return {
        id: carerId,
        revision: loaded.revision === 'no_stream' ? -1n : loaded.revision,
        position: loaded.lastEvent?.position,
      };
    const appended = await appendEvents(this.store, streamId, events, loaded.revision, context);
    return { id: carerId, revision: appended.nextExpectedRevision, position: appended.position };
  }

  private load(carerId: string): Promise<LoadedStream<WorkingPatternState>> {
    return loadStream<WorkingPatternEvent, WorkingPatternState>(
      this.store,
      workingPatternStreamId(carerId),
      evolveWorkingPattern,
      initialWorkingPatternState,
    );
  }
}
