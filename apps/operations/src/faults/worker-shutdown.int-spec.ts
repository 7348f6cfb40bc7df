import { waitFor } from '@datebook/server/testing';
import { byWorker } from '../support/job-ledger';
import { avatarBurstCaughtRunning, nameOf, useJobCluster } from '../support/job-probes';
import { confirmationMails, isCompleteSet } from '../support/job-side-effects';

const AVATARS = 8;
const SIGN_UPS = 10;
/** How long the test lets a draining worker take before it would SIGKILL it (a pod's grace period). */
const GRACE_MS = 30_000;

describe('a worker stopped with SIGTERM', () => {
  const context = useJobCluster({ apis: 1, workers: 2 });

  it('finishes its active jobs, exits 0 within its grace, and every job completes exactly once', async () => {
    const { test, probes } = context;
    const { sources, ledger, sets } = probes;
    const names = test.cluster.workers.map(nameOf);
    const {
      members,
      uploads,
      active: caught,
    } = await avatarBurstCaughtRunning(probes, names, 'drain', AVATARS);
    const victimName = caught.find((job) => names.includes(job.processedBy ?? ''))!.processedBy!;
    const victim = test.cluster.workers[names.indexOf(victimName)]!;
    const stoppingAt = Date.now();
    // The signal goes out at once; the wait is for the exit (SIGKILL once the grace is over).
    const stopping = victim.stop('SIGTERM', GRACE_MS);
    // Mail made while it drains: a draining worker takes no new job, so the other one sends it all.
    const signUps = Promise.all(
      Array.from({ length: SIGN_UPS }, (_, index) => sources.signUp(`drain_s${index}`)),
    );
    const exit = await stopping;
    const drainMs = Date.now() - stoppingAt;
    const held = caught.filter((job) => job.processedBy === victimName).map((job) => job.id);
    const addresses = [...members.map((member) => member.email), ...(await signUps).map((s) => s.email)];

    await waitFor(
      'every job finished, every mail and rendition set there',
      async () => ({
        unfinished: await ledger.unfinished(['mail', 'media']),
        mails: [...(await confirmationMails(addresses)).values()].filter((count) => count > 0).length,
        complete: (await sets.all(uploads)).filter(isCompleteSet).length,
      }),
      (state) => state.unfinished === 0 && state.mails === addresses.length && state.complete === AVATARS,
      45_000,
    );

    const completed = [
      ...(await ledger.jobs('media', ['completed'])),
      ...(await ledger.jobs('mail', ['completed'])),
    ];
    const reruns = completed.filter((job) => job.attemptsStarted !== 1 || job.stalledCounter !== 0);
    const startedWhileDraining = completed.filter(
      (job) => job.processedBy === victimName && (job.processedOn ?? 0) > stoppingAt,
    );
    const mailWhileDraining = completed.filter(
      (job) => job.name === 'mail.auth-link' && (job.processedOn ?? 0) > stoppingAt,
    );
    process.stdout.write(
      `worker shutdown: SIGTERM ${victim.label} holding ${held.length} media job(s); exit ${JSON.stringify(exit)} ` +
        `after ${drainMs} ms (grace ${GRACE_MS}); ${completed.length} jobs completed ` +
        `${JSON.stringify(byWorker(completed))}, re-run ${reruns.length}; while it drained: ` +
        `${mailWhileDraining.length} mails sent by ${JSON.stringify(byWorker(mailWhileDraining))}, ` +
        `${startedWhileDraining.length} jobs started by it\n`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    expect(drainMs).toBeLessThan(GRACE_MS);
    // Its active jobs were finished by it, not left to stall and run again elsewhere.
    for (const id of held) {
      expect(completed.find((job) => job.id === id)?.processedBy).toBe(victimName);
    }
    expect(reruns).toEqual([]);
    expect(mailWhileDraining).toHaveLength(SIGN_UPS);
    expect(mailWhileDraining.filter((job) => job.processedBy === victimName)).toEqual([]);
    expect(completed.filter((job) => job.name === 'media.process-avatar')).toHaveLength(AVATARS);
    expect(completed.filter((job) => job.name === 'mail.auth-link')).toHaveLength(addresses.length);
    expect(await ledger.failedCount(['mail', 'media'])).toBe(0);
    expect(await ledger.jobs('media', ['active'])).toEqual([]);
    expect([...(await confirmationMails(addresses)).values()]).toEqual(addresses.map(() => 1));
    expect((await sets.all(uploads)).filter((set) => !isCompleteSet(set))).toEqual([]);
  }, 90_000);
});
