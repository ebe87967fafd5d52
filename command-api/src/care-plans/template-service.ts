import { v7 as uuidv7 } from 'uuid';
import {
  carePlanTemplateStreamId,
  WrongExpectedRevisionError,
  type CarePlanTemplateEvent,
  type ChangeCarePlanTemplateCommandInput,
  type CreateCarePlanTemplateCommandInput,
  type EventStore,
  type TemplateContent,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream } from '../shared/event-stream';
import { decideTemplate, evolveTemplate, initialTemplateState, type TemplateState } from './template-decide';

/** Care plan templates: administrators add and edit them. */
export class CarePlanTemplateService {
  constructor(private readonly store: EventStore) {}

  async create(input: CreateCarePlanTemplateCommandInput, context: CommandContext): Promise<CommandResult> {
    const id = uuidv7();
    const { name, kind, ...content } = input;
    const events = decideTemplate({ type: 'CreateTemplate', id, name, kind, content }, initialTemplateState);
    const appended = await appendEvents(this.store, carePlanTemplateStreamId(id), events, 'no_stream', context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }

  async change(
    id: string,
    input: ChangeCarePlanTemplateCommandInput,
    ifMatch: bigint | undefined,
    context: CommandContext,
  ): Promise<CommandResult> {
    const streamId = carePlanTemplateStreamId(id);
    const loaded = await loadStream<CarePlanTemplateEvent, TemplateState>(
      this.store,
      streamId,
      evolveTemplate,
      initialTemplateState,
    );
    const { name, kind, ...rest } = input;
    const content = Object.fromEntries(
      Object.entries(rest).filter(([, value]) => value !== undefined),
    ) as Partial<TemplateContent>;
    const events = decideTemplate({ type: 'ChangeTemplate', id, name, kind, content }, loaded.state);
    const revision = loaded.revision === 'no_stream' ? -1n : loaded.revision;
    if (ifMatch !== undefined && ifMatch !== revision)
      throw new WrongExpectedRevisionError(streamId, ifMatch, revision);
    if (events.length === 0) return { id, revision, position: loaded.lastEvent?.position };
    const appended = await appendEvents(this.store, streamId, events, revision, context);
    return { id, revision: appended.nextExpectedRevision, position: appended.position };
  }
}
