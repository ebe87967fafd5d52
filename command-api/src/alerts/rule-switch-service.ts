import {
  ALERT_RULE_SWITCHES_STREAM,
  WrongExpectedRevisionError,
  type AlertRuleSwitchEvent,
  type EventStore,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream } from '../shared/event-stream';
import {
  decideRuleSwitch,
  evolveRuleSwitches,
  initialRuleSwitchState,
  type RuleSwitchCommand,
  type RuleSwitchState,
} from './rule-switch-decide';

/**
 * Switches alert rules off and on for the agency: one stream for every rule, appended with the revision read (or
 * If-Match), so two administrators switching at once cannot both succeed on what they each read.
 */
export class RuleSwitchService {
  constructor(private readonly store: EventStore) {}

  async run(command: RuleSwitchCommand, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    const loaded = await loadStream<AlertRuleSwitchEvent, RuleSwitchState>(
      this.store,
      ALERT_RULE_SWITCHES_STREAM,
      evolveRuleSwitches,
      initialRuleSwitchState,
    );
    const current = loaded.revision === 'no_stream' ? -1n : loaded.revision;
    if (ifMatch !== undefined && ifMatch !== current)
      throw new WrongExpectedRevisionError(ALERT_RULE_SWITCHES_STREAM, ifMatch, current);
    const events = decideRuleSwitch(command, loaded.state);
    const appended = await appendEvents(this.store, ALERT_RULE_SWITCHES_STREAM, events, loaded.revision, context);
    return { id: ALERT_RULE_SWITCHES_STREAM, revision: appended.nextExpectedRevision, position: appended.position };
  }
}
