import type { PlanDocument } from '@datebook/contracts';
import { isApiError } from '@/lib/api-error';
import type { PlanSnapshotStore } from './indexeddb-plan-queue-store';

/**
 * Loads a plan for the editor: from the api, keeping what it sends as the device's snapshot; when
 * the api cannot be reached at all, from that snapshot (the queue's unsent edits go on top, and
 * the catch-up on reconnect brings what others did meanwhile). A plan the api says is gone or no
 * longer this member's loses its snapshot: it must not open offline either.
 */
export async function loadPlan(
  planId: string,
  userId: string,
  fetchPlan: (planId: string) => Promise<PlanDocument>,
  snapshots: PlanSnapshotStore,
): Promise<PlanDocument> {
  try {
    const document = await fetchPlan(planId);
    void snapshots.save(planId, userId, document);
    return document;
  } catch (error) {
    if (isApiError(error) && error.code === 'NETWORK_ERROR') {
      const snapshot = await snapshots.load(planId, userId);
      if (snapshot) {
        return snapshot;
      }
    } else if (isApiError(error) && error.isClientError) {
      await snapshots.remove(planId, userId);
    }
    throw error;
  }
}
