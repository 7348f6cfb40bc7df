import { envSchema, loadConfig } from '@datebook/server';
import { kubernetesFiles, readCompose } from './deployment-files';
import {
  composeEnvironment,
  kubernetesSettings,
  missingSettings,
  NON_APP_SECRET_KEYS,
  OPTIONAL_SETTINGS,
  requiredSettings,
  SETTING_KEYS,
  unknownSettings,
  WORKER_ONLY_SETTINGS,
} from './settings-coverage';

const compose = readCompose();
const files = kubernetesFiles();
const { configMap, secret } = kubernetesSettings(files);
const api = composeEnvironment(compose, 'api');
const worker = composeEnvironment(compose, 'worker');
const migrate = composeEnvironment(compose, 'migrate');
const apiRequired = requiredSettings().filter((key) => !WORKER_ONLY_SETTINGS.includes(key));

describe('settings of docker-compose.yml and infra/k8s against config.schema.ts', () => {
  it('lists as optional only settings the schema has', () => {
    expect(unknownSettings(Object.keys(OPTIONAL_SETTINGS))).toEqual([]);
    expect(unknownSettings(WORKER_ONLY_SETTINGS)).toEqual([]);
  });

  it('writes out every setting production needs, in compose api and worker', () => {
    expect(missingSettings(Object.keys(api), apiRequired)).toEqual([]);
    expect(missingSettings(Object.keys(worker))).toEqual([]);
    process.stdout.write(
      `settings: ${SETTING_KEYS.length} in the schema, ${requiredSettings().length} required, ` +
        `${Object.keys(OPTIONAL_SETTINGS).length} optional\n`,
    );
  });

  it('writes out every setting production needs, in the ConfigMap or the Secret', () => {
    expect(missingSettings([...Object.keys(configMap), ...Object.keys(secret)])).toEqual([]);
  });

  it('uses no key the schema does not know', () => {
    expect(unknownSettings(Object.keys(api))).toEqual([]);
    expect(unknownSettings(Object.keys(worker))).toEqual([]);
    expect(unknownSettings(Object.keys(migrate))).toEqual([]);
    expect(unknownSettings(Object.keys(configMap))).toEqual([]);
    expect(unknownSettings(Object.keys(secret), Object.keys(NON_APP_SECRET_KEYS))).toEqual([]);
  });

  it('keeps each key in one place: nothing in both the ConfigMap and the Secret', () => {
    expect(Object.keys(configMap).filter((key) => key in secret)).toEqual([]);
  });

  it('parses: compose as a whole production configuration, the ConfigMap value by value', () => {
    expect(() => loadConfig(api)).not.toThrow();
    expect(() => loadConfig(worker)).not.toThrow();
    expect(loadConfig(api).env).toBe('production');
    // The Secret holds placeholders; the ConfigMap's values must each be valid as they are.
    const shape = envSchema.shape as Record<string, (typeof envSchema.shape)[keyof typeof envSchema.shape]>;
    const invalid = Object.entries(configMap)
      .filter(([key, value]) => shape[key]?.safeParse(value).success !== true)
      .map(([key, value]) => `${key}=${value}`);
    expect(invalid).toEqual([]);
  });

  it('has every Secret key the KEDA TriggerAuthentication reads', () => {
    const references = files.optional
      .filter((object) => object.kind === 'TriggerAuthentication')
      .flatMap(
        (object) =>
          (object.spec as { secretTargetRef: Array<{ name: string; key: string }> }).secretTargetRef,
      )
      .filter((reference) => reference.name === 'datebook-secrets')
      .map((reference) => reference.key);
    expect(references.length).toBeGreaterThan(0);
    expect(references.filter((key) => !(key in secret))).toEqual([]);
  });

  it('finds a missing required setting and an unknown key', () => {
    const { TRUST_PROXY: _dropped, ...withoutTrustProxy } = api;
    expect(missingSettings(Object.keys(withoutTrustProxy), apiRequired)).toEqual(['TRUST_PROXY']);
    expect(unknownSettings([...Object.keys(configMap), 'S3_BUCKET_NAME'])).toEqual(['S3_BUCKET_NAME']);
  });
});
