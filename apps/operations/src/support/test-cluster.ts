import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestEnvironment, processEnvironment, type TestEnvironment } from '@datebook/server/testing';
import * as clusters from '../../../../scripts/lib/cluster.cjs';

export type { Cluster, ClusterProcess, OwnRedis } from '../../../../scripts/lib/cluster.cjs';

export interface TestClusterOptions {
  apis?: number;
  workers?: number;
  /** nginx in front of the apis (default true). */
  loadBalancer?: boolean;
  /** Settings for createTestEnvironment (and so for every process), e.g. REDIS_URL of an own Redis. */
  settings?: Record<string, string>;
}

export interface TestCluster {
  cluster: clusters.Cluster;
  /** The test file's own database, Redis key prefix, S3 and MailDev, as every process sees them. */
  env: TestEnvironment;
  /** The environment the processes run with (createTestEnvironment's config as variables). */
  processEnv: Record<string, string>;
  /** Stops every process, then drops the database. */
  stop(): Promise<void>;
}

/**
 * The product scaled out for one test file: api and worker processes from the built dist on the
 * file's own database and Redis prefix, with nginx in front, sharing one signing key and public
 * address as replicas behind one load balancer do.
 */
export async function startTestCluster(options: TestClusterOptions = {}): Promise<TestCluster> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const loadBalancerPort = options.loadBalancer === false ? null : await clusters.freePort();
  const env = await createTestEnvironment({
    AUTH_JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
    ...(loadBalancerPort === null ? {} : { PUBLIC_URL: `http://127.0.0.1:${loadBalancerPort}` }),
    ...options.settings,
  });
  const processEnv = { ...processEnvironment(env.config), ...options.settings };
  const logDir = join(tmpdir(), `datebook-ops-${env.databaseName}`);
  mkdirSync(logDir, { recursive: true });
  try {
    const cluster = await clusters.startCluster({
      env: processEnv,
      apis: options.apis ?? 2,
      workers: options.workers ?? 2,
      loadBalancer: loadBalancerPort === null ? false : { port: loadBalancerPort },
      logDir,
    });
    return {
      cluster,
      env,
      processEnv,
      async stop() {
        await cluster.stop();
        await env.cleanup();
      },
    };
  } catch (error) {
    await env.cleanup();
    throw error;
  }
}
