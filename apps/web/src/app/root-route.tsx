import { ScrollRestoration } from 'react-router-dom';
import { AccessGate } from '@/features/gate';
import { AppLayout } from '@/features/shell';

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
