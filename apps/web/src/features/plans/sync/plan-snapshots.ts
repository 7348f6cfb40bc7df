/**
 * Sign-out: the plans this device kept for opening offline go with the member. The store (and the
 * plan's schema it checks snapshots with) loads then: the plans' index is in the shell, the store
 * must not be.
 */
export async function forgetPlanSnapshots(): Promise<void> {
  const { planSnapshotStore } = await import('./plan-snapshot-store');
  await planSnapshotStore.clear();
}
