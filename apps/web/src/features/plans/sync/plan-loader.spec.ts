import { describe, expect, it, vi } from 'vitest';
import type { PlanDocument } from '@datebook/contracts';
import { ApiError } from '@/lib/api-error';
import { planDocument } from '../testing/plan-fixtures';
import type { PlanSnapshotStore } from './indexeddb-plan-queue-store';
import { loadPlan } from './plan-loader';

function memorySnapshots(): PlanSnapshotStore & { rows: Map<string, PlanDocument> } {
  const rows = new Map<string, PlanDocument>();
  return {
    rows,
    load: (planId, userId) => Promise.resolve(rows.get(`${userId}:${planId}`) ?? null),
    save: (planId, userId, document) => Promise.resolve(void rows.set(`${userId}:${planId}`, document)),
    remove: (planId, userId) => Promise.resolve(void rows.delete(`${userId}:${planId}`)),
    clear: () => Promise.resolve(rows.clear()),
  };
}

const unreachable = () =>
  Promise.reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Something went wrong.' }));

describe('loadPlan', () => {
  it("keeps what the api sends as the device's snapshot, and opens from it when the api is out of reach", async () => {
    const snapshots = memorySnapshots();
    const plan = planDocument({ id: '42', title: 'Picnic', version: 7 });

    await expect(loadPlan('42', 'ada', () => Promise.resolve(plan), snapshots)).resolves.toEqual(plan);
    await expect(loadPlan('42', 'ada', unreachable, snapshots)).resolves.toEqual(plan);
  });

  it("fails as before offline without a snapshot, and never opens another member's", async () => {
    const snapshots = memorySnapshots();
    await snapshots.save('42', 'sam', planDocument({ id: '42' }));

    await expect(loadPlan('42', 'ada', unreachable, snapshots)).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });

  it('drops the snapshot of a plan the api says is gone or no longer the member’s', async () => {
    const snapshots = memorySnapshots();
    await snapshots.save('42', 'ada', planDocument({ id: '42' }));
    const gone = vi.fn(() =>
      Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Not found' })),
    );

    await expect(loadPlan('42', 'ada', gone, snapshots)).rejects.toMatchObject({ status: 404 });
    expect(snapshots.rows.size).toBe(0);
    await expect(loadPlan('42', 'ada', unreachable, snapshots)).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });

  it('keeps the snapshot when the server fails for its own reasons', async () => {
    const snapshots = memorySnapshots();
    await snapshots.save('42', 'ada', planDocument({ id: '42' }));
    const broken = () => Promise.reject(new ApiError({ status: 503, code: 'INTERNAL', message: 'Down' }));

    await expect(loadPlan('42', 'ada', broken, snapshots)).rejects.toMatchObject({ status: 503 });
    expect(snapshots.rows.size).toBe(1);
  });
});
