import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  authEndpoints,
  defineEndpoint,
  formEndpoints,
  messages,
  profileEndpoints,
} from '@datebook/contracts';
import { ownProfile } from '@/testing/auth-fixtures';
import { errorResponse, jsonResponse, mockFetch, sentRequest } from '@/testing/fetch-mock';
import { callEndpoint, importEndpoints } from './api-client';
import { apiAuthorization, provideApiAuthorization, type ApiAuthorization } from './api-authorization';
import { ApiError } from './api-error';

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('callEndpoint', () => {
  it('sends a valid body as given (the api applies the schema) and returns the parsed response', async () => {
    const fetchMock = mockFetch(jsonResponse(201, { message: messages.forms.newsletterSuccess }));

    const result = await callEndpoint(formEndpoints.newsletter, {
      body: { name: ' Ada ', email: ' Ada@Example.COM ' },
    });

    expect(result).toEqual({ message: messages.forms.newsletterSuccess });
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/forms/newsletter',
      method: 'POST',
      body: { name: ' Ada ', email: ' Ada@Example.COM ' },
    });
  });

  it('never sends a schema’s reshaped output, which the api would refuse', async () => {
    const reshaping = defineEndpoint({
      method: 'POST',
      path: '/things',
      tag: 'test',
      summary: 'A test endpoint whose body schema reshapes its input.',
      body: z.object({
        media: z
          .array(z.object({ uploadId: z.string(), position: z.number() }))
          .transform((items) => items.map((item) => item.uploadId)),
      }),
      response: z.object({}),
    });
    const fetchMock = mockFetch(jsonResponse(201, {}));
    const media = [{ uploadId: 'u1', position: 0 }];

    await callEndpoint(reshaping, { body: { media } });

    expect(sentRequest(fetchMock)).toMatchObject({ body: { media } });
  });

  it('rejects an invalid body before sending, exactly as the api would', async () => {
    const fetchMock = mockFetch();

    const error = await rejection(
      callEndpoint(formEndpoints.earlyAccess, { body: { name: '', email: 'ada@' } }),
    );

    expect(fetchMock).not.toHaveBeenCalled();
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: messages.errors.validation,
    });
    expect(error.issues).toEqual([
      { path: 'name', message: messages.forms.nameRequired },
      { path: 'email', message: messages.forms.emailInvalid },
    ]);
  });

  it("carries the api's status, code and spec message", async () => {
    mockFetch(errorResponse(409, 'CONFLICT', messages.forms.newsletterDuplicate));

    const error = await rejection(
      callEndpoint(formEndpoints.newsletter, { body: { email: 'ada@example.com' } }),
    );

    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: messages.forms.newsletterDuplicate,
    });
    expect(error.isClientError).toBe(true);
  });

  it("keeps the field issues of the api's own validation failure", async () => {
    const issues = [{ path: 'email', message: messages.forms.emailInvalid }];
    mockFetch(errorResponse(400, 'VALIDATION_FAILED', messages.errors.validation, issues));

    const error = await rejection(
      callEndpoint(formEndpoints.newsletter, { body: { email: 'ada@example.com' } }),
    );

    expect(error.issues).toEqual(issues);
  });

  it('gives a generic message when the error body is not the api error shape', async () => {
    mockFetch(
      new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );

    const error = await rejection(
      callEndpoint(formEndpoints.newsletter, { body: { email: 'ada@example.com' } }),
    );

    expect(error).toMatchObject({ status: 502, code: 'INTERNAL', message: messages.errors.unexpected });
    expect(error.isClientError).toBe(false);
  });

  it('reports an unreachable api as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await rejection(
      callEndpoint(formEndpoints.newsletter, { body: { email: 'ada@example.com' } }),
    );

    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: messages.errors.unexpected });
  });

  it('treats a success response that breaks the contract as an error', async () => {
    mockFetch(jsonResponse(201, { unexpected: true }));

    const error = await rejection(
      callEndpoint(formEndpoints.newsletter, { body: { email: 'ada@example.com' } }),
    );

    expect(error).toMatchObject({ status: 201, code: 'INTERNAL', message: messages.errors.unexpected });
  });

  it('validates the query and encodes it into the URL, repeating array keys', async () => {
    const search = defineEndpoint({
      method: 'GET',
      path: '/things',
      tag: 'test',
      summary: 'A test endpoint with a query.',
      query: z.object({ q: z.string().trim(), tags: z.array(z.string()).optional() }),
      response: z.object({ items: z.array(z.string()) }),
    });
    const fetchMock = mockFetch(jsonResponse(200, { items: [] }));

    await callEndpoint(search, { query: { q: ' picnic spots ', tags: ['outdoor', 'free'] } });

    expect(sentRequest(fetchMock)).toMatchObject({
      url: '/api/things?q=picnic+spots&tags=outdoor&tags=free',
      method: 'GET',
    });
  });
});

