import { findObject, objectLabel, type KubeObject } from './deployment-files';

/**
 * The rules the deployment files must keep for scale-out and graceful shutdown to work as the fault
 * tests prove them locally. Each function returns its problems, one line each; empty means it holds.
 */

/** Time a stopping process needs beyond its drain for requests and jobs in flight, and for exit. */
export const SHUTDOWN_MARGIN_SECONDS = 15;

interface Probe {
  httpGet?: { path?: string; port?: string | number };
}
interface Container {
  name: string;
  ports?: Array<{ name?: string; containerPort: number }>;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command?: string[] }; sleep?: { seconds: number } } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface PodSpec {
  containers: Container[];
  terminationGracePeriodSeconds?: number;
}
interface Workload {
  replicas?: number;
  template: { metadata?: { labels?: Record<string, string> }; spec: PodSpec };
}

const WORKLOAD_KINDS = ['Deployment', 'Job'];
const workloads = (objects: KubeObject[]): KubeObject[] =>
  objects.filter((object) => WORKLOAD_KINDS.includes(object.kind));
const workloadSpec = (object: KubeObject): Workload => object.spec as Workload;
/** Kubernetes' default when a pod sets none. */
const DEFAULT_GRACE_SECONDS = 30;

/** Bytes of a memory quantity (`256Mi`, `1Gi`, `500M`, plain bytes). */
export function memoryBytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(quantity);
  if (!match) {
    throw new Error(`not a memory quantity: ${quantity}`);
  }
  const units: Record<string, number> = {
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
    k: 1e3,
    M: 1e6,
    G: 1e9,
    T: 1e12,
  };
  return Number(match[1]) * (match[2] ? units[match[2]]! : 1);
}

/** Seconds of a compose duration (`90s`, `2m30s`, `1h`). */
export function durationSeconds(duration: string): number {
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== duration) {
    throw new Error(`not a duration: ${duration}`);
  }
  const units: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 1e-3, us: 1e-6 };
  return parts.reduce((sum, part) => sum + Number(part[1]) * units[part[2]!]!, 0);
}

/** The api scales on CPU with the HPA, never below two replicas (one can be drained at any time). */
export function hpaProblems(objects: KubeObject[]): string[] {
  const hpa = objects.find(
    (object) =>
      object.kind === 'HorizontalPodAutoscaler' &&
      (object.spec as { scaleTargetRef?: { kind?: string; name?: string } }).scaleTargetRef?.name === 'api',
  );
  if (!hpa) {
    return ['no HorizontalPodAutoscaler targets Deployment/api'];
  }
  const spec = hpa.spec as {
    scaleTargetRef: { kind: string };
    minReplicas?: number;
    maxReplicas: number;
    metrics?: Array<{ type: string; resource?: { name: string } }>;
  };
  const problems: string[] = [];
  if (spec.scaleTargetRef.kind !== 'Deployment') {
    problems.push(`${objectLabel(hpa)} targets a ${spec.scaleTargetRef.kind}, not the Deployment`);
  }
  if ((spec.minReplicas ?? 1) < 2) {
    problems.push(`${objectLabel(hpa)} minReplicas ${spec.minReplicas ?? 1} < 2`);
  }
  if (spec.maxReplicas <= (spec.minReplicas ?? 1)) {
    problems.push(`${objectLabel(hpa)} maxReplicas ${spec.maxReplicas} leaves no room to scale`);
  }
  if (!spec.metrics?.some((metric) => metric.type === 'Resource' && metric.resource?.name === 'cpu')) {
    problems.push(`${objectLabel(hpa)} does not scale on CPU`);
  }
  return problems;
}

const matches = (selector: Record<string, string>, labels: Record<string, string>): boolean =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/**
 * Each Deployment has a PodDisruptionBudget selecting its pods that lets exactly some pods go: one
 * that allows none blocks every node drain, one that allows all protects nothing.
 */
export function pdbProblems(objects: KubeObject[], deployments: string[]): string[] {
  const pdbs = objects.filter((object) => object.kind === 'PodDisruptionBudget');
  return deployments.flatMap((name) => {
    const deployment = workloadSpec(findObject(objects, 'Deployment', name));
    const podLabels = deployment.template.metadata?.labels ?? {};
    const covering = pdbs.filter((pdb) =>
      matches(
        (pdb.spec as { selector?: { matchLabels?: Record<string, string> } }).selector?.matchLabels ?? {},
        podLabels,
      ),
    );
    if (covering.length !== 1) {
      return [`Deployment/${name} is covered by ${covering.length} PodDisruptionBudgets, not 1`];
    }
    const pdb = covering[0]!;
    const spec = pdb.spec as { minAvailable?: number | string; maxUnavailable?: number | string };
    if (typeof spec.minAvailable === 'string' || typeof spec.maxUnavailable === 'string') {
      return [`${objectLabel(pdb)} uses a percentage; use a count, which the rules here check`];
    }
    if (spec.maxUnavailable !== undefined) {
      return spec.maxUnavailable >= 1 ? [] : [`${objectLabel(pdb)} maxUnavailable 0 blocks every drain`];
    }
    const minAvailable = spec.minAvailable ?? 0;
    const replicas = deployment.replicas ?? 1;
    return minAvailable >= 1 && minAvailable < replicas
      ? []
      : [`${objectLabel(pdb)} minAvailable ${minAvailable} with ${replicas} replicas`];
  });
}

