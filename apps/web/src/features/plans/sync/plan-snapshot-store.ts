import { indexedDbPlanSnapshotStore } from './indexeddb-plan-queue-store';

/** One snapshot store for the page; it opens IndexedDB on first use. */
export const planSnapshotStore = indexedDbPlanSnapshotStore();
