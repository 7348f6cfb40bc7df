import { randomUUID } from 'node:crypto';
import { waitFor } from '@datebook/server/testing';
import { startTestCluster, type TestCluster } from '../support/test-cluster';
import { exposedSeries } from './exposition';
import { allQueries, loadDashboard, loadRules } from './observability-files';
import { metricSelectors } from './promql-selectors';

/** Made by Prometheus itself for each target, never exposed by a process. */
const SCRAPE_SERIES = new Set(['up']);
/** Labels Prometheus adds to every series of a target. */
const TARGET_LABELS = new Set(['job', 'instance']);

describe('the dashboard and alert rules', () => {
  let test: TestCluster;

  beforeAll(async () => {
    test = await startTestCluster({ apis: 1, workers: 1, loadBalancer: false });
  }, 90_000);
  afterAll(async () => {
    await test?.stop();
  }, 60_000);

  const scrape = async (url: string) => {
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    return exposedSeries(await response.text());
  };

  it('read only metrics and labels that the api and the worker expose', async () => {
    const [api] = test.cluster.apis;
    const [worker] = test.cluster.workers;
    // Traffic so the labelled series exist: requests of a few kinds and a sign-up, whose
    // confirmation mail is a job the worker counts.
    const username = `metrics_${randomUUID().slice(0, 8)}`;
    const signUp = await fetch(`${api!.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${username}@ops.example.com`, username, password: `pw-${username}-x` }),
    });
    expect(signUp.status).toBe(201);
    for (const path of ['/health/ready', '/api/no-such-route', '/health/live']) {
      await fetch(`${api!.url}${path}`);
    }
    const workerSeries = await waitFor(
      'the worker to count the mail job',
      () => scrape(worker!.url),
      (series) => series.has('jobs_processed_total'),
      30_000,
    );
    const apiSeries = await scrape(api!.url);

    const queries = allQueries(loadDashboard(), loadRules());
    const missing: string[] = [];
    let checked = 0;
    for (const { where, expr } of queries) {
      for (const { name, labels } of metricSelectors(expr)) {
        if (SCRAPE_SERIES.has(name)) {
          continue;
        }
        checked += 1;
        const exposed = [apiSeries.get(name), workerSeries.get(name)].filter((labelSet) => labelSet);
        if (exposed.length === 0) {
          missing.push(`${name} (${where})`);
          continue;
        }
        for (const label of labels.filter((label) => !TARGET_LABELS.has(label))) {
          if (!exposed.some((labelSet) => labelSet!.has(label))) {
            missing.push(`${name}{${label}} (${where})`);
          }
        }
      }
    }
    process.stdout.write(
      `metrics names: ${queries.length} queries, ${checked} selectors checked against ` +
        `${apiSeries.size} api and ${workerSeries.size} worker series, ${missing.length} missing\n`,
    );
    expect(checked).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
