import { createContext } from 'react';
import type { AccessType } from '@datebook/contracts';

/** Who is signed in, as the screens need it. */
export interface SessionUser {
  id: string;
  username: string;
  accessType: AccessType;
}

export type Session =
  { status: 'signed-out' } | { status: 'signed-in'; user: SessionUser; signOut: () => Promise<void> };

export const SIGNED_OUT: Session = { status: 'signed-out' };

export const SessionContext = createContext<Session>(SIGNED_OUT);
