import type { z } from 'zod';
import {
  messages,
  type Endpoint,
  type EndpointBody,
  type EndpointResponse,
  type FieldIssue,
} from '@datebook/contracts';
import { ApiError } from './api-error';
import { apiAuthorization } from './api-authorization';

/** Endpoint paths in contracts are relative to this prefix; the api is always on the same origin. */
const API_PREFIX = '/api';

type EndpointQuery<E> =
  E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;

/** A key is required when its endpoint declares a schema for it, and absent otherwise. */
type Slot<K extends string, V> = [V] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: V };

export type CallOptions<E extends Endpoint> = Slot<'body', EndpointBody<E>> &
  Slot<'query', EndpointQuery<E>> & {
    /** Values for the `:name` segments of the endpoint's path. */
    params?: Record<string, string>;
    /**
     * Whether to send the session's access token (the default). Sign-in, sign-up, token refresh and
     * e-mailed links answer 401 about their own input, so they go without one and are never retried.
     */
    authenticate?: boolean;
    signal?: AbortSignal;
  };

type CallArguments<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/**
 * Calls one endpoint of `@datebook/contracts`. The body and query are checked with the endpoint's
 * own schemas before anything is sent, so the user sees the same field messages the api would give,
 * and the response is checked against the endpoint's response schema. Every failure is an ApiError.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  ...[options]: CallArguments<E>
): Promise<EndpointResponse<E>> {
  // The body is checked here but sent as given: the api parses it with the same schema, and a schema
  // that reshapes its input (post media become ordered upload ids) must not run twice.
  validate(endpoint.body, options?.body);
  const body = options?.body;
  const query = validate(endpoint.query, options?.query);
  const url = API_PREFIX + toPath(endpoint.path, options?.params) + toSearch(query);
  const send = (accessToken: string | null) =>
    request(url, endpoint.method, body, accessToken, options?.signal);

  const authorization = options?.authenticate === false ? null : apiAuthorization();
  const accessToken = (await authorization?.accessToken()) ?? null;
  let response = await send(accessToken);
  // An access token can be revoked or expire in flight: renew it once and try again.
  if (response.status === 401 && authorization && accessToken) {
    const renewed = await authorization.renewAfterRejection(accessToken);
    if (renewed) {
      response = await send(renewed);
      if (response.status === 401) {
        authorization.endRejectedSession();
      }
    }
  }

  const payload = await readJson(response);
  if (!response.ok) {
    throw await toApiError(response.status, payload);
  }
  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'INTERNAL',
      message: messages.errors.unexpected,
      cause: parsed.error,
    });
  }
  return parsed.data as EndpointResponse<E>;
}

/**
 * Imports a module of endpoint definitions on first use: their schemas, and zod with them, are built
 * when it loads, and the shell must not carry them. A module that cannot be fetched (offline before it
 * was ever loaded) fails as the request itself would have: with a network error.
 */
export async function importEndpoints<TModule>(load: () => Promise<TModule>): Promise<TModule> {
  try {
    return await load();
  } catch (cause) {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: messages.errors.unexpected, cause });
  }
}

async function request(
  url: string,
  method: string,
  body: unknown,
  accessToken: string | null,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const headers: Record<string, string> = body === undefined ? { ...ACCEPT_JSON } : { ...SEND_JSON };
  if (accessToken) {
    headers.Authorization = `Bearer ${accessToken}`;
  }
  try {
    return await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    // A cancelled request is not a failure to report: let the caller see the AbortError as is.
    if (signal?.aborted) {
      throw cause;
    }
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: messages.errors.unexpected, cause });
  }
}

const ACCEPT_JSON = { Accept: 'application/json' };
const SEND_JSON = { ...ACCEPT_JSON, 'Content-Type': 'application/json' };

/**
 * Rejects invalid input exactly as the api would (400, VALIDATION_FAILED, one issue per field), so
 * callers handle client-side and server-side validation failures in one place.
 */
function validate(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) {
    return undefined;
  }
  const result = schema.safeParse(value);
  if (result.success) {
    return result.data;
  }
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: messages.errors.validation, issues });
}

/** Fills the `:name` segments of `path`; a missing value is a programming error, not a user's. */
function toPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_segment, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(`Missing the "${name}" parameter of ${path}.`);
    }
    return encodeURIComponent(value);
  });
}

function toSearch(query: unknown): string {
  if (query === undefined || query === null || typeof query !== 'object') {
    return '';
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) {
        search.append(key, String(item));
      }
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The parsed JSON body, or undefined when there is none or it is not JSON (a proxy's error page). */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(status: number, payload: unknown): Promise<ApiError> {
  const { errorBodySchema } = await importEndpoints(() => import('./error-body'));
  const parsed = errorBodySchema.safeParse(payload);
  if (!parsed.success) {
    return new ApiError({ status, code: 'INTERNAL', message: messages.errors.unexpected });
  }
  const { code, message, issues, errorId } = parsed.data.error;
  return new ApiError({ status, code, message, issues, errorId });
}
