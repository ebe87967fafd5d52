import type { CarePlanTemplateEvent, TemplateContent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import {
  decideTemplate,
  evolveTemplate,
  initialTemplateState,
  type TemplateCommand,
  type TemplateState,
} from './template-decide';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const content: TemplateContent = {
  title: 'Dementia care plan',
  description: 'Routine and reassurance.',
  objectives: ['Keep a familiar routine'],
  interventions: ['Use a memory book'],
  goals: [],
  visitTasks: [{ visitType: 'companionship', tasks: ['Memory book', 'Short walk'] }],
};
const created: CarePlanTemplateEvent = {
  type: 'CarePlanTemplateCreated',
  data: { id, name: 'Dementia', kind: 'dementia', content },
};

function given(...events: CarePlanTemplateEvent[]) {
  const state = events.reduce<TemplateState>(evolveTemplate, initialTemplateState);
  return {
    when: (command: TemplateCommand) => ({
      then: (expected: CarePlanTemplateEvent[]) => expect(decideTemplate(command, state)).toEqual(expected),
      thenRefused: () => refusal(() => decideTemplate(command, state)),
    }),
  };
}

describe('decideTemplate', () => {
  it('adds a template', () => {
    given().when({ type: 'CreateTemplate', id, name: 'Dementia', kind: 'dementia', content }).then([created]);
  });

  it('an edit records only what changed', () => {
    given(created)
      .when({
        type: 'ChangeTemplate',
        id,
        name: 'Dementia',
        kind: undefined,
        content: { title: content.title, goals: ['Stay calm at night'] },
      })
      .then([{ type: 'CarePlanTemplateChanged', data: { id, content: { goals: ['Stay calm at night'] } } }]);
    given(created).when({ type: 'ChangeTemplate', id, name: 'Dementia', kind: 'dementia', content: {} }).then([]);
  });

  it('refuses to edit a template that does not exist', () => {
    expect(given().when({ type: 'ChangeTemplate', id, name: 'x', kind: undefined, content: {} }).thenRefused()).toEqual(
      {
        kind: 'not_found',
        message: 'Template not found',
        field: undefined,
      },
    );
  });
});
