import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';
import type { EventDefinition } from '../event-definition';
import { STORED_DATE_LIMITS, STORED_INSTANT_LIMITS } from '../limits';
import { registeredEventDefinitions } from '../registry';

/**
 * Events at the edges of their schemas, for tests that must hold for every value the platform can append: the
 * largest numbers, the longest texts and lists, the last and first dates (a "max" sample), and the smallest
 * numbers, empty texts and lists, nulls and left-out optional fields (a "min" sample). Generated from the zod
 * schemas in the registry (through their JSON Schema), so a new event type or field is covered without a change
 * here. Projecting every sample is how a test proves the read model holds whatever the schemas accept.
 */

export type Bound = 'max' | 'min';
export type FieldPath = readonly (string | number)[];

export interface BoundarySample {
  readonly type: string;
  readonly schemaVersion: number;
  readonly bound: Bound;
  readonly data: Record<string, unknown>;
}

/** One leaf of an event's data (a list's entries are at index 0), with the bounds its schema declares. */
export interface FieldBounds {
  readonly path: FieldPath;
  readonly kind: 'integer' | 'number' | 'string' | 'boolean' | 'list';
  /** Strings: the values an enumeration allows, or the format (uuid, date, date-time) or pattern they follow. */
  readonly enumeration?: readonly string[];
  readonly format?: string;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  /** Lists: how many entries at most. */
  readonly maxItems?: number;
}

export interface BoundaryOptions {
  /** Ids for uuid fields; a fresh random one each time unless given. */
  readonly uuid?: () => string;
}

/** The subset of JSON Schema that zod's toJSONSchema writes for the event schemas. */
interface JsonSchemaNode {
  readonly type?: string;
  readonly properties?: Record<string, JsonSchemaNode>;
  readonly required?: readonly string[];
  readonly items?: JsonSchemaNode;
  readonly anyOf?: readonly JsonSchemaNode[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly format?: string;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly minProperties?: number;
  readonly maxItems?: number;
}

function jsonSchemaOf(schema: z.ZodType): JsonSchemaNode {
  return z.toJSONSchema(schema) as JsonSchemaNode;
}

/** Allowed but awkward: accents, a euro sign, an emoji (two UTF-16 units), quotes, a backslash, tab and newline. */
const AWKWARD_TEXT = 'Zoë Ångström\t"O\'Neill" \\ € 😀\n';

/** Exactly `length` UTF-16 units of awkward text, never ending in half an emoji. */
export function textOfLength(length: number): string {
  let text = '';
  while (text.length < length) text += AWKWARD_TEXT;
  text = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(text) ? `${text.slice(0, -1)}x` : text;
}

function matching(pattern: string): string {
  const [value] = fc.sample(fc.stringMatching(new RegExp(pattern)), { numRuns: 1, seed: 42 });
  if (value === undefined) throw new Error(`No sample for the pattern ${pattern}`);
  return value;
}

function stringSample(node: JsonSchemaNode, bound: Bound, uuid: () => string, path: FieldPath): string {
  if (node.enum) {
    const values = node.enum.map(String).sort((a, b) => a.length - b.length);
    return (bound === 'max' ? values.at(-1) : values[0])!;
  }
  if (node.format === 'uuid') return uuid();
  if (node.format === 'date') return bound === 'max' ? STORED_DATE_LIMITS.max : STORED_DATE_LIMITS.min;
  if (node.format === 'date-time') return bound === 'max' ? STORED_INSTANT_LIMITS.max : STORED_INSTANT_LIMITS.min;
  if (node.format !== undefined) throw new Error(`No sample for the format ${node.format} at ${path.join('.')}`);
  if (node.pattern !== undefined) return matching(node.pattern);
  // An unbounded text gets a long sample; the limits test reports it as unbounded.
  return textOfLength(bound === 'max' ? (node.maxLength ?? 100_000) : (node.minLength ?? 0));
}

const OMIT = Symbol('omit');

function sample(node: JsonSchemaNode, bound: Bound, uuid: () => string, path: FieldPath): unknown {
  if (node.anyOf) {
    const nullable = node.anyOf.some((branch) => branch.type === 'null');
    const [first] = node.anyOf.filter((branch) => branch.type !== 'null');
    if (bound === 'min' && nullable) return null;
    if (!first) return null;
    return sample(first, bound, uuid, path);
  }
  if (node.const !== undefined) return node.const;
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(node.required ?? []);
      // An object that must name at least N properties (a "changed" event) keeps its first N optional ones at min.
      const optional = Object.keys(node.properties ?? {}).filter((key) => !required.has(key));
      for (const key of optional.slice(0, node.minProperties ?? 0)) required.add(key);
      for (const [key, child] of Object.entries(node.properties ?? {})) {
        const value = bound === 'min' && !required.has(key) ? OMIT : sample(child, bound, uuid, [...path, key]);
        if (value !== OMIT) out[key] = value;
      }
      return out;
    }
    case 'array': {
      if (!node.items) throw new Error(`A list without an item schema at ${path.join('.')}`);
      const count = bound === 'max' ? (node.maxItems ?? 3) : (node.minItems ?? 0);
      return Array.from({ length: count }, () => sample(node.items!, bound, uuid, [...path, 0]));
    }
    case 'integer':
    case 'number': {
      const limit = bound === 'max' ? node.maximum : node.minimum;
      return limit ?? (bound === 'max' ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER);
    }
    case 'string':
      return stringSample(node, bound, uuid, path);
    case 'boolean':
      return bound === 'max';
    default:
      throw new Error(`No sample for the schema type ${String(node.type)} at ${path.join('.')}`);
  }
}

