import { indexedDbPlanSnapshotStore } from './indexeddb-plan-queue-store';

/** One snapshot store for the page; it opens IndexedDB on first use. */
export const planSnapshotStore = indexedDbPlanSnapshotStore();

/** Sign-out: the plans this device kept for opening offline go with the member. */
export function forgetPlanSnapshots(): Promise<void> {
  return planSnapshotStore.clear();
}
