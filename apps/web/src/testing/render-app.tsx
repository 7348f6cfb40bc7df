import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '@/app/app-providers';
import { routes } from '@/app/routes';
import { rememberAccessGrant } from '@/features/gate/access-grant';
import { SessionContext, SIGNED_OUT, type Session, type SessionUser } from '@/features/session/session';

interface RenderAppOptions {
  session?: Session;
  /** Whether this browser already passed the access-code gate. */
  granted?: boolean;
}

/** The whole app, with its real routes and providers, at `path`. */
export function renderApp(path: string, { session = SIGNED_OUT, granted = true }: RenderAppOptions = {}) {
  if (granted) {
    rememberAccessGrant();
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  render(
    <AppProviders>
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </AppProviders>,
  );
  return { router, user };
}

export function signedInAs(
  user: Partial<SessionUser> = {},
  signOut = vi.fn(() => Promise.resolve()),
): Session {
  return {
    status: 'signed-in',
    user: { id: '7f1c2d3e-0000-4000-8000-000000000001', username: 'ada', accessType: 'standard', ...user },
    signOut,
  };
}
