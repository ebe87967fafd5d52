import { SUBJECT_ACCESS_SCHEMA_VERSION } from '@care/events';
import type { Subject, SubjectAccessPart } from './subject-access-source';

/**
 * The export as JSON text, written as the parts are read (subject-access-export-schema.ts in events/ is its shape):
 * the download starts at once and a large record never sits whole in memory. Every kind is read in full, so each
 * says `bounded: false`.
 */
export async function* subjectAccessJson(
  parts: AsyncIterable<SubjectAccessPart>,
  subject: Subject,
  generatedAt: Date,
): AsyncGenerator<string> {
  let section: 'none' | 'records' | 'history' | 'views' = 'none';
  let firstKind = true;
  let firstItem = true;
  const item = (value: unknown) => {
    const text = `${firstItem ? '' : ','}\n${JSON.stringify(value)}`;
    firstItem = false;
    return text;
  };
  const closeKind = () => (section === 'records' && !firstKind ? ']}' : '');
  for await (const part of parts) {
    switch (part.part) {
      case 'heading': {
        const head = {
          schemaVersion: SUBJECT_ACCESS_SCHEMA_VERSION,
          generatedAt: generatedAt.toISOString(),
          generatedBy: part.generatedBy,
          subject: { kind: subject.kind, id: subject.id, reference: subject.reference, name: part.name },
        };
        yield `${JSON.stringify(head).slice(0, -1)},"records":{`;
        section = 'records';
        break;
      }
      case 'kind':
        yield `${closeKind()}${firstKind ? '' : ','}\n${JSON.stringify(part.kind)}:{"label":${JSON.stringify(part.label)},"bounded":false,"rows":[`;
        firstKind = false;
        firstItem = true;
        break;
      case 'rows':
        yield part.rows.map(item).join('');
        break;
      case 'history':
        if (section !== 'history') {
          yield `${closeKind()}},"history":[`;
          section = 'history';
          firstItem = true;
        }
        yield part.entries.map(item).join('');
        break;
      case 'views':
        if (section === 'records') yield `${closeKind()}},"history":[`;
        if (section !== 'views') {
          yield '],"views":[';
          section = 'views';
          firstItem = true;
        }
        yield part.entries.map(item).join('');
        break;
    }
  }
  if (section === 'records') yield `${closeKind()}},"history":[`;
  if (section !== 'views') yield '],"views":[';
  yield ']}\n';
}
