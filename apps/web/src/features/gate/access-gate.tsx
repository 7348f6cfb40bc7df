import { useState, type ReactNode } from 'react';
import { useMatches } from 'react-router-dom';
import { hasAccessGrant } from './access-grant';
import { bypassesGate } from './gate-bypass';
import { GatePage } from './gate-page';

/**
 * Until this browser holds a grant, every screen shows the gate's placeholder page instead, except
 * the routes marked with GATE_BYPASS. The api checks the code; the grant is remembered locally.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const [granted, setGranted] = useState(hasAccessGrant);
  const bypassed = useMatches().some((match) => bypassesGate(match.handle));
  if (granted || bypassed) {
    return children;
  }
  return <GatePage onGranted={() => setGranted(true)} />;
}
