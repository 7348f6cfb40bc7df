import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, formEndpoints, messages } from '@datebook/contracts';
import { errorResponse, jsonResponse, mockFetch, sentRequest } from '@/testing/fetch-mock';
import { callEndpoint } from './api-client';
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
  it('sends the body as the schema normalises it and returns the parsed response', async () => {
    const fetchMock = mockFetch(jsonResponse(201, { message: messages.forms.newsletterSuccess }));

    const result = await callEndpoint(formEndpoints.newsletter, {
      body: { name: ' Ada ', email: ' Ada@Example.COM ' },
    });

    expect(result).toEqual({ message: messages.forms.newsletterSuccess });
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/forms/newsletter',
      method: 'POST',
      body: { name: 'Ada', email: 'ada@example.com' },
    });
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
