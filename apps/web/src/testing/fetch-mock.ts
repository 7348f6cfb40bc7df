import { vi } from 'vitest';
import type { ErrorCode, FieldIssue } from '@datebook/contracts';

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function errorResponse(
  status: number,
  code: ErrorCode,
  message: string,
  issues?: FieldIssue[],
): Response {
  return jsonResponse(status, { error: { code, message, ...(issues ? { issues } : {}) } });
}

/** Replaces fetch with a mock answering the given responses in order. */
export function mockFetch(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) {
    fetchMock.mockResolvedValueOnce(response);
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URL, method and JSON body of the mock's nth call. */
export function sentRequest(fetchMock: ReturnType<typeof mockFetch>, call = 0) {
  const [url, init] = fetchMock.mock.calls[call] ?? [];
  return {
    url: url instanceof Request ? url.url : url?.toString(),
    method: init?.method,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
}
