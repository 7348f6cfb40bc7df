import { createContext } from 'react';
import type { AccessType, Aal, Factor, SignInRequest, Session as AuthSession } from '@datebook/contracts';
import { setSession, signIn, signOut } from './current-session';

/** Who is signed in, as the screens need it. */
export interface SessionUser {
  id: string;
  username: string;
  accessType: AccessType;
  email: string;
  factors: Factor[];
  /** The processed avatar; null until the member adds one. */
  avatarUrl: string | null;
}

export interface SessionActions {
  /** Resolves with the new session, which may still need a TOTP code (status 'mfa-required'). */
  signIn: (credentials: SignInRequest) => Promise<AuthSession>;
  /** Never rejects: when the api cannot be told, this browser signs out on its own. */
  signOut: () => Promise<void>;
  setSession: (session: AuthSession | null) => void;
}

export type Session = SessionActions &
  (
    | { status: 'signed-out' }
    /** The password was right but the account wants a TOTP code too: signed out but for that prompt. */
    | { status: 'mfa-required'; user: SessionUser; aal: Aal }
    | { status: 'signed-in'; user: SessionUser; aal: Aal }
  );

export const SESSION_ACTIONS: SessionActions = { signIn, signOut, setSession };

export const SIGNED_OUT: Session = { status: 'signed-out', ...SESSION_ACTIONS };

export const SessionContext = createContext<Session>(SIGNED_OUT);

/** Whether the session has proven all the account asks for (the password, and a TOTP code if enrolled). */
export function isComplete(session: Pick<AuthSession, 'aal' | 'nextAal'>): boolean {
  return session.aal === 'aal2' || session.nextAal === 'aal1';
}
