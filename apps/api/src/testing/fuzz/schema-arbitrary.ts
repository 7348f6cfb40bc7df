import fc from 'fast-check';
import { Known, knownSlot } from './fuzz-values';
import { HOSTILE_DATES, hostileValue, withControlCharacter } from './hostile-values';
import { pathsOf, REMOVED, replaceAt, valueAt } from './value-paths';

/** The part of JSON Schema (draft 2020-12, as zod writes it) that request contracts use. */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/**
 * - `conforming`: what the JSON Schema allows (refinements aside), edge values included.
 * - `mutated`: conforming but for one field (or the whole value), which is hostile or missing, so
 *   the hostile value gets as far as the other fields let it.
 * - `poisoned`: conforming but for one string (each in turn, over many runs), which carries a
 *   control character.
 */
export type Mode = 'conforming' | 'mutated' | 'poisoned';

const INT4_EDGES = [2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1];
const PLAUSIBLE_DATES = ['2025-03-05', '1900-01-01', '2099-12-31', '2024-02-29'];
/** A pattern of digits only (`^\d{1,18}$`): a post id in a body, which mostly names a real one. */
const DIGITS_ONLY = /^\^\\d\{/;

/** Addresses every mail form takes (RFC 5322 allows far more than they do). */
const PLAIN_EMAIL = fc.stringMatching(/^[a-z0-9]{1,10}([._+-][a-z0-9]{1,8})?@[a-z0-9]{1,10}\.(com|org|co)$/);
const PLAIN_EMAIL_LENGTH = { min: 6, max: 34 };

/** Values for a JSON Schema in the given mode. */
export function schemaArbitrary(schema: JsonSchema, mode: Mode): fc.Arbitrary<unknown> {
  switch (mode) {
    case 'conforming':
      return conforming(schema);
    case 'mutated':
      return conforming(schema).chain(mutateOne);
    case 'poisoned':
      return conforming(schema).chain(poisonOne);
  }
}

function conforming(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) {
    return fc.constant(schema.const);
  }
  if (schema.enum) {
    return fc.constantFrom(...schema.enum);
  }
  if (schema.anyOf) {
    return fc.oneof(...schema.anyOf.map((option) => conforming(option, name)));
  }
  switch (schema.type) {
    case 'object': {
      const model = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, conforming(property, key)]),
      );
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    case 'array':
      return fc.array(conforming(schema.items ?? {}, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'string':
      return stringArbitrary(schema, name);
    case 'integer':
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case undefined:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function mutateOne(value: unknown): fc.Arbitrary<unknown> {
  const replacement = fc.oneof(
    { arbitrary: hostileValue, weight: 5 },
    { arbitrary: fc.constant(REMOVED), weight: 1 },
  );
  return fc
    .tuple(fc.constantFrom(...pathsOf(value)), replacement)
    .map(([path, hostile]) =>
      path.length === 0 && hostile === REMOVED ? undefined : replaceAt(value, path, hostile),
    );
}

/** A known row's id is left clean, so the poison reaches past the lookup of the row. */
function poisonOne(value: unknown): fc.Arbitrary<unknown> {
  const strings = pathsOf(value).filter((path) => typeof valueAt(value, path) === 'string');
  if (strings.length === 0) {
    return fc.constant(value);
  }
  return fc
    .constantFrom(...strings)
    .chain((path) =>
      withControlCharacter(valueAt(value, path) as string).map((poisoned) =>
        replaceAt(value, path, poisoned),
      ),
    );
}

/** `name` is the field's: one named like an e-mail mostly gets e-mail addresses, which forms check first. */
function stringArbitrary(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  if (schema.format === 'uuid') {
    return fc.oneof(
      { arbitrary: knownSlot.map((slot) => new Known('uploadId', slot)), weight: 3 },
      { arbitrary: fc.uuid(), weight: 1 },
    );
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const matching = fc.stringMatching(pattern);
    if (schema.format === 'date') {
      // The ones the pattern lets through are what PostgreSQL or the product must refuse.
      const patternPasses = HOSTILE_DATES.filter((date) => pattern.test(date));
      return fc.oneof(matching, fc.constantFrom(...PLAUSIBLE_DATES, ...patternPasses));
    }
    if (DIGITS_ONLY.test(schema.pattern)) {
      return fc.oneof(
        matching,
        knownSlot.map((slot) => new Known('postId', slot)),
      );
    }
    return matching;
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, schema.maxLength ?? 200);
  const options: Array<fc.WeightedArbitrary<string>> = [
    { arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40) }), weight: 4 },
    {
      // A grapheme may take several UTF-16 units, which is what lengths count.
      arbitrary: fc
        .string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, minLength + 20) })
        .map((text) => text.slice(0, maxLength)),
      weight: 2,
    },
    { arbitrary: fc.constant('x'.repeat(maxLength)), weight: 1 },
  ];
  if (minLength <= PLAIN_EMAIL_LENGTH.min && maxLength >= PLAIN_EMAIL_LENGTH.max) {
    options.push({ arbitrary: PLAIN_EMAIL, weight: /email/i.test(name) ? 24 : 1 });
  }
  return fc.oneof(...options);
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const min = Math.max(
    schema.minimum ?? -Number.MAX_SAFE_INTEGER,
    schema.exclusiveMinimum === undefined ? -Infinity : schema.exclusiveMinimum + 1,
  );
  const max = Math.min(
    schema.maximum ?? Number.MAX_SAFE_INTEGER,
    schema.exclusiveMaximum === undefined ? Infinity : schema.exclusiveMaximum - 1,
  );
  const edges = [min, max, ...INT4_EDGES].filter((edge) => edge >= min && edge <= max);
  return fc.oneof(
    // Small numbers are the ids of seeded rows (categories) and the positions and counts forms send.
    fc.integer({ min: Math.max(min, 0), max: Math.max(min, Math.min(max, 30)) }),
    fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
    fc.constantFrom(...edges),
  );
}
