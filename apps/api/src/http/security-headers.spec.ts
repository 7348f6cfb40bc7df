import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@datebook/server';
import { securityHeaders } from './security-headers';
import { webAppContentSecurityPolicy } from './content-security-policy';

const PRODUCTION = {
  NODE_ENV: 'production',
  ACCESS_CODES: 'secret-1',
  AUTH_MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  AUTH_JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIG\\n-----END PRIVATE KEY-----',
};

describe('securityHeaders', () => {
  const config = loadConfig({});
  const headersFor = securityHeaders(config);

  it('gives pages the web app policy and the framing, sniffing and referrer rules', () => {
    expect(headersFor('/explore', 'text/html; charset=UTF-8')).toEqual({
      'content-security-policy': webAppContentSecurityPolicy(config),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
    });
  });

  it('gives everything that is not a page a policy that allows nothing', () => {
    for (const [path, type] of [
      ['/api/posts', 'application/json; charset=utf-8'],
      ['/assets/app-1a2b.js', 'text/javascript; charset=utf-8'],
      ['/api/docs/swagger-ui-init.js', 'application/javascript'],
      ['/metrics', undefined],
    ] as const) {
      expect(headersFor(path, type)).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
      });
    }
  });

  it('gives the service worker the web app policy it fetches the precache under', () => {
    expect(headersFor('/sw.js', 'text/javascript; charset=utf-8')['content-security-policy']).toBe(
      webAppContentSecurityPolicy(config),
    );
    expect(headersFor('/assets/sw.js', 'text/javascript')['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('lets the api docs page keep its inline styles, and nothing else', () => {
    expect(headersFor('/api/docs', 'text/html')['content-security-policy']).toBe(
      "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; " +
        "base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('asks for HTTPS only in production', () => {
    expect(headersFor('/', 'text/html')['strict-transport-security']).toBeUndefined();
    expect(securityHeaders(loadConfig(PRODUCTION))('/', 'text/html')['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});

describe('the web image (nginx)', () => {
  /** The headers the image's template adds, rendered with the environment docker-compose.yml gives it. */
  function nginxHeaders(environment: Record<string, string>): Record<string, string> {
    const template = readFileSync(
      join(__dirname, '..', '..', '..', 'web', 'nginx.security-headers.inc.template'),
      'utf8',
    );
    const rendered = template.replace(/\$\{([A-Z_]+)\}/g, (_match, name: string) => environment[name] ?? '');
    return Object.fromEntries(
      [...rendered.matchAll(/^add_header (\S+) (?:"([^"]*)"|(\S+)) always;$/gm)].map((match) => [
        match[1]!.toLowerCase(),
        match[2] ?? match[3]!,
      ]),
    );
  }

  it('sends what the api sends for the same deployment (docker compose)', () => {
    const compose = loadConfig({
      ...PRODUCTION,
      PUBLIC_URL: 'http://localhost:8080',
      S3_ENDPOINT: 'http://minio:9000',
      S3_PRESIGN_ENDPOINT: 'http://localhost:9000',
      S3_PUBLIC_URL: 'http://localhost:9000/media',
    });
    expect(
      nginxHeaders({ MEDIA_ORIGINS: 'http://localhost:9000', SOCKET_ORIGIN: 'ws://localhost:8080' }),
    ).toEqual(securityHeaders(compose)('/', 'text/html'));
  });
});
