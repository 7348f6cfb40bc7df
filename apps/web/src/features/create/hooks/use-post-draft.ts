import { useSyncExternalStore } from 'react';
import { draftStore } from '../draft/draft-store';

/** The create flow's draft: `null` while it is read from storage. */
export function usePostDraft() {
  const snapshot = useSyncExternalStore(draftStore.subscribe, draftStore.getSnapshot);
  return snapshot.status === 'ready' ? snapshot.draft : null;
}
