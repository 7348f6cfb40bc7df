import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '@/app/app-providers';
import { routes } from '@/app/routes';
import { rememberAccessGrant } from '@/features/gate';
import { SESSION_ACTIONS, SessionContext, type Session, type SessionUser } from '@/features/session';

interface RenderAppOptions {
  /** A session to show instead of the real one, which starts signed out. */
  session?: Session;
  /** Whether this browser already passed the access-code gate. */
  granted?: boolean;
}

/** The whole app, with its real routes and providers, at `path`. */
export function renderApp(path: string, { session, granted = true }: RenderAppOptions = {}) {
  if (granted) {
    rememberAccessGrant();
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const app = <RouterProvider router={router} />;
  render(
    <AppProviders>
      {session ? <SessionContext.Provider value={session}>{app}</SessionContext.Provider> : app}
    </AppProviders>,
  );
  return { router, user };
}

export function signedInAs(
  user: Partial<SessionUser> = {},
  signOut = vi.fn(() => Promise.resolve()),
): Session {
  return {
    ...SESSION_ACTIONS,
    status: 'signed-in',
    aal: 'aal1',
    user: {
      id: '7f1c2d3e-0000-4000-8000-000000000001',
      username: 'ada',
      accessType: 'standard',
      email: 'ada@example.com',
      factors: [],
      avatarUrl: null,
      ...user,
    },
    signOut,
  };
}
