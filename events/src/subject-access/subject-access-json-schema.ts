import { z } from 'zod';
import { subjectAccessExportSchema } from './subject-access-export-schema';

/**
 * The JSON Schema of a subject access export, generated from the zod schema, so the file handed to whoever checks an
 * export (docs/features/subject-access.schema.json) says exactly what the code writes. `npm run
 * subject-access-schema` rewrites the file; subject-access-json-schema.unit.test.ts fails while they differ.
 */
export function subjectAccessJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(subjectAccessExportSchema, { io: 'output' }),
    $id: 'https://care-platform.example/schemas/subject-access-export.json',
    title: "A person's whole record, exported on their request (subject access)",
  };
}

/** The committed file's text: two-space JSON and a final newline. */
export const subjectAccessJsonSchemaText = (): string => `${JSON.stringify(subjectAccessJsonSchema(), null, 2)}\n`;
