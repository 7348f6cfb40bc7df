import { findObject, kubernetesFiles, objectLabel, type KubeObject } from './deployment-files';
import { kubernetesSchemaProblems } from './kubernetes-schema';

const files = kubernetesFiles();

describe('infra/k8s against the Kubernetes API schemas (strict)', () => {
  it('renders every object kubectl apply -k would send', () => {
    const rendered = [...files.app, ...files.migrate].map(objectLabel);
    expect(rendered).toEqual(
      expect.arrayContaining([
        'Namespace/datebook',
        'ConfigMap/datebook-config',
        'Deployment/api',
        'Deployment/worker',
        'Deployment/web',
        'Service/api',
        'Service/web',
        'HorizontalPodAutoscaler/api',
        'PodDisruptionBudget/api',
        'PodDisruptionBudget/worker',
        'PodDisruptionBudget/web',
        'Ingress/datebook',
        'Ingress/datebook-realtime',
        'Job/migrate',
      ]),
    );
  });

  it('validates the app, the migrate Job, the Secret template and the KEDA objects', () => {
    const objects = [...files.app, ...files.migrate, ...files.secretTemplate, ...files.optional];
    expect(kubernetesSchemaProblems(objects)).toEqual([]);
    process.stdout.write(`kubernetes schema: ${objects.length} objects valid\n`);
  });

  it('rejects an unknown field, a wrong type and an unknown KEDA trigger field', () => {
    const api = structuredClone(findObject(files.app, 'Deployment', 'api'));
    const container = (api.spec as { template: { spec: { containers: Array<Record<string, unknown>> } } })
      .template.spec.containers[0]!;
    container.livenessProbes = container.livenessProbe;
    const hpa = structuredClone(findObject(files.app, 'HorizontalPodAutoscaler', 'api'));
    (hpa.spec as Record<string, unknown>).minReplicas = '2';
    const scaledObject = structuredClone(findObject(files.optional, 'ScaledObject', 'worker'));
    const triggers = (scaledObject.spec as { triggers: Array<Record<string, unknown>> }).triggers;
    triggers[0]!.listName = 'datebook:media:wait';

    const problems = kubernetesSchemaProblems([api, hpa, scaledObject] satisfies KubeObject[]);

    expect(problems).toEqual([
      expect.stringMatching(/^Deployment\/api .*'"livenessProbes"' does not exist in type 'IContainer'/),
      expect.stringMatching(/^HorizontalPodAutoscaler\/api .*"minReplicas".*'string' is not assignable/),
      expect.stringMatching(/^ScaledObject\/worker .*'"listName"' does not exist/),
    ]);
  });
});
