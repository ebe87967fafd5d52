import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api';
import { checkWithSchema, CommandForm, type CommandFormSubmit, type FormCheck } from './use-command-form';

const FIELDS = ['title', 'notes'] as const;
type Field = (typeof FIELDS)[number];
interface Values {
  title: string;
  notes: string;
}

const schema = z.object({
  title: z.string().min(1, 'Title is required'),
  notes: z.string().max(5, 'Notes are too long'),
});

/** A form and a record of what it did: requests sent, fields focused, times it closed. */
function harness(send: (request: Values) => Promise<unknown> = async () => ({})) {
  const form = new CommandForm<Values, Field>({ title: '', notes: '' });
  const sent: Values[] = [];
  const focused: Field[] = [];
  let closed = 0;
  const options: CommandFormSubmit<Values, Values, Field> = {
    fields: FIELDS,
    check: (values): FormCheck<Values, Field> => checkWithSchema(schema, values, FIELDS),
    send: (request) => {
      sent.push(request);
      return send(request);
    },
    onDone: () => (closed += 1),
    focus: (field) => focused.push(field),
    failureMessage: 'It could not be saved. Please try again.',
  };
  return { form, options, sent, focused, closed: () => closed };
}

/** A reply the test answers when it chooses, so it can act while the request is on its way. */
function deferred() {
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | undefined;
  const promise = new Promise<unknown>((resolve, reject) => (settle = { resolve, reject }));
  return {
    promise,
    resolve: (value: unknown) => settle?.resolve(value),
    reject: (error: unknown) => settle?.reject(error),
  };
}

const refusal = (status: number, body: unknown) => new ApiError(status, `${status}: ${JSON.stringify(body)}`, body);

describe('a command form', () => {
  it('shows the check messages under the fields, focuses the first in screen order, and sends nothing', async () => {
    const { form, options, sent, focused, closed } = harness();
    form.setValues({ notes: 'far too long' });
    await form.submit(options);
    expect(form.getState().fieldErrors).toEqual({ title: 'Title is required', notes: 'Notes are too long' });
    expect(focused).toEqual(['title']);
    expect(sent).toEqual([]);
    expect(closed()).toBe(0);
  });

  it('sends the checked request once, then closes, however often it is submitted while the request is on its way', async () => {
    const reply = deferred();
    const { form, options, sent, closed } = harness(() => reply.promise);
    form.setField('title', 'Morning visit');
    const first = form.submit(options);
    expect(form.getState().pending).toBe(true);
    const second = form.submit(options);
    reply.resolve({ position: 'p1' });
    await Promise.all([first, second]);
    expect(sent).toEqual([{ title: 'Morning visit', notes: '' }]);
    expect(closed()).toBe(1);
    expect(form.getState().pending).toBe(false);
  });

  it('puts a refusal’s field messages under those fields and the rest above the buttons, and stays open', async () => {
    const { form, options, focused, closed } = harness(async () => {
      throw refusal(409, {
        error: 'Conflict',
        fields: { notes: 'Already recorded', revision: 'Someone else changed it' },
      });
    });
    form.setField('title', 'Morning visit');
    await form.submit(options);
    expect(form.getState()).toMatchObject({
      fieldErrors: { notes: 'Already recorded' },
      formError: 'Someone else changed it',
      pending: false,
    });
    expect(focused).toEqual(['notes']);
    expect(closed()).toBe(0);
  });

  it('shows the reply’s reason when it names no field, and the form’s own words when there is no reason', async () => {
    const reasons = [refusal(403, { error: 'Not allowed to record this' }), new TypeError('Failed to fetch')];
    const { form, options } = harness(async () => {
      throw reasons.shift();
    });
    form.setField('title', 'Morning visit');
    await form.submit(options);
    expect(form.getState().formError).toBe('Not allowed to record this');
    await form.submit(options);
    expect(form.getState().formError).toBe('It could not be saved. Please try again.');
  });

  it('may be sent again after a refusal, and clears the old messages when it is', async () => {
    const replies = [
      async () => {
        throw refusal(400, { error: 'Invalid', fields: { title: 'Title is taken' } });
      },
      async () => ({ position: 'p2' }),
    ];
    const { form, options, sent, closed } = harness(() => (replies.shift() ?? replies[0]!)());
    form.setField('title', 'Morning visit');
    await form.submit(options);
    expect(form.getState().fieldErrors).toEqual({ title: 'Title is taken' });
    await form.submit(options);
    expect(sent).toHaveLength(2);
    expect(form.getState().fieldErrors).toEqual({});
    expect(closed()).toBe(1);
  });

  it('places a refusal by the form’s own reading when it has one', async () => {
    const { form, options, focused } = harness(async () => {
      throw refusal(409, { error: 'Clash', fields: { 'recurrence.until': 'Ends before it starts' } });
    });
    form.setField('title', 'Morning visit');
    await form.submit({
      ...options,
      serverErrors: () => ({ fieldErrors: { notes: 'Ends before it starts' }, formError: undefined }),
    });
    expect(form.getState()).toMatchObject({ fieldErrors: { notes: 'Ends before it starts' }, formError: undefined });
    expect(focused).toEqual(['notes']);
  });

  it('clears only the message of the field that changes', async () => {
    const { form, options } = harness();
    form.setField('notes', 'far too long');
    await form.submit(options);
    form.setField('notes', 'ok');
    expect(form.getState().fieldErrors).toEqual({ title: 'Title is required' });
    expect(form.getState().values).toEqual({ title: '', notes: 'ok' });
  });

  it('tells its subscribers about each change and stops when they leave', () => {
    const { form } = harness();
    let seen = 0;
    const leave = form.subscribe(() => (seen += 1));
    form.setField('title', 'A');
    leave();
    form.setField('title', 'B');
    expect(seen).toBe(1);
    expect(form.getState().values.title).toBe('B');
  });
});