/** Readiness on /health/ready (dependencies, draining), liveness on /health/live (the process only). */
export function probeProblems(objects: KubeObject[], deployments: string[]): string[] {
  return deployments.flatMap((name) =>
    workloadSpec(findObject(objects, 'Deployment', name)).template.spec.containers.flatMap((container) => {
      const where = `Deployment/${name} container ${container.name}`;
      const problems: string[] = [];
      if (container.readinessProbe?.httpGet?.path !== '/health/ready') {
        problems.push(`${where}: readinessProbe is not GET /health/ready`);
      }
      if (container.livenessProbe?.httpGet?.path !== '/health/live') {
        problems.push(`${where}: livenessProbe is not GET /health/live`);
      }
      const portNames = (container.ports ?? []).map((port) => port.name);
      for (const probe of [container.readinessProbe, container.livenessProbe]) {
        const port = probe?.httpGet?.port;
        if (typeof port === 'string' && !portNames.includes(port)) {
          problems.push(`${where}: a probe names port ${port}, which the container does not declare`);
        }
      }
      return problems;
    }),
  );
}

/** Seconds the preStop hook sleeps before the container gets SIGTERM (0 without one). */
export function preStopSeconds(container: Container): number {
  const preStop = container.lifecycle?.preStop;
  if (preStop?.sleep) {
    return preStop.sleep.seconds;
  }
  const command = preStop?.exec?.command ?? [];
  return command[0] === 'sleep' ? Number(command[1]) : 0;
}

/**
 * The grace period covers the whole stop: the preStop sleep (it counts against the grace period),
 * then the api's drain (SHUTDOWN_DRAIN_MS) or the worker's longest job, then a margin.
 */
export function gracePeriodProblems(
  objects: KubeObject[],
  options: { drainMs: number; longestJobMs: number },
): string[] {
  const needed: Record<string, number> = {
    api: options.drainMs / 1000 + SHUTDOWN_MARGIN_SECONDS,
    worker: options.longestJobMs / 1000 + SHUTDOWN_MARGIN_SECONDS,
  };
  return Object.entries(needed).flatMap(([name, seconds]) => {
    const pod = workloadSpec(findObject(objects, 'Deployment', name)).template.spec;
    const total = seconds + Math.max(0, ...pod.containers.map(preStopSeconds));
    const grace = pod.terminationGracePeriodSeconds ?? DEFAULT_GRACE_SECONDS;
    return grace >= total ? [] : [`Deployment/${name} terminationGracePeriodSeconds ${grace} < ${total}`];
  });
}

/** Every container requests CPU and memory (scheduling, HPA utilisation) and caps its memory. */
export function resourceProblems(objects: KubeObject[]): string[] {
  return workloads(objects).flatMap((object) =>
    workloadSpec(object).template.spec.containers.flatMap((container) => {
      const where = `${objectLabel(object)} container ${container.name}`;
      const requests = container.resources?.requests ?? {};
      const limits = container.resources?.limits ?? {};
      const problems = [
        ...(requests.cpu ? [] : [`${where}: no cpu request`]),
        ...(requests.memory ? [] : [`${where}: no memory request`]),
        ...(limits.memory ? [] : [`${where}: no memory limit`]),
      ];
      if (requests.memory && limits.memory && memoryBytes(limits.memory) < memoryBytes(requests.memory)) {
        problems.push(`${where}: memory limit ${limits.memory} below its request ${requests.memory}`);
      }
      return problems;
    }),
  );
}

/**
 * KEDA scales the worker on the length of BullMQ's wait list of every queue it consumes, named with
 * the deployment's QUEUE_PREFIX: a queue without a trigger could back up without adding a worker.
 */
export function kedaProblems(
  objects: KubeObject[],
  queuePrefix: string,
  queues: readonly string[],
): string[] {
  const scaledObject = objects.find((object) => object.kind === 'ScaledObject');
  if (!scaledObject) {
    return ['no ScaledObject'];
  }
  const spec = scaledObject.spec as {
    scaleTargetRef: { name: string; kind?: string };
    minReplicaCount?: number;
    triggers: Array<{ type: string; metadata: Record<string, string> }>;
  };
  const problems: string[] = [];
  if (spec.scaleTargetRef.name !== 'worker' || (spec.scaleTargetRef.kind ?? 'Deployment') !== 'Deployment') {
    problems.push(`${objectLabel(scaledObject)} does not target Deployment/worker`);
  }
  if ((spec.minReplicaCount ?? 0) < 1) {
    problems.push(`${objectLabel(scaledObject)} may scale the worker to zero: scheduled jobs would stop`);
  }
  const lists = spec.triggers
    .filter((trigger) => trigger.type === 'redis')
    .map((trigger) => trigger.metadata.listName ?? '');
  const expected = queues.map((queue) => `${queuePrefix}:${queue}:wait`);
  for (const list of expected.filter((name) => !lists.includes(name))) {
    problems.push(`${objectLabel(scaledObject)} has no trigger on ${list}`);
  }
  for (const list of lists.filter((name) => !expected.includes(name))) {
    problems.push(`${objectLabel(scaledObject)} watches ${list}, which no worker queue fills`);
  }
  return problems;
}

interface ComposeService {
  stop_grace_period?: string;
}

/** docker compose stops a container after its stop_grace_period (10 s by default), as the grace period. */
export function composeGraceProblems(
  compose: Record<string, unknown>,
  options: { drainMs: number; longestJobMs: number },
): string[] {
  const services = (compose as { services: Record<string, ComposeService> }).services;
  const needed: Record<string, number> = {
    api: options.drainMs / 1000 + SHUTDOWN_MARGIN_SECONDS,
    worker: options.longestJobMs / 1000 + SHUTDOWN_MARGIN_SECONDS,
  };
  return Object.entries(needed).flatMap(([name, seconds]) => {
    const grace = durationSeconds(services[name]?.stop_grace_period ?? '10s');
    return grace >= seconds ? [] : [`compose ${name} stop_grace_period ${grace}s < ${seconds}s`];
  });
}
