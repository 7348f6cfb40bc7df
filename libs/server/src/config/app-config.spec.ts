import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';
import { envSchema } from './config.schema';

describe('loadConfig', () => {
  it('runs a development machine on defaults alone', () => {
    const config = loadConfig({});
    expect(config.http.port).toBe(3000);
    expect(config.db.url).toBe('postgres://postgres@127.0.0.1:5432/datebook');
    expect(config.s3).toMatchObject({ bucket: 'media', forcePathStyle: true });
    expect(config.gate.accessCodes).toEqual(['datebook-dev']);
  });

  it('parses numbers, booleans and lists, and treats empty values as unset', () => {
    const config = loadConfig({ PORT: '8080', SMTP_SECURE: 'true', ACCESS_CODES: ' a , b,,', LOG_LEVEL: '' });
    expect(config.http.port).toBe(8080);
    expect(config.mail.secure).toBe(true);
    expect(config.gate.accessCodes).toEqual(['a', 'b']);
    expect(config.log.level).toBe('info');
  });

  it('reports every bad value at once, one line each', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SMTP_SECURE: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'SMTP_SECURE']),
    );
    expect((error as ConfigError).message).toContain('\n  - PORT:');
  });

  it('refuses the public development secrets in production, naming each', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
      'ACCESS_CODES',
      'AUTH_MFA_ENCRYPTION_KEY',
      'AUTH_JWT_PRIVATE_KEY',
    ]);
    const production = loadConfig({
      NODE_ENV: 'production',
      ACCESS_CODES: 'secret-1',
      AUTH_MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      AUTH_JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIG\\n-----END PRIVATE KEY-----',
    });
    expect(production.gate.accessCodes).toEqual(['secret-1']);
    expect(production.auth.jwtPrivateKey).toBe('-----BEGIN PRIVATE KEY-----\nMIG\n-----END PRIVATE KEY-----');
  });

  it("keeps the worker's port on loopback and /metrics to private addresses unless told otherwise", () => {
    expect(loadConfig({}).http).toMatchObject({
      workerHost: '127.0.0.1',
      metricsAllowFrom: ['loopback', 'uniquelocal'],
    });
    expect(
      loadConfig({ WORKER_HTTP_HOST: '0.0.0.0', METRICS_ALLOW_FROM: '10.0.0.0/8, ::1' }).http,
    ).toMatchObject({
      workerHost: '0.0.0.0',
      metricsAllowFrom: ['10.0.0.0/8', '::1'],
    });
  });

  it('refuses a /metrics allow-list entry that is no address, naming it', () => {
    expect(() => loadConfig({ METRICS_ALLOW_FROM: 'loopback,prometheus.local' })).toThrow(
      'METRICS_ALLOW_FROM: "prometheus.local" is not an address',
    );
  });

  it('strips trailing slashes from public URLs', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://datebook.app/',
      S3_PUBLIC_URL: 'https://cdn.datebook.app/media/',
    });
    expect(config.app.publicUrl).toBe('https://datebook.app');
    expect(config.s3.publicUrl).toBe('https://cdn.datebook.app/media');
  });
});

describe('.env.example', () => {
  const example = readFileSync(join(__dirname, '..', '..', '..', '..', '.env.example'), 'utf8');
  const entries = new Map(
    example
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line.trim()))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => [match[1]!, match[2]!] as const),
  );

  it('lists every setting with the default the app really uses', () => {
    const keys = Object.keys(envSchema.shape);
    const defaults = envSchema.parse({});
    for (const key of keys) {
      expect(entries.has(key)).toBe(true);
      const value: unknown = defaults[key as keyof typeof defaults];
      const rendered = Array.isArray(value) ? value.join(',') : String(value);
      expect(`${key}=${entries.get(key)}`).toBe(`${key}=${rendered}`);
    }
  });

  it('parses as a valid configuration', () => {
    expect(() => loadConfig(Object.fromEntries(entries))).not.toThrow();
  });
});
