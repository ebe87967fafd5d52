import { z } from 'zod';
import { PERMISSIONS } from '@care/events';
import * as replySchemas from '@care/events/api';
import { COMMAND_ROUTE_DOCS } from './command-route-docs';
import { READ_ROUTE_DOCS } from './read-route-docs';
import { FAMILY_ACCESS_ROUTE_DOCS } from '../family/family-access-route-docs';
import { FAMILY_CONCERN_ROUTE_DOCS } from '../family/family-concern-route-docs';
import { acceptsIdempotencyKey, errorReplies, type ReplyDoc, type RouteDoc } from './route-doc';

/** Every route of both services, as GET /api/openapi.json describes them. */
export const ROUTE_DOCS: readonly RouteDoc[] = [
  ...COMMAND_ROUTE_DOCS,
  ...READ_ROUTE_DOCS,
  ...FAMILY_ACCESS_ROUTE_DOCS,
  ...FAMILY_CONCERN_ROUTE_DOCS,
];

type JsonSchema = Record<string, unknown>;

/** The named reply schemas of @care/events/api become components (`carerViewSchema` → `CarerView`). */
function namedSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [exportName, value] of Object.entries(replySchemas)) {
    if (!(value instanceof z.ZodType) || !exportName.endsWith('Schema')) continue;
    names.set(value, exportName[0]!.toUpperCase() + exportName.slice(1, -'Schema'.length));
  }
  return names;
}

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of one side of a zod schema; what JSON cannot say is left open. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** The object a query schema starts from: transforms (`.transform`, `.pipe`) are looked through to their input. */
function queryShape(schema: z.ZodType): Record<string, z.ZodType> {
  let current: z.ZodType = schema;
  while (current instanceof z.ZodPipe) current = current.in as z.ZodType;
  if (!(current instanceof z.ZodObject)) throw new Error('A query schema must be an object (optionally transformed)');
  return current.shape as Record<string, z.ZodType>;
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');
const permissionText = (permission: keyof typeof PERMISSIONS) =>
  `\`${permission}\` (${PERMISSIONS[permission].roles.join(', ')}): ${PERMISSIONS[permission].description}`;

function accessText(route: RouteDoc): string {
  if (route.access === 'public') return 'Public: no session needed.';
  if (route.access === 'signed-in') return 'Any signed-in user.';
  return `Needs ${route.access.length > 1 ? 'one of ' : ''}${route.access.map(permissionText).join('; or ')}.`;
}

function buildOperation(
  route: RouteDoc,
  schemaOf: (schema: z.ZodType, io: 'input' | 'output') => JsonSchema,
): JsonSchema {
  const parameters: JsonSchema[] = [];
  for (const [, name] of route.path.matchAll(/:([A-Za-z]+)/g)) {
    const schema = route.params?.[name!] ?? z.uuid();
    parameters.push({
      name,
      in: 'path',
      required: true,
      schema: schemaOf(schema, 'input'),
      description: 'A malformed value answers 404',
    });
  }
  if (route.query) {
    for (const [name, field] of Object.entries(queryShape(route.query))) {
      parameters.push({
        name,
        in: 'query',
        required: !field.safeParse(undefined).success,
        schema: schemaOf(field, 'output'),
      });
    }
  }
  if (route.ifMatch) {
    parameters.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      schema: { type: 'string', pattern: '^"?\\d+"?$' },
      description: 'The revision last read: refuses the command with 409 if the record changed since',
    });
  }
  if (acceptsIdempotencyKey(route)) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
      description:
        "A token of the client's own for this action, kept 7 days per user: a repeat of the same request with it is answered with the first reply (header `Idempotent-Replayed: true`) and changes nothing; 422 if it was used for another request, 409 while the first is still running",
    });
  }
  if (route.service === 'read-api') {
    parameters.push({
      name: 'X-Min-Position',
      in: 'header',
      required: false,
      schema: { type: 'string', pattern: '^\\d+\\.\\d+$' },
      description: "A command's `position`: answer once this read reflects it",
    });
  }
  const replies = { ...route.replies, ...errorReplies(route) };
  const operation: JsonSchema = {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`,
    summary: route.summary,
    description: accessText(route),
    tags: [route.path.split('/')[2]],
    'x-service': route.service,
    'x-permissions': route.access === 'public' || route.access === 'signed-in' ? [] : [...route.access],
    security: route.access === 'public' ? [] : [{ sessionCookie: [] }],
    ...(parameters.length > 0 && { parameters }),
    responses: Object.fromEntries(
      Object.entries(replies).map(([status, reply]) => [status, replyObject(reply, schemaOf)]),
    ),
  };
  if (route.body) {
    const contentType = route.bodyType ?? 'application/json';
    const schema = schemaOf(route.body, 'input');
    operation.requestBody = {
      required: true,
      content: {
        [contentType]: {
          schema:
            contentType === 'multipart/form-data'
              ? {
                  ...schema,
                  properties: {
                    ...(schema.properties as JsonSchema),
                    audio: { type: 'string', contentMediaType: 'audio/*' },
                  },
                }
              : schema,
        },
      },
    };
  }
  return operation;
}

function replyObject(reply: ReplyDoc, schemaOf: (schema: z.ZodType, io: 'input' | 'output') => JsonSchema): JsonSchema {
  const headers =
    reply.headers &&
    Object.fromEntries(
      Object.entries(reply.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
    );
  const content = reply.schema
    ? { 'application/json': { schema: schemaOf(reply.schema, 'output') } }
    : reply.contentType && {
        [reply.contentType]: {
          schema: {
            type: 'string',
            ...(reply.contentType !== 'text/csv' &&
              reply.contentType !== 'text/plain' && { contentMediaType: reply.contentType }),
          },
        },
      };
  return { description: reply.description, ...(headers && { headers }), ...(content && { content }) };
}

/** The OpenAPI 3.1 document of both services, generated from the zod schemas their handlers use. */
export function buildOpenApiDocument(): JsonSchema {
  const names = namedSchemas();
  const components: Record<string, JsonSchema> = {};
  const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
    const name = io === 'output' ? names.get(schema) : undefined;
    if (name) {
      components[name] ??= jsonSchema(schema, io);
      return { $ref: `#/components/schemas/${name}` };
    }
    if (io === 'output' && schema instanceof z.ZodArray && names.has(schema.element as z.ZodType)) {
      return { type: 'array', items: schemaOf(schema.element as z.ZodType, io) };
    }
    return jsonSchema(schema, io);
  };
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of ROUTE_DOCS) {
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = buildOperation(route, schemaOf);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Care platform API',
      version: '1',
      description:
        'Commands (POST, PUT, PATCH, DELETE) go to the command API and reads (GET) to the read API, both under /api on the ' +
        'one origin. Sign in with POST /api/login; the session cookie `care.sid` authenticates every other call. Writes must ' +
        'carry an Origin (or Referer) of the site. Every command answers with `position`: send it as X-Min-Position on the ' +
        'next read to see your own write. Each operation names the permission it needs (`x-permissions`).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'care.sid' } },
    },
  };
}

let cached: string | undefined;

/** The document as JSON text, built once per process (on first request, never at start-up). */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildOpenApiDocument(), null, 2);
  return cached;
}
