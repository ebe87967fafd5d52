import fc from 'fast-check';
import { z } from 'zod';

/**
 * Request values for the fuzzer, from the zod schemas the handlers parse with (through their input-side JSON
 * Schema): valid values, values at the declared bounds, and malformed ones (a wrong type, a huge or control-character
 * text, an unknown field, a bad uuid). Ids come from the caller, so a uuid field can name a real record.
 */

/** The subset of JSON Schema that zod's toJSONSchema writes for the request schemas. */
export interface JsonSchemaNode {
  readonly type?: string | readonly string[];
  readonly properties?: Record<string, JsonSchemaNode>;
  readonly required?: readonly string[];
  readonly items?: JsonSchemaNode;
  readonly anyOf?: readonly JsonSchemaNode[];
  readonly oneOf?: readonly JsonSchemaNode[];
  readonly allOf?: readonly JsonSchemaNode[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly format?: string;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly default?: unknown;
}

export type Flavour = 'valid' | 'bounds' | 'malformed';

/**
 * What a request may send: the input side of the schema, with the format, enumeration or pattern of the output side
 * where the input is a bare text (`z.string().trim().pipe(z.uuid())` reads any text, but only a uuid gets through).
 */
export function inputJsonSchema(schema: z.ZodType): JsonSchemaNode {
  const side = (io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchemaNode;
  return withOutputConstraints(side('input'), side('output'));
}

/** An instant's schema parses the text into a time, which JSON Schema cannot say: such fields are known by their names. */
const INSTANT_NAME = /(At|Time|Start|^entryDate)$/;

function instantByName(key: string, node: JsonSchemaNode): JsonSchemaNode {
  if (!INSTANT_NAME.test(key)) return node;
  if (node.type === 'string' && !node.format && !node.pattern) return { ...node, format: 'date-time' };
  if (node.anyOf) return { ...node, anyOf: node.anyOf.map((branch) => instantByName(key, branch)) };
  return node;
}

function withOutputConstraints(input: JsonSchemaNode, output: JsonSchemaNode | undefined): JsonSchemaNode {
  if (!output) return input;
  const outputText = output.anyOf?.find((branch) => branch.type === 'string') ?? output;
  if (input.type === 'string' && outputText.type === 'string') {
    const { format, enum: values, pattern } = outputText;
    return { ...input, ...(format && { format }), ...(values && { enum: values }), ...(pattern && { pattern }) };
  }
  if (input.anyOf)
    return {
      ...input,
      anyOf: input.anyOf.map((branch) =>
        withOutputConstraints(branch, output.anyOf?.find((other) => other.type === branch.type) ?? output),
      ),
    };
  if (input.properties) {
    const properties = Object.fromEntries(
      Object.entries(input.properties).map(([key, child]) => [
        key,
        instantByName(key, withOutputConstraints(child, output.properties?.[key])),
      ]),
    );
    return { ...input, properties };
  }
  if (input.items) return { ...input, items: withOutputConstraints(input.items, output.items) };
  return input;
}

/** Junk no schema accepts where it wants something else: control characters, markup, SQL, huge and odd numbers. */
const JUNK: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -0.5,
  '',
  ' ',
  'null',
  '\u0000',
  'a\u0000b\u0007c\u001b[31m',
  '\ud800',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '9999-99-99',
  '2025-02-30',
  '0000-00-00T00:00:00Z',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  [],
  [null],
  {},
  { $ne: null },
];

/** Where a value goes: a body can hold a megabyte, a URL (path or query) a few kilobytes before HTTP itself refuses it. */
export type Place = 'body' | 'url';

export const junk = (place: Place = 'body'): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(...JUNK),
    fc.string({ maxLength: 40, unit: 'binary' }),
    fc.integer(),
    fc.double(),
    hugeString(place),
  );

/** Longer than any field allows: up to a megabyte in a body; in a URL 1,001 characters (at most 6 kB encoded: Node refuses a head over 16 kB). */
export const hugeString = (place: Place = 'body'): fc.Arbitrary<string> =>
  fc
    .constantFrom(...(place === 'url' ? [1_001] : [10_001, 100_001, 1_000_001]))
    .chain((length) =>
      fc
        .constantFrom(...(place === 'url' ? ['x', '\u0001', 'é'] : ['x', '😀', '\u0001', 'é']))
        .map((unit) => unit.repeat(length)),
    );

const isoDate = (min = Date.UTC(1900, 0, 1), max = Date.UTC(2100, 0, 1)) =>
  fc
    .integer({ min: min / 86_400_000, max: max / 86_400_000 })
    .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
