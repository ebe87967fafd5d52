import { describe, expect, it } from 'vitest';
import { subjectAccessExportSchema } from '@care/events';
import { subjectAccessJson } from './subject-access-json';
import type { Subject, SubjectAccessPart } from './subject-access-source';

const subject: Subject = { kind: 'client', id: '0190a5b2-7c3d-7e4f-8a1b-00000000000a', reference: null };
const heading: SubjectAccessPart = {
  part: 'heading',
  name: 'Edyta Łukasiewicz',
  generatedBy: { userId: 'u1', name: 'Ada' },
};
const history: SubjectAccessPart = {
  part: 'history',
  entries: [
    {
      eventId: 'e1',
      type: 'ClientRegistered',
      time: '2026-11-01T10:00:00.000Z',
      who: { userId: 'u1', name: null },
      streamId: 'client-1',
      data: {},
    },
  ],
};
const views: SubjectAccessPart = {
  part: 'views',
  entries: [
    { who: { userId: 'u1', name: 'Ada' }, view: 'record', streamId: 'client-1', time: '2026-11-02T10:00:00.000Z' },
  ],
};

async function written(parts: SubjectAccessPart[]): Promise<unknown> {
  async function* source() {
    yield* parts;
  }
  let text = '';
  for await (const chunk of subjectAccessJson(source(), subject, new Date('2026-11-28T12:00:00Z'))) text += chunk;
  return JSON.parse(text);
}

describe('the streamed JSON of a subject access export', () => {
  it('is whole and fits the schema with kinds, rows in pages, history and views', async () => {
    const file = await written([
      heading,
      { part: 'kind', kind: 'clients', label: 'Client record' },
      { part: 'rows', rows: [{ id: 1 }] },
      { part: 'rows', rows: [{ id: 2 }, { id: 3 }] },
      { part: 'kind', kind: 'appointments', label: 'Visits' },
      history,
      views,
    ]);
    expect(subjectAccessExportSchema.parse(file).records).toEqual({
      clients: { label: 'Client record', bounded: false, rows: [{ id: 1 }, { id: 2 }, { id: 3 }] },
      appointments: { label: 'Visits', bounded: false, rows: [] },
    });
  });

  it.each([
    ['no kinds, history or views', [heading]],
    ['views without history', [heading, { part: 'kind', kind: 'clients', label: 'Client record' }, views]],
    ['history without views', [heading, history]],
  ] as const)('is whole with %s', async (_, parts) => {
    const file = subjectAccessExportSchema.parse(await written([...parts]));
    expect(file.subject.name).toBe('Edyta Łukasiewicz');
  });
});
