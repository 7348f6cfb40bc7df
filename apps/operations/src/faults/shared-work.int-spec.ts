import { waitFor } from '@datebook/server/testing';
import { byWorker } from '../support/job-ledger';
import { nameOf, useJobCluster } from '../support/job-probes';
import { confirmationMails, isCompleteSet } from '../support/job-side-effects';
import { noisyPng } from '../support/job-sources';

const MEMBERS = 10;
const SIGN_UPS = 20;

describe('work is shared by two workers', () => {
  const context = useJobCluster({ apis: 2, workers: 2 });

  it('spreads a burst of mail and media jobs over both workers and runs each side effect once', async () => {
    const { test, probes } = context;
    const workers = test.cluster.workers.map(nameOf);
    const { sources, ledger, sets } = probes;
    const image = await noisyPng(3000);

    // The members' sign-ups mail too: 30 confirmation mails, then 10 avatars at once.
    const [members, signUps] = await Promise.all([
      Promise.all(Array.from({ length: MEMBERS }, (_, index) => sources.member(`shared_m${index}`))),
      Promise.all(Array.from({ length: SIGN_UPS }, (_, index) => sources.signUp(`shared_s${index}`))),
    ]);
    expect(signUps.map((signUp) => signUp.status)).toEqual(signUps.map(() => 201));
    const saves = await Promise.all(members.map((member) => sources.saveAvatar(member, image)));
    expect(saves.map((save) => save.status)).toEqual(saves.map(() => 202));
    const uploads = saves.map((save) => save.upload!);
    const addresses = [...members.map((member) => member.email), ...signUps.map((signUp) => signUp.email)];

    await waitFor(
      'every mail, every rendition set and empty queues',
      async () => ({
        mails: [...(await confirmationMails(addresses)).values()].filter((count) => count > 0).length,
        sets: (await sets.all(uploads)).filter(isCompleteSet).length,
        unfinished: await ledger.unfinished(['mail', 'media']),
      }),
      (state) => state.mails === addresses.length && state.sets === MEMBERS && state.unfinished === 0,
      45_000,
    );

    const mails = await confirmationMails(addresses);
    expect([...mails.values()]).toEqual(addresses.map(() => 1));
    expect((await sets.all(uploads)).every(isCompleteSet)).toBe(true);

    const mailJobs = (await ledger.jobs('mail', ['completed'])).filter(
      (job) => job.name === 'mail.auth-link',
    );
    const mediaJobs = await ledger.jobs('media', ['completed']);
    expect(mailJobs).toHaveLength(addresses.length);
    expect(mediaJobs).toHaveLength(MEMBERS);
    for (const job of [...mailJobs, ...mediaJobs]) {
      expect({ id: job.id, started: job.attemptsStarted, outcome: job.outcome }).toEqual({
        id: job.id,
        started: 1,
        outcome: 'done',
      });
    }
    expect(await ledger.failedCount(['mail', 'media'])).toBe(0);

    const mailByWorker = byWorker(mailJobs);
    const mediaByWorker = byWorker(mediaJobs);
    process.stdout.write(
      `shared work: ${addresses.length} mails (${workers.map((name) => mailByWorker[name] ?? 0).join(' + ')}), ` +
        `${MEMBERS} rendition sets (${workers.map((name) => mediaByWorker[name] ?? 0).join(' + ')}) ` +
        `over workers ${workers.join(', ')}; duplicates 0\n`,
    );
    expect(Object.keys(mailByWorker).sort()).toEqual([...workers].sort());
    expect(Object.keys(mediaByWorker).sort()).toEqual([...workers].sort());
  }, 90_000);
});
