import { ScrollRestoration } from 'react-router-dom';
import { AccessGate } from '@/features/gate/access-gate';
import { AppLayout } from '@/features/shell/app-layout';

/** The root of every screen: behind the access-code gate, inside the app's frame. */
export function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <AccessGate>
        <AppLayout />
      </AccessGate>
    </>
  );
}