/** A "max" and a "min" sample of one event type's data. */
export function boundarySamples(
  definition: EventDefinition<string, z.ZodType>,
  options: BoundaryOptions = {},
): BoundarySample[] {
  const uuid = options.uuid ?? randomUUID;
  const schema = jsonSchemaOf(definition.schema);
  return (['max', 'min'] as const).map((bound) => ({
    type: definition.type,
    schemaVersion: definition.schemaVersion,
    bound,
    data: sample(schema, bound, uuid, []) as Record<string, unknown>,
  }));
}

/** Both samples of every registered event type, in registry order. */
export function boundaryEvents(options: BoundaryOptions = {}): BoundarySample[] {
  return registeredEventDefinitions.flatMap((definition) => boundarySamples(definition, options));
}

/** Every leaf field of an event schema with its declared bounds. */
export function fieldBoundsOf(schema: z.ZodType): FieldBounds[] {
  const out: FieldBounds[] = [];
  const walk = (node: JsonSchemaNode, path: FieldPath): void => {
    // A literal (one fixed value, or one branch of a union of them) is its own bound.
    if (node.const !== undefined) return;
    if (node.anyOf) {
      for (const branch of node.anyOf) if (branch.type !== 'null') walk(branch, path);
      return;
    }
    switch (node.type) {
      case 'object':
        for (const [key, child] of Object.entries(node.properties ?? {})) walk(child, [...path, key]);
        return;
      case 'array':
        out.push({ path, kind: 'list', maxItems: node.maxItems });
        if (node.items) walk(node.items, [...path, 0]);
        return;
      case 'integer':
      case 'number':
        out.push({ path, kind: node.type, minimum: node.minimum, maximum: node.maximum });
        return;
      case 'string':
        out.push({
          path,
          kind: 'string',
          enumeration: node.enum?.map(String),
          format: node.format,
          pattern: node.pattern,
          minLength: node.minLength,
          maxLength: node.maxLength,
        });
        return;
      case 'boolean':
        out.push({ path, kind: 'boolean' });
        return;
      default:
        throw new Error(`Unexpected schema type ${String(node.type)} at ${path.join('.')}`);
    }
  };
  walk(jsonSchemaOf(schema), []);
  return out;
}

/** A copy of `data` with `value` at `path` (which must exist in it: use a "max" sample, where every field is present). */
export function withValueAt(data: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(data)) return data.map((item, index) => (index === head ? withValueAt(item, rest, value) : item));
  if (data !== null && typeof data === 'object' && typeof head === 'string' && head in data) {
    return { ...data, [head]: withValueAt((data as Record<string, unknown>)[head], rest, value) };
  }
  throw new Error(`No field at ${path.join('.')}`);
}
