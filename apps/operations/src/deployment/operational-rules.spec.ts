import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jobs, QUEUES } from '@datebook/contracts';
import { findObject, kubernetesFiles, readCompose, REPO_ROOT, type KubeObject } from './deployment-files';
import {
  composeGraceProblems,
  durationSeconds,
  gracePeriodProblems,
  hpaProblems,
  kedaProblems,
  memoryBytes,
  pdbProblems,
  probeProblems,
  resourceProblems,
} from './operational-rules';
import { composeEnvironment, kubernetesSettings } from './settings-coverage';

const files = kubernetesFiles();
const compose = readCompose();
const { configMap } = kubernetesSettings(files);
const DEPLOYMENTS = ['api', 'worker', 'web'];
/** The queues the worker consumes: every queue some job is put on (as the worker decides). */
const WORKER_QUEUES = QUEUES.filter((queue) => Object.values(jobs).some((job) => job.queue === queue));

/**
 * The longest a worker job runs unattended: the video processor lets each ffmpeg or ffprobe call run
 * up to its timeout. Read from the code, so raising it there fails the grace-period rules here.
 */
function longestJobMs(): number {
  const file = join(REPO_ROOT, 'apps/worker/src/media/processing/video-processor.ts');
  const match = /^const TIMEOUT_MS = ([\d_]+);$/m.exec(readFileSync(file, 'utf8'));
  if (!match) {
    throw new Error(`${file} no longer declares TIMEOUT_MS: update this rule`);
  }
  return Number(match[1]!.replaceAll('_', ''));
}

const kubernetesTiming = { drainMs: Number(configMap.SHUTDOWN_DRAIN_MS ?? 0), longestJobMs: longestJobMs() };
const composeTiming = {
  drainMs: Number(composeEnvironment(compose, 'api').SHUTDOWN_DRAIN_MS ?? 0),
  longestJobMs: longestJobMs(),
};

/** A deep copy of the rendered app with one object changed. */
function withChange(kind: string, name: string, change: (object: KubeObject) => void): KubeObject[] {
  const copy = structuredClone(files.app);
  change(findObject(copy, kind, name));
  return copy;
}

type PodTemplate = {
  template: { spec: { terminationGracePeriodSeconds?: number; containers: Array<Record<string, unknown>> } };
};
const podSpec = (object: KubeObject) => (object.spec as PodTemplate).template.spec;

describe('operational rules of infra/k8s and docker-compose.yml', () => {
  it('scales the api on CPU from two replicas', () => {
    expect(hpaProblems(files.app)).toEqual([]);
    expect(
      hpaProblems(
        withChange('HorizontalPodAutoscaler', 'api', (hpa) => {
          (hpa.spec as { minReplicas: number }).minReplicas = 1;
        }),
      ),
    ).toEqual(['HorizontalPodAutoscaler/api minReplicas 1 < 2']);
  });

  it('has one PodDisruptionBudget per Deployment that lets a pod go but not all', () => {
    expect(pdbProblems(files.app, DEPLOYMENTS)).toEqual([]);
    const blocking = withChange('PodDisruptionBudget', 'worker', (pdb) => {
      (pdb.spec as { maxUnavailable: number }).maxUnavailable = 0;
    });
    expect(pdbProblems(blocking, DEPLOYMENTS)).toEqual([
      'PodDisruptionBudget/worker maxUnavailable 0 blocks every drain',
    ]);
  });

  it('probes readiness on /health/ready and liveness on /health/live', () => {
    expect(probeProblems(files.app, ['api', 'worker'])).toEqual([]);
    const livenessOnReady = withChange('Deployment', 'api', (api) => {
      podSpec(api).containers[0]!.livenessProbe = { httpGet: { path: '/health/ready', port: 'http' } };
    });
    expect(probeProblems(livenessOnReady, ['api', 'worker'])).toEqual([
      'Deployment/api container api: livenessProbe is not GET /health/live',
    ]);
  });

  it('gives the api its drain and the worker its longest job before SIGKILL', () => {
    expect(kubernetesTiming.drainMs).toBeGreaterThan(0);
    expect(gracePeriodProblems(files.app, kubernetesTiming)).toEqual([]);
    const short = withChange('Deployment', 'worker', (worker) => {
      podSpec(worker).terminationGracePeriodSeconds = 60;
    });
    expect(gracePeriodProblems(short, kubernetesTiming)).toEqual([
      expect.stringMatching(/^Deployment\/worker terminationGracePeriodSeconds 60 < \d+/),
    ]);
    process.stdout.write(
      `grace: api drain ${kubernetesTiming.drainMs} ms, worker longest job ${kubernetesTiming.longestJobMs} ms\n`,
    );
  });

  it('gives compose api and worker the same room to stop', () => {
    expect(composeTiming.drainMs).toBeGreaterThan(0);
    expect(composeGraceProblems(compose, composeTiming)).toEqual([]);
    const short = structuredClone(compose) as { services: Record<string, Record<string, unknown>> };
    delete short.services.worker!.stop_grace_period;
    expect(composeGraceProblems(short, composeTiming)).toEqual([
      expect.stringMatching(/^compose worker stop_grace_period 10s < \d+s$/),
    ]);
  });

  it('requests CPU and memory and caps memory in every container', () => {
    expect(resourceProblems([...files.app, ...files.migrate])).toEqual([]);
    const unbounded = withChange('Deployment', 'web', (web) => {
      delete (podSpec(web).containers[0]!.resources as { limits: Record<string, string> }).limits.memory;
    });
    expect(resourceProblems(unbounded)).toEqual(['Deployment/web container web: no memory limit']);
  });

  it("scales the worker with KEDA on the wait list of every queue it consumes, under the ConfigMap's prefix", () => {
    expect(configMap.QUEUE_PREFIX).toBeTruthy();
    expect(kedaProblems(files.optional, configMap.QUEUE_PREFIX!, WORKER_QUEUES)).toEqual([]);
    expect(kedaProblems(files.optional, 'other', WORKER_QUEUES)).toEqual(
      expect.arrayContaining(['ScaledObject/worker has no trigger on other:media:wait']),
    );
    expect(kedaProblems(files.optional, configMap.QUEUE_PREFIX!, [...WORKER_QUEUES, 'reports'])).toEqual([
      `ScaledObject/worker has no trigger on ${configMap.QUEUE_PREFIX}:reports:wait`,
    ]);
    process.stdout.write(`keda: ${WORKER_QUEUES.length} queues watched (${WORKER_QUEUES.join(', ')})\n`);
  });

  it('reads quantities and durations as Kubernetes and compose do', () => {
    expect(memoryBytes('256Mi')).toBe(256 * 2 ** 20);
    expect(memoryBytes('1G')).toBe(1e9);
    expect(durationSeconds('2m30s')).toBe(150);
    expect(() => durationSeconds('30')).toThrow();
  });
});
