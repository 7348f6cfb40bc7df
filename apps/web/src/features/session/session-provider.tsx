import type { ReactNode } from 'react';
import { SessionContext, SIGNED_OUT } from './session';

/**
 * Provides the current session to every screen. Accounts do not exist yet, so everyone is signed
 * out; signing in will replace the value here and nothing that reads it has to change.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  return <SessionContext.Provider value={SIGNED_OUT}>{children}</SessionContext.Provider>;
}
