/** Who is signed in, as every screen sees it, and this browser's session store behind it. */
export { currentSession } from './current-session';
export {
  isComplete,
  SESSION_ACTIONS,
  SessionContext,
  SIGNED_OUT,
  type Session,
  type SessionUser,
} from './session';
export { useSession, useSessionUser, useSignedInUser } from './use-session';