describe('callEndpoint with a session', () => {
  const profile = ownProfile({ id: 'user-1', displayName: null });

  function authorize(overrides: Partial<ApiAuthorization> = {}) {
    const authorization = {
      accessToken: vi.fn(() => Promise.resolve<string | null>('token-1')),
      renewAfterRejection: vi.fn(() => Promise.resolve<string | null>('token-2')),
      endRejectedSession: vi.fn(),
      ...overrides,
    };
    provideApiAuthorization(authorization);
    return authorization;
  }
  const authorizationHeader = (fetchMock: ReturnType<typeof mockFetch>, call: number) =>
    new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('Authorization');
  const unauthenticated = () => errorResponse(401, 'UNAUTHENTICATED', messages.auth.notAuthenticated);

  // The app's own authorization (the session store, registered by the test setup) comes back after each.
  const appAuthorization = apiAuthorization();
  afterEach(() => {
    if (appAuthorization) {
      provideApiAuthorization(appAuthorization);
    }
  });

  it("sends the session's access token", async () => {
    authorize();
    const fetchMock = mockFetch(jsonResponse(200, profile));

    await callEndpoint(profileEndpoints.getOwn);

    expect(authorizationHeader(fetchMock, 0)).toBe('Bearer token-1');
  });

  it('sends none to the endpoints that authenticate by their own input', async () => {
    const authorization = authorize();
    const fetchMock = mockFetch(jsonResponse(200, { message: messages.auth.resetLinkSent }));

    await callEndpoint(authEndpoints.recover, { body: { email: 'ada@example.com' }, authenticate: false });

    expect(authorizationHeader(fetchMock, 0)).toBeNull();
    expect(authorization.accessToken).not.toHaveBeenCalled();
  });

  it('renews a refused token once and repeats the request with the new one', async () => {
    const authorization = authorize();
    const fetchMock = mockFetch(unauthenticated(), jsonResponse(200, profile));

    await expect(callEndpoint(profileEndpoints.getOwn)).resolves.toEqual(profile);

    expect(authorization.renewAfterRejection).toHaveBeenCalledExactlyOnceWith('token-1');
    expect(authorizationHeader(fetchMock, 1)).toBe('Bearer token-2');
    expect(authorization.endRejectedSession).not.toHaveBeenCalled();
  });

  it('ends the session when even the renewed token is refused', async () => {
    const authorization = authorize();
    const fetchMock = mockFetch(unauthenticated(), unauthenticated());

    await expect(callEndpoint(profileEndpoints.getOwn)).rejects.toMatchObject({ status: 401 });

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(authorization.endRejectedSession).toHaveBeenCalledOnce();
  });

  it('gives up without repeating when the session cannot be renewed', async () => {
    authorize({ renewAfterRejection: () => Promise.resolve(null) });
    const fetchMock = mockFetch(unauthenticated());

    await expect(callEndpoint(profileEndpoints.getOwn)).rejects.toMatchObject({ status: 401 });

    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('fills the path parameters, encoded', async () => {
    authorize({ accessToken: () => Promise.resolve(null) });
    const fetchMock = mockFetch(errorResponse(404, 'NOT_FOUND', messages.loads.failedProfile));

    await expect(callEndpoint(profileEndpoints.get, { params: { username: 'a/b c' } })).rejects.toMatchObject(
      {
        status: 404,
      },
    );

    expect(sentRequest(fetchMock).url).toBe('/api/profiles/a%2Fb%20c');
    expect(authorizationHeader(fetchMock, 0)).toBeNull();
  });
});

describe('importEndpoints', () => {
  it('gives the loaded module of endpoint definitions', async () => {
    const module = { authEndpoints };
    await expect(importEndpoints(() => Promise.resolve(module))).resolves.toBe(module);
  });

  it('fails as an unreachable api when the module cannot be fetched (offline, never loaded)', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const error = await rejection(importEndpoints(() => Promise.reject(failure)));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: messages.errors.unexpected });
    expect(error.cause).toBe(failure);
  });
});