const isoInstant = () =>
  fc
    .integer({ min: Date.now() - 400 * 86_400_000, max: Date.now() + 400 * 86_400_000 })
    .map((ms) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString());

function types(node: JsonSchemaNode): string[] {
  if (node.type === undefined) return [];
  return typeof node.type === 'string' ? [node.type] : [...node.type];
}

/** Where the arbitraries find ids: real ones of the fixtures, so a reference can name a record that exists. */
export interface IdSource {
  /** Ids for a uuid field, by its name (`carerId`, `preferredCarers`: carers). */
  readonly uuid: (field: string | undefined) => fc.Arbitrary<string>;
}

function stringArbitrary(
  node: JsonSchemaNode,
  flavour: Flavour,
  ids: IdSource,
  field: string | undefined,
): fc.Arbitrary<string> {
  if (node.format === 'uuid') return ids.uuid(field);
  if (node.format === 'date') return isoDate();
  if (node.format === 'date-time') return isoInstant();
  // fast-check's addresses follow RFC 5322 to its corners; the forms take the everyday kind.
  if (node.format === 'email') return fc.stringMatching(/^[a-z][a-z0-9.]{0,20}[a-z0-9]@[a-z]{1,12}\.(org|co\.uk|com)$/);
  if (node.format === 'uri') return fc.webUrl();
  if (node.pattern !== undefined) {
    try {
      return fc.stringMatching(new RegExp(node.pattern)).filter((text) => text.length <= (node.maxLength ?? 200));
    } catch {
      // a pattern JavaScript cannot read: fall through to plain text
    }
  }
  const minLength = node.minLength ?? 0;
  const maxLength = node.maxLength ?? 60;
  if (flavour === 'bounds') {
    const edges = [minLength, maxLength, maxLength + 1, Math.max(0, minLength - 1)];
    return fc
      .constantFrom(...edges)
      .chain((length) => fc.constantFrom('a', 'Ω', '😀', ' ').map((unit) => unit.repeat(length).slice(0, length)));
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 60), unit: 'grapheme' });
}

function numberArbitrary(node: JsonSchemaNode, integer: boolean, flavour: Flavour): fc.Arbitrary<number> {
  const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : -1_000_000);
  const max = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : 1_000_000);
  if (flavour === 'bounds') return fc.constantFrom(min, max, min - 1, max + 1, integer ? max : max - 0.5);
  return integer
    ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value for `node`: valid, or at its bounds (which may step one past them). */
