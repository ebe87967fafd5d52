import {
  changedFields,
  definedOnly,
  type CarePlanTemplateEvent,
  type CarePlanTemplateKind,
  type TemplateContent,
} from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';

export const TEMPLATE_NOT_FOUND = 'Template not found';

export type TemplateState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly name: string;
      readonly kind: CarePlanTemplateKind;
      readonly content: TemplateContent;
    };

export const initialTemplateState: TemplateState = { exists: false };

export function evolveTemplate(state: TemplateState, event: CarePlanTemplateEvent): TemplateState {
  switch (event.type) {
    case 'CarePlanTemplateCreated':
      return { exists: true, name: event.data.name, kind: event.data.kind, content: event.data.content };
    case 'CarePlanTemplateChanged':
      return state.exists
        ? {
            ...state,
            name: event.data.name ?? state.name,
            kind: event.data.kind ?? state.kind,
            content: { ...state.content, ...definedOnly(event.data.content) },
          }
        : state;
    default:
      return assertNever(event);
  }
}

export type TemplateCommand =
  | {
      readonly type: 'CreateTemplate';
      readonly id: string;
      readonly name: string;
      readonly kind: CarePlanTemplateKind;
      readonly content: TemplateContent;
    }
  | {
      readonly type: 'ChangeTemplate';
      readonly id: string;
      readonly name: string | undefined;
      readonly kind: CarePlanTemplateKind | undefined;
      readonly content: Partial<TemplateContent>;
    };

/** Templates: an administrator adds and edits them; an edit records only what changed. */
export function decideTemplate(command: TemplateCommand, state: TemplateState): CarePlanTemplateEvent[] {
  switch (command.type) {
    case 'CreateTemplate': {
      if (state.exists) throw new DomainError('conflict', 'Template already exists');
      const { id, name, kind, content } = command;
      return [{ type: 'CarePlanTemplateCreated', data: { id, name, kind, content } }];
    }
    case 'ChangeTemplate': {
      if (!state.exists) throw new DomainError('not_found', TEMPLATE_NOT_FOUND);
      const name = command.name !== undefined && command.name !== state.name ? command.name : undefined;
      const kind = command.kind !== undefined && command.kind !== state.kind ? command.kind : undefined;
      const content = changedFields(state.content, command.content);
      if (name === undefined && kind === undefined && Object.keys(content).length === 0) return [];
      return [{ type: 'CarePlanTemplateChanged', data: { id: command.id, ...definedOnly({ name, kind }), content } }];
    }
    default:
      return assertNever(command);
  }
}
