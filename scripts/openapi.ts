/** `npm run openapi`: writes the API description (the one GET /api/openapi.json serves) to docs/openapi.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiJson } from '../read-api/src/openapi/openapi-document';

const target = path.resolve(import.meta.dirname, '..', 'docs', 'openapi.json');
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, `${openApiJson()}\n`);
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
