import { useState } from 'react';
import { matchRoutes, RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { bypassesGate, GatePage, hasAccessGrant } from '@/features/gate';
import { routes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router, past the access-code gate. A data router fetches the code of the lazy route the
 * URL matches (Home's, at `/`) before it renders anything, the gate included; a first visitor meets
 * the gate, so it is shown here, outside the router, and paints with the shell's code alone. `router`
 * creates the router on first call and returns the same one after: it is called only past the gate,
 * so a first visitor's browser does not fetch the code of a screen the gate hides. Inside the router
 * `AccessGate` still guards the screens reached later (from a shared plan, which anyone may open).
 */
export function AppRouter({ router }: { router: () => Router }) {
  const [gated, setGated] = useState(() => !hasAccessGrant() && !bypassesGateAt(window.location));
  if (gated) {
    return <GatePage onGranted={() => setGated(false)} />;
  }
  return <RouterProvider router={router()} />;
}

function bypassesGateAt(location: Location): boolean {
  return (matchRoutes(routes, location) ?? []).some((match) => bypassesGate(match.route.handle));
}
