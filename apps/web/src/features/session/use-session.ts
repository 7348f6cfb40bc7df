import { useContext } from 'react';
import { SessionContext, type Session, type SessionUser } from './session';

export function useSession(): Session {
  return useContext(SessionContext);
}

/** The signed-in user, or null for a visitor. */
export function useSessionUser(): SessionUser | null {
  const session = useSession();
  return session.status === 'signed-in' ? session.user : null;
}

/** The user of a screen that only signed-in routes render (see RequireSignedIn). */
export function useSignedInUser(): SessionUser {
  const user = useSessionUser();
  if (!user) {
    throw new Error('useSignedInUser is for screens behind RequireSignedIn.');
  }
  return user;
}
