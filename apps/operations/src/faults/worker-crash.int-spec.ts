import { waitFor } from '@datebook/server/testing';
import { avatarBurstCaughtRunning, nameOf, useJobCluster } from '../support/job-probes';
import { isCompleteSet } from '../support/job-side-effects';

const AVATARS = 6;
/** The bound: a killed worker's job is finished by another within about 35 s. */
const TAKEOVER_BOUND_MS = 35_000;

describe('a worker killed with SIGKILL mid-job', () => {
  const context = useJobCluster({ apis: 1, workers: 2 });

  it('has its job finished by the other worker, with one rendition set and nothing half-written', async () => {
    const { test, probes } = context;
    const { ledger, sets } = probes;
    const names = test.cluster.workers.map(nameOf);
    const { uploads, active: caught } = await avatarBurstCaughtRunning(probes, names, 'crash', AVATARS);
    // The job started last is the furthest from done: its worker is the one to kill.
    const victimName = caught
      .filter((job) => names.includes(job.processedBy ?? ''))
      .sort((a, b) => (b.processedOn ?? 0) - (a.processedOn ?? 0))[0]!.processedBy!;
    const victim = test.cluster.workers[names.indexOf(victimName)]!;
    const survivor = test.cluster.workers.find((worker) => worker !== victim)!;
    const survivorName = names[test.cluster.workers.indexOf(survivor)];
    victim.signal('SIGKILL');
    const killedAt = Date.now();
    const held = new Set(caught.filter((job) => job.processedBy === victimName).map((job) => job.id));
    expect(await victim.exited()).toEqual({ code: null, signal: 'SIGKILL' });

    await waitFor(
      'the held jobs finished elsewhere and every rendition set complete',
      async () => ({
        unfinished: await ledger.unfinished(['media']),
        complete: (await sets.all(uploads)).filter(isCompleteSet).length,
      }),
      (state) => state.unfinished === 0 && state.complete === AVATARS,
      TAKEOVER_BOUND_MS + 10_000,
    );

    const completed = await ledger.jobs('media', ['completed']);
    // A held job may have finished in the moment between the look and the kill; the rest were mid-job.
    const takenOver = completed.filter((job) => held.has(job.id) && (job.finishedOn ?? 0) > killedAt);
    const takeoverMs = Math.max(...takenOver.map((job) => job.finishedOn! - killedAt));
    process.stdout.write(
      `worker crash: SIGKILL ${victim.label} holding ${held.size} media job(s), ${takenOver.length} mid-job; ` +
        `${survivor.label} finished them ${takeoverMs} ms after the kill (bound ${TAKEOVER_BOUND_MS}); ` +
        `${completed.length}/${AVATARS} jobs completed, ` +
        `${(await sets.all(uploads)).filter(isCompleteSet).length} complete rendition sets, ` +
        `failed ${await ledger.failedCount(['media'])}\n`,
    );
    expect(takenOver.length).toBeGreaterThan(0);
    for (const job of takenOver) {
      expect({ id: job.id, by: job.processedBy, stalled: job.stalledCounter }).toEqual({
        id: job.id,
        by: survivorName,
        stalled: 1,
      });
    }
    expect(takeoverMs).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
    expect(completed).toHaveLength(AVATARS);
    expect(await ledger.failedCount(['media'])).toBe(0);
    // One rendition set each: the row ready, its sizes in the bucket, no original or stray object left.
    expect((await sets.all(uploads)).filter((set) => !isCompleteSet(set))).toEqual([]);
    expect(survivor.running).toBe(true);
  }, 90_000);
});
