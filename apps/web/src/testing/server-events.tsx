import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ServerEventName, ServerEventPayload } from '@datebook/contracts';
import { AppProviders } from '@/app/app-providers';
import { routes } from '@/app/routes';
import { rememberAccessGrant } from '@/features/gate';
import { SessionContext, type Session } from '@/features/session';
import type { LiveSocket } from '@/lib/live-socket';

type Listener = (payload: unknown) => void;

/** The member's socket as `useServerEvent` listens to it; the test pushes what the server would. */
export function fakeServerEvents() {
  const listeners = new Map<string, Set<Listener>>();
  const socket = {
    on: (name: string, listener: Listener) => {
      listeners.set(name, (listeners.get(name) ?? new Set()).add(listener));
    },
    off: (name: string, listener: Listener) => {
      listeners.get(name)?.delete(listener);
    },
  };
  return {
    socket: socket as unknown as LiveSocket,
    push: <E extends ServerEventName>(event: E, payload: ServerEventPayload<E>) =>
      act(() => listeners.get(event)?.forEach((listener) => listener(payload))),
  };
}

/**
 * The whole app at `path`, as `renderApp` renders it, with `live` (a component calling the live hooks
 * under test) mounted beside the router in the same cache, where the app mounts its own.
 */
export function renderAppWithLive(path: string, session: Session, live: ReactNode) {
  rememberAccessGrant();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  render(
    <AppProviders>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
        {live}
      </SessionContext.Provider>
    </AppProviders>,
  );
  return { router, user };
}
