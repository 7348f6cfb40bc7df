import fc from 'fast-check';
import type { Endpoint } from '@datebook/contracts';
import { conformingRequestArbitrary, type FuzzRequest } from './endpoint-request';
import { Known, RawJson, toJsonText, type KnownValues } from './fuzz-values';
import { pathsOf, replaceAt, valueAt } from './value-paths';

/*
 * Random requests rarely pass every rule of a big form at once, and only those reach the database.
 * The sweep starts from one request the contract accepts and changes one field at a time to each
 * value that has broken a column: a NUL in text, an integer past `integer`, a day PostgreSQL cannot
 * store (or a person would not plan). Every field of every contract is tried on every run.
 */

/** Stand-ins for known rows, well-formed enough for the contract to judge the rest. */
const STAND_INS: KnownValues = {
  username: ['someone'],
  pathId: ['1'],
  postId: ['1'],
  uploadId: ['00000000-0000-4000-8000-000000000000'],
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The values a field is swept through, by what it holds in the accepted request. */
function sweepValues(field: unknown): unknown[] {
  if (typeof field === 'number') {
    return [2 ** 31, 2 ** 53 - 1];
  }
  if (typeof field !== 'string') {
    return [];
  }
  const middle = Math.floor(field.length / 2);
  const withNul = `${field.slice(0, middle)}\u0000${field.slice(middle)}`;
  return DAY.test(field) ? [withNul, '0000-01-01', '9999-12-31'] : [withNul];
}

function accepts(schema: Endpoint['body'], value: unknown): boolean {
  return schema === undefined || schema.safeParse(JSON.parse(toJsonText(value, STAND_INS))).success;
}

const bodyOf = (request: FuzzRequest): unknown =>
  request.body && 'json' in request.body ? request.body.json : undefined;

/**
 * Numbers an `integer` holds, days a person plans, ids of rows that exist (a made-up uuid is an
 * upload that does not): a base that fails for none of its fields.
 */
function isPlain(value: unknown): boolean {
  return pathsOf(value).every((path) => {
    const field = valueAt(value, path);
    if (typeof field === 'number') {
      return Math.abs(field) < 2 ** 31;
    }
    if (typeof field !== 'string') {
      return true;
    }
    return DAY.test(field) ? field >= '1900' && field < '2100' : !UUID.test(field);
  });
}

/** How many different fields of a value hold something (items of a list count as one): the base sweeps those. */
const filledFields = (value: unknown): number =>
  new Set(
    pathsOf(value)
      .filter((path) => valueAt(value, path) !== null)
      .map((path) => path.filter((key) => typeof key === 'string').join('.')),
  ).size;

/**
 * An accepted request with as many fields as the samples offer, then that request with each field
 * in turn set to each swept value; nothing when no sample is accepted.
 */
export function fieldSweep(endpoint: Endpoint, seed: number): FuzzRequest[] {
  const [base] = fc
    .sample(conformingRequestArbitrary(endpoint), { seed, numRuns: 300 })
    .filter(
      (request) =>
        isPlain(bodyOf(request)) &&
        accepts(endpoint.body, bodyOf(request) ?? {}) &&
        accepts(endpoint.query, Object.fromEntries(request.query)),
    )
    .sort((a, b) => filledFields(bodyOf(b)) - filledFields(bodyOf(a)));
  if (!base) {
    return [];
  }
  const json = bodyOf(base);
  const bodies = pathsOf(json).flatMap((path) => {
    const field = valueAt(json, path);
    return field instanceof Known || field instanceof RawJson
      ? []
      : sweepValues(field).map((swept) => replaceAt(json, path, swept));
  });
  const queries = base.query.flatMap(([key, value], at) =>
    sweepValues(value).map((swept) =>
      base.query.map((entry, index): [string, unknown] => (index === at ? [key, swept] : entry)),
    ),
  );
  return [
    base,
    ...bodies.map((json) => ({ ...base, body: { json } })),
    ...queries.map((query) => ({ ...base, query })),
  ];
}