export function arbitraryOf(
  node: JsonSchemaNode,
  flavour: Flavour,
  ids: IdSource,
  field?: string,
): fc.Arbitrary<unknown> {
  const branches = node.anyOf ?? node.oneOf;
  if (branches && branches.length > 0)
    return fc.oneof(...branches.map((branch) => arbitraryOf(branch, flavour, ids, field)));
  if (node.allOf && node.allOf.length > 0) return arbitraryOf(node.allOf[0]!, flavour, ids, field);
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const [first, ...rest] = types(node);
  if (rest.length > 0)
    return fc.oneof(...[first!, ...rest].map((type) => arbitraryOf({ ...node, type }, flavour, ids, field)));
  switch (first) {
    case 'object': {
      const properties = node.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0) return fc.constant({});
      const model = Object.fromEntries(keys.map((key) => [key, arbitraryOf(properties[key]!, flavour, ids, key)]));
      return fc.record(model, { requiredKeys: (node.required ?? []).filter((key) => key in properties) });
    }
    case 'array': {
      const items = node.items ? arbitraryOf(node.items, flavour, ids, field) : junk();
      const minLength = node.minItems ?? 0;
      const maxLength = Math.min(node.maxItems ?? 4, minLength + 4);
      if (flavour === 'bounds' && node.maxItems !== undefined) {
        return fc
          .constantFrom(node.maxItems, node.maxItems + 1, minLength)
          .chain((length) => fc.array(items, { minLength: length, maxLength: length }));
      }
      return fc.array(items, { minLength, maxLength });
    }
    case 'integer':
      return numberArbitrary(node, true, flavour);
    case 'number':
      return numberArbitrary(node, false, flavour);
    case 'string':
      return stringArbitrary(node, flavour, ids, field);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The paths of an object schema's fields (one level of nesting into objects and lists). */
function fieldPaths(node: JsonSchemaNode, prefix: readonly string[] = []): string[][] {
  if (types(node)[0] !== 'object' || !node.properties) return [];
  return Object.entries(node.properties).flatMap(([key, child]) => [
    [...prefix, key],
    ...(prefix.length === 0 ? fieldPaths(child, [key]) : []),
  ]);
}

function setAt(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const base =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const [head, ...rest] = path;
  return { ...base, [head!]: setAt(base[head!], rest, replacement) };
}

/** A valid value with one thing broken: a field replaced by junk or a huge text, an unknown field, or junk throughout. */
export function malformedOf(node: JsonSchemaNode, ids: IdSource, place: Place): fc.Arbitrary<unknown> {
  const valid = arbitraryOf(node, 'valid', ids);
  const paths = fieldPaths(node);
  const broken: fc.Arbitrary<unknown>[] = [
    junk(place),
    valid.chain((value) =>
      fc
        .tuple(fc.string({ minLength: 1, maxLength: 12 }), junk(place))
        .map(([key, extra]) => setAt(value, [`x${key}`], extra)),
    ),
  ];
  if (paths.length > 0) {
    broken.push(
      valid.chain((value) =>
        fc.tuple(fc.constantFrom(...paths), junk(place)).map(([path, replacement]) => setAt(value, path, replacement)),
      ),
    );
    broken.push(
      valid.chain((value) =>
        fc
          .tuple(fc.constantFrom(...paths), hugeString(place))
          .map(([path, replacement]) => setAt(value, path, replacement)),
      ),
    );
  }
  return fc.oneof(...broken);
}

export function requestValue(
  node: JsonSchemaNode,
  flavour: Flavour,
  ids: IdSource,
  place: Place = 'body',
): fc.Arbitrary<unknown> {
  return flavour === 'malformed' ? malformedOf(node, ids, place) : arbitraryOf(node, flavour, ids);
}

/** A query string from an object value: scalars as text, lists repeated, objects as JSON (which a query cannot hold). */
export function queryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return value === undefined ? '' : `?q=${encodeURIComponent(JSON.stringify(value))}`;
  const params = new URLSearchParams();
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    const entries = Array.isArray(field) ? field : [field];
    for (const entry of entries)
      params.append(
        key,
        typeof entry === 'string'
          ? entry
          : typeof entry === 'object' && entry !== null
            ? JSON.stringify(entry)
            : String(entry),
      );
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Query values every route must refuse with a 4xx, never a 5xx: dates and instants in years 0000, 0001 and 9999
 * (PostgreSQL's `date` has no year 0, and date arithmetic past 9999 leaves ISO's four digits), control characters
 * (PostgreSQL refuses a NUL in any text parameter), texts longer than any parameter, and numbers huge, negative or
 * not whole. Every parameter gets the texts whatever its type: a number or a date is a text in a query string.
 */
const OUT_OF_RANGE_DATES = ['0000-01-01', '0001-01-01', '9999-12-31', '1899-12-31', '2100-01-01'];
const OUT_OF_RANGE_INSTANTS = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:30:00+01:00',
  '9999-12-31T23:00:00-12:00',
];
const BAD_NUMBERS = ['1e308', '-1', '-2147483649', '2147483648', '99999999999999999999', '0.5', 'NaN', 'Infinity'];
const HOSTILE_TEXTS = [
  'a\u0000b',
  '\u0000',
  '2026-01-01\u0000',
  '\u0001\u0007\u001b[31m',
  '\u007f',
  '\u0085',
  'x'.repeat(1_001),
  'é'.repeat(1_001),
];

/** The kinds of value a parameter's schema takes: its format, or number when it is numeric (through nullable and lists). */
function queryKinds(node: JsonSchemaNode): Set<'date' | 'date-time' | 'number'> {
  const kinds = new Set<'date' | 'date-time' | 'number'>();
  const visit = (branch: JsonSchemaNode) => {
    for (const inner of [...(branch.anyOf ?? []), ...(branch.oneOf ?? []), ...(branch.allOf ?? [])]) visit(inner);
    if (branch.items) visit(branch.items);
    if (branch.format === 'date' || branch.format === 'date-time') kinds.add(branch.format);
    if (types(branch).some((type) => type === 'integer' || type === 'number')) kinds.add('number');
  };
  visit(node);
  return kinds;
}

/** A parameter named as a date or an instant is sent both kinds, whatever its schema says. */
const DATE_NAME = /^(date|from|to|asOf)$|(Date|At)$/;

/** The values the query parameter `name` of this schema must refuse. */
export function hostileQueryValues(name: string, node: JsonSchemaNode): string[] {
  const kinds = queryKinds(node);
  if (DATE_NAME.test(name)) {
    kinds.add('date');
    kinds.add('date-time');
  }
  return [
    ...(kinds.has('date') ? OUT_OF_RANGE_DATES : []),
    ...(kinds.has('date-time') ? OUT_OF_RANGE_INSTANTS : []),
    ...(kinds.has('number') ? BAD_NUMBERS : []),
    ...HOSTILE_TEXTS,
  ];
}
