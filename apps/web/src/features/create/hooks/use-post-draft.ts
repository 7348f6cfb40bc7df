import { useCallback, useSyncExternalStore } from 'react';
import { useSignedInUser } from '@/features/session';
import { draftStore } from '../draft/draft-store';

/** The signed-in member's draft in the create flow: `null` while it is read from storage. */
export function usePostDraft() {
  const { id } = useSignedInUser();
  const subscribe = useCallback((listener: () => void) => draftStore.subscribe(id, listener), [id]);
  const snapshot = useSyncExternalStore(subscribe, draftStore.getSnapshot);
  // Until the store has switched to this member, what it holds may be the previous member's.
  return snapshot.status === 'ready' && snapshot.userId === id ? snapshot.draft : null;
}
