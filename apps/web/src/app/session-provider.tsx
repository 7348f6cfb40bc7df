import { lazy, Suspense, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, Session as AuthSession } from '@datebook/contracts';
import { ownProfileQuery } from '@/features/profile';
import {
  currentSession,
  isComplete,
  SESSION_ACTIONS,
  SessionContext,
  SIGNED_OUT,
  type Session,
} from '@/features/session';
import { BootScreen } from './boot-screen';
import { indexedDbOfflineCache, keepOfflineCache, restoreOfflineCache } from './offline-cache';

/** The member's lists and profile kept for reading offline (see offline-cache.ts). */
const offlineCache = indexedDbOfflineCache();

// The live socket and every feature's push handlers come after the first screen, not with the shell:
// they render nothing, and a signed-in member's screen reads its data over HTTP first anyway.
const LiveUpdates = lazy(() =>
  import('./live-updates').then(({ LiveUpdates }) => ({ default: LiveUpdates })),
);

/**
 * Provides the current session to every screen. The own profile is read alongside, so names and the
 * avatar shown anywhere (the header included) follow edits and live updates.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const authSession = useSyncExternalStore(currentSession.subscribe, currentSession.getSnapshot);
  const restoring = useSyncExternalStore(currentSession.subscribe, currentSession.isRestoring);
  const signedIn = authSession !== null && isComplete(authSession);
  const { data: ownProfile } = useQuery({ ...ownProfileQuery, enabled: signedIn });
  const session = useMemo(() => describeSession(authSession, ownProfile), [authSession, ownProfile]);
  useResetCacheOnUserChange(signedIn ? authSession.user.id : null);
  useOfflineCache(signedIn ? authSession.user.id : null);

  // A reload restores the session from the refresh cookie first: until then nobody is known to be
  // signed in or out, and a signed-in screen must not send its member to log in. The boot frame
  // index.html painted stays on show meanwhile.
  if (restoring) {
    return <BootScreen />;
  }
  return (
    <SessionContext.Provider value={session}>
      {children}
      {signedIn && (
        <Suspense fallback={null}>
          <LiveUpdates
            key={authSession.user.id}
            userId={authSession.user.id}
            accessToken={authSession.accessToken}
          />
        </Suspense>
      )}
    </SessionContext.Provider>
  );
}

function describeSession(authSession: AuthSession | null, ownProfile: OwnProfile | undefined): Session {
  if (!authSession) {
    return SIGNED_OUT;
  }
  const { user: account } = authSession;
  // The profile is the fresher source of the names (a username can change after sign-in).
  const profile = ownProfile?.id === account.id ? ownProfile : undefined;
  const user = {
    id: account.id,
    username: profile?.username ?? account.username,
    accessType: account.accessType,
    email: account.email,
    factors: account.factors,
    avatarUrl: profile?.avatarUrl ?? null,
  };
  return isComplete(authSession)
    ? { status: 'signed-in', user, aal: authSession.aal, ...SESSION_ACTIONS }
    : { status: 'mfa-required', user, aal: authSession.aal, ...SESSION_ACTIONS };
}

/**
 * Cached data answers for whoever asked: a profile's relationship, one's own lists. When someone else
 * (or no one) is signed in, it is all fetched again for them.
 */
function useResetCacheOnUserChange(userId: string | null) {
  const queryClient = useQueryClient();
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== userId) {
      previous.current = userId;
      void queryClient.resetQueries();
    }
  }, [queryClient, userId]);
}

/**
 * A signed-in member's profile and saved lists are read back from the device when the page opens
 * (offline, they are all there is) and kept there as they change. Signing out clears every member's
 * copy, so the next person on this device finds none of it.
 */
function useOfflineCache(userId: string | null) {
  const queryClient = useQueryClient();
  const signedInBefore = useRef(false);
  useEffect(() => {
    if (userId === null) {
      if (signedInBefore.current) {
        signedInBefore.current = false;
        void offlineCache.clear();
        // Loaded on sign-out only: the plans' device store (and its schemas) stay out of the shell.
        void import('@/features/plans').then(({ forgetPlanSnapshots }) => forgetPlanSnapshots());
      }
      return;
    }
    signedInBefore.current = true;
    let stopped = false;
    let stopKeeping = () => {};
    void restoreOfflineCache(queryClient, offlineCache, userId).then(() => {
      if (!stopped) {
        stopKeeping = keepOfflineCache(queryClient, offlineCache, userId);
      }
    });
    return () => {
      stopped = true;
      stopKeeping();
    };
  }, [queryClient, userId]);
}
