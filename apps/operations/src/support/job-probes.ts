import { hostname } from 'node:os';
import type { DataSource } from 'typeorm';
import { createDataSource } from '@datebook/db';
import { waitFor } from '@datebook/server/testing';
import { JobLedger, workerName, type JobRecord } from './job-ledger';
import { RenditionSets } from './job-side-effects';
import { JobSources, noisyPng, type Member, type OwedUpload } from './job-sources';
import {
  startTestCluster,
  type ClusterProcess,
  type TestCluster,
  type TestClusterOptions,
} from './test-cluster';

/** What a fault test uses to make jobs and judge them, on one test cluster. */
export interface JobProbes {
  db: DataSource;
  sources: JobSources;
  ledger: JobLedger;
  sets: RenditionSets;
  close(): Promise<void>;
}

export async function openJobProbes(test: TestCluster): Promise<JobProbes> {
  const { config } = test.env;
  const db = await createDataSource({
    url: config.db.url,
    poolSize: 4,
    applicationName: 'ops-test',
  }).initialize();
  const ledger = new JobLedger(config);
  const sets = new RenditionSets(config, db);
  return {
    db,
    sources: new JobSources(test.cluster.url, db),
    ledger,
    sets,
    async close() {
      sets.close();
      await ledger.close();
      await db.destroy();
    },
  };
}

/** The name a running worker process stamps on the jobs it runs (its `processedBy`). */
export function nameOf(worker: ClusterProcess): string {
  if (worker.pid === null) {
    throw new Error(`${worker.label} is not running`);
  }
  return workerName(hostname(), worker.pid);
}

/**
 * A cluster of this shape and its probes for the tests of one file: started before them, stopped
 * after. Read `test` and `probes` inside the tests (they are set once `beforeAll` has run).
 */
export function useJobCluster(options: TestClusterOptions): { test: TestCluster; probes: JobProbes } {
  const context = {} as { test: TestCluster; probes: JobProbes };
  beforeAll(async () => {
    context.test = await startTestCluster(options);
    context.probes = await openJobProbes(context.test);
  }, 90_000);
  afterAll(async () => {
    await context.probes?.close();
    await context.test?.stop();
  }, 90_000);
  return context;
}

/** The avatars of a burst, and the media jobs active when one was first seen running on a worker. */
export interface CaughtBurst {
  members: Member[];
  uploads: OwedUpload[];
  active: JobRecord[];
}

/**
 * `count` new members save a large avatar at once (every pixel of a big PNG is decoded, so each job
 * runs long enough to be caught in the act); resolves once a worker of `names` is running one.
 */
export async function avatarBurstCaughtRunning(
  probes: JobProbes,
  names: string[],
  label: string,
  count: number,
): Promise<CaughtBurst> {
  const { sources, ledger } = probes;
  const image = await noisyPng(7000);
  const members = await Promise.all(
    Array.from({ length: count }, (_, index) => sources.member(`${label}_m${index}`)),
  );
  const saves = await Promise.all(members.map((member) => sources.saveAvatar(member, image)));
  expect(saves.map((save) => save.status)).toEqual(saves.map(() => 202));
  const active = await waitFor(
    'a media job active on a worker',
    () => ledger.jobs('media', ['active']),
    (jobs) => jobs.some((job) => names.includes(job.processedBy ?? '')),
    30_000,
  );
  return { members, uploads: saves.map((save) => save.upload!), active };
}
