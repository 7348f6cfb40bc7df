import { vi } from 'vitest';

/** The URL fetch was called with, whichever of its forms. */
export function urlOf(input: string | URL | Request): string {
  return input instanceof Request ? input.url : input.toString();
}

type Answer = Response | ((init: RequestInit | undefined) => Response | Promise<Response>);

/**
 * Replaces fetch with an api answering by method and path, e.g. `'POST /api/auth/token'`. A request
 * no route answers fails the test loudly instead of hanging it.
 */
export function mockApiRoutes(routes: Record<string, Answer>) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const route = `${init?.method ?? 'GET'} ${urlOf(input)}`;
    const answer = routes[route];
    if (!answer) {
      return Promise.reject(new Error(`No mocked answer for ${route}`));
    }
    return Promise.resolve(typeof answer === 'function' ? answer(init) : answer.clone());
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to `route`, in order. */
export function sentBodies(fetchMock: ReturnType<typeof mockApiRoutes>, route: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${urlOf(input)}` === route)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}
