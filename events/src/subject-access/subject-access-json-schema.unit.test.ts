import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { subjectAccessJsonSchemaText } from './subject-access-json-schema';

describe('the committed JSON Schema of a subject access export', () => {
  it('is what the zod schema generates (run npm run subject-access-schema after changing it)', () => {
    const committed = readFileSync(
      new URL('../../../docs/features/subject-access.schema.json', import.meta.url),
      'utf8',
    );
    expect(committed).toBe(subjectAccessJsonSchemaText());
  });
});
