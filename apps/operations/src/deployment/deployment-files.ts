import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** The repository root, where infra/ and docker-compose.yml live. */
export const REPO_ROOT = resolve(__dirname, '../../../..');

/** A Kubernetes object as it is applied: only the fields every object has are typed. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

/** `Deployment/api`, for messages. */
export const objectLabel = (object: KubeObject): string => `${object.kind}/${object.metadata.name}`;

function parseObjects(text: string, source: string): KubeObject[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) {
        throw new Error(`${source}: ${document.errors.map((error) => error.message).join('; ')}`);
      }
      return document.toJS() as KubeObject | null;
    })
    .filter((object): object is KubeObject => object !== null);
}

/**
 * The objects `kubectl apply -k <dir>` would send: kustomize renders offline, and its output (names,
 * namespace, labels and images filled in) is what the cluster validates, not the files as written.
 */
export function renderKustomization(dir: string): KubeObject[] {
  const output = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  return parseObjects(output, `kubectl kustomize ${dir}`);
}

/** The objects of one manifest file that no kustomization includes (applied with `kubectl apply -f`). */
export function readManifest(file: string): KubeObject[] {
  return parseObjects(readFileSync(file, 'utf8'), file);
}

/** The application (infra/k8s), the migrate Job (infra/k8s/migrate) and the files applied by hand. */
export interface KubernetesFiles {
  app: KubeObject[];
  migrate: KubeObject[];
  secretTemplate: KubeObject[];
  optional: KubeObject[];
}

export function kubernetesFiles(k8sDir = join(REPO_ROOT, 'infra/k8s')): KubernetesFiles {
  return {
    app: renderKustomization(k8sDir),
    migrate: renderKustomization(join(k8sDir, 'migrate')),
    secretTemplate: readManifest(join(k8sDir, 'secret.template.yaml')),
    optional: readManifest(join(k8sDir, 'optional/worker-scaledobject.yaml')),
  };
}

/** docker-compose.yml with its YAML merge keys (`<<: *app-env`) resolved, as compose reads it. */
export function readCompose(file = join(REPO_ROOT, 'docker-compose.yml')): Record<string, unknown> {
  return parse(readFileSync(file, 'utf8'), { merge: true }) as Record<string, unknown>;
}

export function findObject(objects: KubeObject[], kind: string, name: string): KubeObject {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) {
    throw new Error(`${kind}/${name} is missing`);
  }
  return found;
}
