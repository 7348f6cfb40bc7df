import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { waitFor } from '@datebook/server/testing';
import { startOwnRedis, type OwnRedis } from '../../../../scripts/lib/cluster.cjs';
import { acknowledged, startJobLoad } from '../support/job-load';
import { openJobProbes, type JobProbes } from '../support/job-probes';
import { confirmationMails, isCompleteSet } from '../support/job-side-effects';
import { noisyPng } from '../support/job-sources';
import { startTestCluster, type TestCluster } from '../support/test-cluster';

const LOAD_BEFORE_MS = 3_000;
const OUTAGE_MS = 4_000;
const LOAD_AFTER_MS = 4_000;
const MEDIA_MEMBERS = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface MediaStatus {
  uploadId: string;
  status: string;
}

describe('Redis killed with SIGKILL under load and restarted', () => {
  let redis: OwnRedis;
  let test: TestCluster;
  let probes: JobProbes;
  let socket: Socket | undefined;

  beforeAll(async () => {
    redis = await startOwnRedis({ dir: mkdtempSync(join(tmpdir(), 'datebook-ops-redis-')) });
    test = await startTestCluster({ apis: 2, workers: 2, settings: { REDIS_URL: redis.url } });
    probes = await openJobProbes(test);
  }, 90_000);

  afterAll(async () => {
    socket?.close();
    await probes?.close();
    await test?.stop();
    await redis?.stop();
  }, 90_000);

  it('loses no acknowledged job, and every process and socket comes back by itself', async () => {
    const { sources, ledger, sets } = probes;
    const image = await noisyPng(1000);
    const processes = [...test.cluster.apis, ...test.cluster.workers];
    const watcher = await sources.member('redis_watch');
    const members = await Promise.all(
      Array.from({ length: MEDIA_MEMBERS }, (_, index) => sources.member(`redis_m${index}`)),
    );

    // A tab of the watcher through nginx, reconnecting as the web app's client does.
    socket = io(test.cluster.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: watcher.accessToken },
      forceNew: true,
    });
    const statuses: MediaStatus[] = [];
    let connects = 0;
    let disconnects = 0;
    socket.on('connect', () => (connects += 1));
    socket.on('disconnect', () => (disconnects += 1));
    socket.on('media.status', (payload: MediaStatus) => statuses.push(payload));
    let followEvents = 0;
    socket.on('follow.changed', () => (followEvents += 1));
    await waitFor(
      'the socket connected',
      () => Promise.resolve(connects),
      (count) => count > 0,
    );
    const liveEvent = async (phase: string) => {
      const { upload, status } = await sources.saveAvatar(watcher, image);
      expect({ phase, status }).toEqual({ phase, status: 202 });
      await waitFor(
        `media.status of the watcher's avatar ${phase}`,
        () =>
          Promise.resolve(
            statuses.some((event) => event.uploadId === upload?.uploadId && event.status === 'ready'),
          ),
        (seen) => seen,
        30_000,
      );
    };
    await liveEvent('before the fault');

    const load = startJobLoad(sources, members, image, {
      lanes: 4,
      label: 'redis_s',
      followed: watcher,
      plan: { owner: watcher, ...(await sources.createPlan(watcher)) },
    });
    await sleep(LOAD_BEFORE_MS);
    const killedAt = Date.now();
    await redis.kill('SIGKILL');
    await sleep(OUTAGE_MS);
    await redis.start();
    const restartedAt = Date.now();
    let readyMs = 0;
    const readyAgain = waitFor(
      'every process ready again',
      () => Promise.all(processes.map((member) => readiness(member.url))),
      (statusCodes) => statusCodes.every((status) => status === 200),
      30_000,
    ).finally(() => (readyMs = Date.now() - restartedAt));
    // Awaited below, unless an earlier expectation fails first.
    readyAgain.catch(() => undefined);
    await sleep(LOAD_AFTER_MS);
    const answers = await load.stop();
    // A process that died says why in its last lines.
    const exited = processes.filter((member) => !member.running);
    expect(exited.map((member) => `${member.label}: ${member.lastOutput(8)}`)).toEqual([]);
    expect(await readyAgain).toEqual(processes.map(() => 200));
    await liveEvent('after the restart');

    const signUps = answers.filter((answer) => answer.kind === 'sign-up' && acknowledged(answer));
    const media = answers.filter(
      (answer) => (answer.kind === 'avatar' || answer.kind === 'date') && acknowledged(answer),
    );
    const addresses = signUps.map((answer) => answer.email!);
    const uploads = media.map((answer) => answer.upload!);
    const postIds = media.flatMap((answer) => (answer.postId ? [answer.postId] : []));
    const postJobsDone = async () => {
      const done = [
        ...(await ledger.jobs('search-index', ['completed'])),
        ...(await ledger.jobs('feed', ['completed'])),
      ];
      const doneFor = (name: string) =>
        new Set(done.filter((job) => job.name === name).map((job) => String(job.data.postId)));
      const indexed = doneFor('search.index-post');
      const scored = doneFor('feed.score-post');
      return postIds.filter((id) => indexed.has(id) && scored.has(id)).length;
    };
    const owed = await waitFor(
      'the jobs of every acknowledged request',
      async () => ({
        mails: [...(await confirmationMails(addresses)).values()],
        sets: await sets.all(uploads),
        posts: await postJobsDone(),
        unfinished: await ledger.unfinished(['mail', 'media']),
      }),
      (state) =>
        state.unfinished === 0 &&
        state.mails.every((count) => count > 0) &&
        state.sets.every(isCompleteSet) &&
        state.posts === postIds.length,
      60_000,
    ).catch((error: Error) => error);

    const during = answers.filter((answer) => answer.at >= killedAt && answer.at < restartedAt);
    const failed = answers.filter((answer) => !acknowledged(answer));
    const follows = answers.filter((answer) => answer.kind === 'follow');
    const renames = answers.filter((answer) => answer.kind === 'plan');
    const mails = [...(await confirmationMails(addresses)).values()];
    const completeSets = (await sets.all(uploads)).filter(isCompleteSet).length;
    const postsDone = await postJobsDone();
    process.stdout.write(
      `redis restart: ${answers.length} requests (${during.length} answered during the ${OUTAGE_MS} ms ` +
        `outage), ${failed.length} failed ${JSON.stringify(countBy(failed.map((answer) => answer.status)))}; ` +
        `acknowledged: ${signUps.length} sign-ups -> ${mails.filter((n) => n === 1).length} mailed once ` +
        `(${mails.filter((n) => n === 0).length} lost, ${mails.filter((n) => n > 1).length} more than once), ` +
        `${uploads.length} avatars and dates -> ${completeSets} rendition sets, ${postIds.length} dates -> ` +
        `${postsDone} indexed and scored, ${follows.filter(acknowledged).length}/${follows.length} follows ` +
        `(${followEvents} follow.changed heard), ${renames.filter(acknowledged).length}/${renames.length} ` +
        `plan renames; ready again ${readyMs} ms after the restart; socket connects ` +
        `${connects}, disconnects ${disconnects}; processes exited ${processes.filter((p) => !p.running).length}\n`,
    );
    expect(owed).not.toBeInstanceOf(Error);
    expect(processes.filter((member) => !member.running).map((member) => member.label)).toEqual([]);
    expect(signUps.length).toBeGreaterThan(0);
    expect(postIds.length).toBeGreaterThan(0);
    expect(mails).toEqual(addresses.map(() => 1));
    expect(completeSets).toBe(uploads.length);
    expect(postsDone).toBe(postIds.length);
    expect(await ledger.failedCount(['mail', 'media'])).toBe(0);
    expect(socket.connected).toBe(true);
    // A request refused for the outage says so (503, try again), never 'something went wrong'.
    expect(failed.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
  }, 90_000);
});

async function readiness(url: string): Promise<number> {
  try {
    const response = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2_000) });
    return response.status;
  } catch {
    return 0;
  }
}

function countBy(values: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) {
    counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}
