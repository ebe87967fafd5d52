import { writeFileSync } from 'node:fs';
import { subjectAccessJsonSchemaText } from '../events/src/subject-access/subject-access-json-schema';

/** `npm run subject-access-schema`: rewrites docs/features/subject-access.schema.json from the zod schema. */
writeFileSync(new URL('../docs/features/subject-access.schema.json', import.meta.url), subjectAccessJsonSchemaText());
