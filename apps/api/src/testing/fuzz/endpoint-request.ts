import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import type { Endpoint } from '@datebook/contracts';
import {
  Known,
  knownSlot,
  knownSlotsIn,
  toJsonText,
  toPlainText,
  type KnownKind,
  type KnownValues,
} from './fuzz-values';
import { hostileBodyText, hostilePathSegment, hostileString } from './hostile-values';
import { schemaArbitrary, type JsonSchema, type Mode } from './schema-arbitrary';

/** One generated request to an endpoint, before the rows it names are looked up. */
export interface FuzzRequest {
  /** Path segments by parameter name, percent-encoded as they go into the URL. */
  params: Record<string, string | Known>;
  query: Array<[string, unknown]>;
  body: { json: unknown } | { text: string } | undefined;
  contentType: string | undefined;
  /** A visitor's made-up credentials; a member always sends their own. */
  authorization: string | undefined;
  requestId: string | undefined;
}

const PATH_PARAM = /:([A-Za-z0-9_]+)/g;

const toJsonSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Conforming input most often: only a request that passes validation reaches the database. */
const mode: fc.Arbitrary<Mode> = fc.oneof(
  { arbitrary: fc.constant('conforming' as const), weight: 2 },
  { arbitrary: fc.constant('mutated' as const), weight: 1 },
  { arbitrary: fc.constant('poisoned' as const), weight: 1 },
);

const knownKindOf = (param: string): KnownKind =>
  param === 'username' ? 'username' : param === 'uploadId' ? 'uploadId' : 'pathId';

function paramArbitrary(param: string): fc.Arbitrary<string | Known> {
  return fc.oneof(
    { arbitrary: knownSlot.map((slot) => new Known(knownKindOf(param), slot)), weight: 2 },
    { arbitrary: hostilePathSegment, weight: 3 },
    {
      arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map(encodeURIComponent),
      weight: 1,
    },
  );
}

/** A query value as its parameters; anything but an object is one parameter. */
const toQuery = (value: unknown): Array<[string, unknown]> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value)
    : [['q', value]];

function queryArbitrary(endpoint: Endpoint): fc.Arbitrary<Array<[string, unknown]>> {
  const fromContract: fc.Arbitrary<Array<[string, unknown]>> = endpoint.query
    ? mode.chain((chosen) => schemaArbitrary(toJsonSchema(endpoint.query!), chosen)).map(toQuery)
    : fc.constant([]);
  const extra = fc.array(fc.tuple(hostileString, hostileString), { maxLength: 2 });
  return fc
    .tuple(fromContract, fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, { arbitrary: extra, weight: 1 }))
    .map(([contract, more]) => [...contract, ...more]);
}

function bodyArbitrary(endpoint: Endpoint): fc.Arbitrary<FuzzRequest['body']> {
  if (endpoint.method === 'GET') {
    return fc.constant(undefined);
  }
  const text = hostileBodyText.map((value) => ({ text: value }));
  if (!endpoint.body) {
    return fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: text, weight: 1 });
  }
  const schema = toJsonSchema(endpoint.body);
  return fc.oneof(
    {
      arbitrary: mode.chain((chosen) => schemaArbitrary(schema, chosen)).map((json) => ({ json })),
      weight: 6,
    },
    { arbitrary: text, weight: 1 },
  );
}

const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'application/json; charset=bogus',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
    ),
    weight: 1,
  },
);

const authorization: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      'Bearer ',
      'Bearer a.b.c',
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
      'Basic Zm9vOmJhcg==',
      `Bearer ${'x'.repeat(5000)}`,
      'bearer\tweird',
    ),
    weight: 1,
  },
);

const requestId: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 6 },
  {
    arbitrary: fc.constantFrom('short', 'x'.repeat(500), 'trace-\u00e9\u00e9\u00e9\u00e9', '../../../../'),
    weight: 1,
  },
);

/** Requests to one endpoint: conforming, mutated or poisoned input, in the path, query and body. */
export function endpointRequestArbitrary(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const params = [...endpoint.path.matchAll(PATH_PARAM)].map((match) => match[1]!);
  return fc.record({
    params: fc.record(Object.fromEntries(params.map((param) => [param, paramArbitrary(param)]))),
    query: queryArbitrary(endpoint),
    body: bodyArbitrary(endpoint),
    contentType,
    authorization,
    requestId,
  });
}

/** A request as a form would send it: rows that exist in the path, query and body as the contract has them. */
export function conformingRequestArbitrary(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const params = [...endpoint.path.matchAll(PATH_PARAM)].map((match) => match[1]!);
  const known = (param: string) => knownSlot.map((slot) => new Known(knownKindOf(param), slot));
  return fc.record({
    params: fc.record(Object.fromEntries(params.map((param) => [param, known(param)]))),
    query: endpoint.query
      ? schemaArbitrary(toJsonSchema(endpoint.query), 'conforming').map(toQuery)
      : fc.constant([]),
    body:
      endpoint.body && endpoint.method !== 'GET'
        ? schemaArbitrary(toJsonSchema(endpoint.body), 'conforming').map((json) => ({ json }))
        : fc.constant(undefined),
    contentType: fc.constant('application/json'),
    authorization: fc.constant(undefined),
    requestId: fc.constant(undefined),
  });
}

/** The slots of one kind of known row that a generated request names, anywhere in it. */
export function knownSlotsOf(request: FuzzRequest, kind: KnownKind): Set<number> {
  const body = request.body && 'json' in request.body ? request.body.json : undefined;
  return knownSlotsIn([Object.values(request.params), request.query, body], kind);
}

/** A lone surrogate cannot be percent-encoded; a browser would send U+FFFD instead. */
const encode = (text: string): string =>
  encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

/** The URL of a generated request, with its rows looked up. */
function urlOf(endpoint: Endpoint, request: FuzzRequest, known: KnownValues): string {
  const path = endpoint.path.replace(PATH_PARAM, (_match, param: string) => {
    const value = request.params[param]!;
    return value instanceof Known ? encode(toPlainText(value, known)) : value;
  });
  const query = request.query
    .map(([key, value]) => `${encode(key)}=${encode(toPlainText(value, known))}`)
    .join('&');
  return `/api${path}${query === '' ? '' : `?${query}`}`;
}

export type FuzzInjectOptions = InjectOptions & { method: Endpoint['method']; url: string; payload?: string };

/** What Fastify's inject sends for a generated request. */
export function injectOptionsOf(
  endpoint: Endpoint,
  request: FuzzRequest,
  known: KnownValues,
  as: { accessToken?: string; remoteAddress: string },
): FuzzInjectOptions {
  const headers: Record<string, string> = {};
  const authorizationHeader = as.accessToken ? `Bearer ${as.accessToken}` : request.authorization;
  if (authorizationHeader !== undefined) {
    headers.authorization = authorizationHeader;
  }
  if (request.requestId !== undefined) {
    headers['x-request-id'] = request.requestId;
  }
  if (request.body && request.contentType !== undefined) {
    headers['content-type'] = request.contentType;
  }
  return {
    method: endpoint.method,
    url: urlOf(endpoint, request, known),
    headers,
    remoteAddress: as.remoteAddress,
    ...(request.body
      ? { payload: 'json' in request.body ? toJsonText(request.body.json, known) : request.body.text }
      : {}),
  };
}
