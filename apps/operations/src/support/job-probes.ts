import { hostname } from 'node:os';
import type { DataSource } from 'typeorm';
import { createDataSource } from '@datebook/db';
import { JobLedger, workerName } from './job-ledger';
import { RenditionSets } from './job-side-effects';
import { JobSources } from './job-sources';
import type { ClusterProcess, TestCluster } from './test-cluster';

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
